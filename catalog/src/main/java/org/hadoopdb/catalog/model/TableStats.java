package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.List;
import java.util.Optional;

/**
 * Whole-table statistics: rows and bytes (one copy, all chunks) and optional per-column statistics.
 */
public record TableStats(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("rows") long rows,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("bytes") long bytes,
        @JsonProperty("column") List<ColumnStats> columns) {

    public static final TableStats EMPTY = new TableStats(0, 0, List.of());

    public TableStats {
        columns = columns == null ? List.of() : List.copyOf(columns);
    }

    public Optional<ColumnStats> column(String name) {
        return columns.stream().filter(c -> c.column().equalsIgnoreCase(name)).findFirst();
    }
}
