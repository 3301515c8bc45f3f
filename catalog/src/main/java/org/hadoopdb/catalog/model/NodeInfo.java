package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import org.hadoopdb.catalog.CatalogException;

/**
 * A worker node: one PostgreSQL database holding chunks.
 *
 * @param id         stable name, e.g. {@code node1}; chunks refer to nodes by it
 * @param host       the host name Hadoop uses for locality (where map tasks should run)
 * @param jdbcUrl    the node database, e.g. {@code jdbc:postgresql://worker3:5432/hadoopdb}
 * @param user       database user
 * @param credential where the password comes from (never the password itself)
 * @param embedded   true for a node whose PostgreSQL server HadoopDB runs itself from the home
 */
public record NodeInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("id") String id,
        @JsonProperty("host") String host,
        @JsonProperty("jdbcUrl") String jdbcUrl,
        @JsonProperty("user") String user,
        @JsonProperty("credential") CredentialRef credential,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("embedded") boolean embedded) {

    public NodeInfo {
        if (id == null || id.isBlank()) {
            throw new CatalogException("A node has no id");
        }
        if (host == null || host.isBlank()) {
            throw new CatalogException("Node '" + id + "' has no host");
        }
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new CatalogException("Node '" + id + "' needs a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '" + jdbcUrl + "'");
        }
        if (user == null || user.isBlank()) {
            throw new CatalogException("Node '" + id + "' has no database user");
        }
        if (credential == null) {
            credential = CredentialRef.NONE;
        }
    }
}
