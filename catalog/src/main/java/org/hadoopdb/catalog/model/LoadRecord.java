package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import org.hadoopdb.catalog.CatalogException;

/**
 * One published load of a table ({@code LOAD DATA}, {@code INSERT}, {@code CREATE TABLE … AS SELECT}), kept in
 * the catalog version that published it, so the history of loads with their rejects is as durable and as
 * consistent as the tables (the web console shows it).
 *
 * @param table        the table's catalog name
 * @param generation   the generation the load published
 * @param finishedAt   ISO-8601 instant the load was published
 * @param overwrite    whether it replaced the table's rows (or partitions) rather than appending
 * @param recordsRead  input records read (text lines, or rows of the query)
 * @param rowsLoaded   rows it added to the table
 * @param rowsRejected records it rejected (see the load's reject file)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadRecord(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("table") String table,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("generation") long generation,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("finishedAt") String finishedAt,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("overwrite") boolean overwrite,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("recordsRead") long recordsRead,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("rowsLoaded") long rowsLoaded,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("rowsRejected") long rowsRejected) {

    public LoadRecord {
        if (table == null || table.isBlank()) {
            throw new CatalogException("A load record names no table");
        }
    }
}
