package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * A permanent user function ({@code CREATE FUNCTION f AS 'class' USING JAR 'path'}): a Hive UDF or
 * GenericUDF class, found in the listed jars, that queries call by name. Like tables and views, a
 * function of database {@code db} is named {@code db.f} in the catalog, one of {@code default} plain
 * {@code f} ({@link Names#qualify}). The jars are referenced, not copied: a path on this machine or
 * any Hadoop file system URI, read when a query first calls the function in a process.
 *
 * @param name      lower-case function name, qualified as tables are
 * @param className the fully qualified name of the UDF or GenericUDF class
 * @param jars      the jars the class and what it needs are loaded from, in order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FunctionInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("class") String className,
        @JsonProperty("jar") List<String> jars) {

    public FunctionInfo {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A function has no name");
        }
        name = Names.normalize(name);
        if (className == null || className.isBlank()) {
            throw new CatalogException("Function '" + name + "' has no class");
        }
        className = className.trim();
        jars = jars == null ? List.of() : List.copyOf(jars);
        for (String jar : jars) {
            if (jar == null || jar.isBlank()) {
                throw new CatalogException("Function '" + name + "' lists an empty jar path");
            }
        }
    }
}
