package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import org.hadoopdb.catalog.CatalogException;

/** A table property ({@code TBLPROPERTIES}), kept in declaration order. */
public record Property(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("value") String value) {

    public Property {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A table property has no name");
        }
        if (value == null) {
            value = "";
        }
    }
}
