package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;

/**
 * One chunk of a table: the unit of work. It is a table in the database of its primary node, with
 * identical copies on the replica nodes.
 *
 * @param index    0-based chunk number within the table's partitioning scheme
 * @param schema   PostgreSQL schema of the chunk table (same on every copy)
 * @param table    PostgreSQL table name of the chunk (same on every copy)
 * @param primary  the node id read first
 * @param replicas node ids holding copies, in failover order
 * @param rows     rows in the chunk
 * @param bytes    size on disk (table plus indexes) of one copy
 */
public record ChunkInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("index") int index,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("schema") String schema,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("table") String table,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("primary") String primary,
        @JsonProperty("replica") List<String> replicas,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("rows") long rows,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("bytes") long bytes) {

    public ChunkInfo {
        if (index < 0) {
            throw new CatalogException("Chunk index must not be negative, got " + index);
        }
        if (schema == null || table == null) {
            throw new CatalogException("Chunk " + index + " has no physical schema/table name");
        }
        if (primary == null || primary.isBlank()) {
            throw new CatalogException("Chunk " + index + " has no primary node");
        }
        replicas = replicas == null ? List.of() : List.copyOf(replicas);
    }

    /** The primary first, then the replicas: the order in which task attempts try them. */
    public List<String> nodes() {
        List<String> all = new ArrayList<>(replicas.size() + 1);
        all.add(primary);
        all.addAll(replicas);
        return all;
    }

    /** The fully qualified, quoted PostgreSQL name of the chunk table. */
    public String qualifiedName() {
        return quote(schema) + "." + quote(table);
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
