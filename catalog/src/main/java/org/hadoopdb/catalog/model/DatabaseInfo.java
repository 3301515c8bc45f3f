package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * A database ({@code CREATE DATABASE}): a name space of tables and views. The database {@code
 * default} always exists and is not listed in the catalog; a table {@code t} of database {@code d}
 * is recorded under the name {@code d.t} ({@link Names#qualify}).
 *
 * @param name       lower-case database name, without a dot
 * @param comment    the database's comment, or null
 * @param location   the location given at creation ({@code LOCATION}), kept for {@code DESCRIBE
 *                   DATABASE}: a database's tables live in the node databases, not under it
 * @param properties {@code WITH DBPROPERTIES}, in declaration order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DatabaseInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JsonProperty("comment") String comment,
        @JsonProperty("location") String location,
        @JsonProperty("property") List<Property> properties) {

    public DatabaseInfo {
        name = Names.normalize(name);
        if (name.indexOf('.') >= 0) {
            throw new CatalogException("Database name '" + name + "' must not contain a dot");
        }
        properties = properties == null ? List.of() : List.copyOf(properties);
    }

    /** The database {@code default}, which every catalog has. */
    public static final DatabaseInfo DEFAULT = new DatabaseInfo(Names.DEFAULT_DATABASE, "Default Hive database", null, List.of());
}
