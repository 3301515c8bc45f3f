package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;

/**
 * Column statistics gathered after a load (from the nodes' {@code ANALYZE}), used by the planner.
 *
 * @param column   column name
 * @param distinct estimated distinct values over the whole table (-1 if unknown)
 * @param nullFraction fraction of NULLs (0..1)
 * @param avgWidth average stored width in bytes (-1 if unknown)
 * @param min      smallest value as text, null if unknown
 * @param max      largest value as text, null if unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ColumnStats(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("column") String column,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("distinct") long distinct,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("nullFraction") double nullFraction,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("avgWidth") int avgWidth,
        @JsonProperty("min") String min,
        @JsonProperty("max") String max) {
}
