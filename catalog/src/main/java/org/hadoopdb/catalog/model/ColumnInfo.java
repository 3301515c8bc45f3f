package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * One column of a table: its (lower-case) name, HiveQL type and optional comment.
 * All HiveQL columns are nullable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ColumnInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("type") HiveType type,
        @JsonProperty("comment") String comment) {

    public ColumnInfo {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A column has no name");
        }
        name = Names.normalize(name);
        if (type == null) {
            throw new CatalogException("Column '" + name + "' has no type");
        }
    }

    public ColumnInfo(String name, HiveType type) {
        this(name, type, null);
    }
}
