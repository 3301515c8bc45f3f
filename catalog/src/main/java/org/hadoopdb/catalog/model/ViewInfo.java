package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * A view: a named query, expanded where a query names it. The catalog keeps the query as the user
 * wrote it (Hive's "original text") and the columns it had when the view was created or altered,
 * which queries on the view see and check the expansion against.
 *
 * @param name    lower-case view name (tables and views share one name space)
 * @param columns the view's columns, in order, with their types and comments
 * @param query   the HiveQL {@code SELECT} text of the definition
 * @param comment the view's comment, or null
 * @param namedColumns true when the view was declared with a column list ({@code CREATE VIEW v (a, b) AS …}):
 *                the query's columns then map to the view's by position; otherwise by name
 * @param queryDatabase the database the query's unqualified table names are found in (the session's
 *                current database when the view was defined); null for the view's own database
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ViewInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JsonProperty("column") List<ColumnInfo> columns,
        @JsonProperty("query") String query,
        @JsonProperty("comment") String comment,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("namedColumns") boolean namedColumns,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("queryDatabase") String queryDatabase) {

    public ViewInfo {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A view has no name");
        }
        name = Names.normalize(name);
        columns = columns == null ? List.of() : List.copyOf(columns);
        if (query == null || query.isBlank()) {
            throw new CatalogException("View '" + name + "' has no query");
        }
        queryDatabase = queryDatabase == null || Names.normalize(queryDatabase).equals(Names.databaseOf(name))
                ? null : Names.normalize(queryDatabase);
    }

    /** A view whose query's unqualified names are found in the view's own database. */
    public ViewInfo(String name, List<ColumnInfo> columns, String query, String comment, boolean namedColumns) {
        this(name, columns, query, comment, namedColumns, null);
    }

    /** A view defined in database {@code currentDatabase}: its query's unqualified names are found there. */
    public static ViewInfo defined(String name, List<ColumnInfo> columns, String query, String comment, boolean namedColumns,
                                   String currentDatabase) {
        return new ViewInfo(name, columns, query, comment, namedColumns, currentDatabase);
    }

    /** The database this view's query's unqualified table names are found in. */
    @JsonIgnore
    public String resolvedIn() {
        return queryDatabase != null ? queryDatabase : Names.databaseOf(name);
    }

    /** The same view under another name ({@code ALTER VIEW … RENAME TO}). */
    public ViewInfo renamed(String newName) {
        // the query keeps finding its names where it did, whichever database the view moves to
        return new ViewInfo(newName, columns, query, comment, namedColumns, resolvedIn());
    }

    @JsonIgnore
    public List<String> columnNames() {
        return columns.stream().map(ColumnInfo::name).toList();
    }
}
