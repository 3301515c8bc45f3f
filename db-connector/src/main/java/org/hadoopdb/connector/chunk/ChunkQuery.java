package org.hadoopdb.connector.chunk;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.row.RowSchema;

/**
 * One SQL statement to run on every chunk of a table. The statement names logical tables only
 * ({@code SELECT url, contents FROM documents}); each chunk binds those names to its own tables.
 *
 * @param tables the tables the statement reads: the first one's chunks define the splits; the others
 *               must be co-located with it or replicated. Empty for a statement that reads no table
 *               (run once, on any node).
 * @param sql    the statement
 * @param schema the rows it returns, or null to take them from the statement's result columns
 * @param chunks the chunk numbers to read, or null for all (e.g. pruned by {@code key = literal})
 */
public record ChunkQuery(List<String> tables, String sql, RowSchema schema, SortedSet<Integer> chunks) {
    public ChunkQuery {
        if (sql == null || sql.isBlank()) {
            throw new ConnectorException("A chunk query needs SQL");
        }
        List<String> normalized = new ArrayList<>();
        for (String t : tables == null ? List.<String>of() : tables) {
            String n = Names.normalize(t);
            if (!normalized.contains(n)) {
                normalized.add(n);
            }
        }
        tables = List.copyOf(normalized);
        chunks = chunks == null ? null : java.util.Collections.unmodifiableSortedSet(new TreeSet<>(chunks));
    }

    /** A statement over {@code tables} (driving table first), every chunk, result columns as the SQL says. */
    public static ChunkQuery of(String sql, String... tables) {
        return new ChunkQuery(Arrays.asList(tables), sql, null, null);
    }

    public ChunkQuery withSchema(RowSchema rowSchema) {
        return new ChunkQuery(tables, sql, rowSchema, chunks);
    }

    public ChunkQuery withChunks(SortedSet<Integer> only) {
        return new ChunkQuery(tables, sql, schema, only);
    }

    /** The table whose chunks define the splits, or null when the statement reads no table. */
    public String driver() {
        return tables.isEmpty() ? null : tables.get(0);
    }
}
