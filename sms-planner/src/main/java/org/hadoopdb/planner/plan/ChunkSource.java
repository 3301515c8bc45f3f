package org.hadoopdb.planner.plan;

import java.util.List;
import java.util.SortedSet;
import org.hadoopdb.connector.row.RowSchema;

/**
 * One SQL statement run on every chunk (the pushed part of a plan).
 *
 * @param name     source name within its job (several sources can feed one stage)
 * @param driver   the chunked table whose chunks define the splits (or a replicated table read once)
 * @param tables   every logical table the SQL names (co-located or replicated with the driver)
 * @param chunks   the chunk indexes to read, or null for all (pruned by {@code key = literal})
 * @param sql      the statement, naming the logical tables; each chunk binds them to its own tables
 * @param schema   the rows it returns, exactly
 * @param what     one line for EXPLAIN: what runs inside the databases
 * @param keys     the join keys of earlier stages that filter the statement when those stages have run (often none)
 */
public record ChunkSource(String name, String driver, List<String> tables, SortedSet<Integer> chunks, String sql,
                          RowSchema schema, String what, List<KeyFilter> keys) {

    public ChunkSource {
        keys = keys == null ? List.of() : List.copyOf(keys);
    }

    public ChunkSource(String name, String driver, List<String> tables, SortedSet<Integer> chunks, String sql,
                       RowSchema schema, String what) {
        this(name, driver, tables, chunks, sql, schema, what, List.of());
    }

    /** This source, filtered by {@code filter} too at run time. */
    public ChunkSource withKeys(KeyFilter filter) {
        List<KeyFilter> more = new java.util.ArrayList<>(keys);
        more.add(filter);
        return new ChunkSource(name, driver, tables, chunks, sql, schema, what, more);
    }

    /** This source running {@code statement} instead, with no key filter left to apply. */
    public ChunkSource running(String statement) {
        return new ChunkSource(name, driver, tables, chunks, statement, schema, what, List.of());
    }
}
