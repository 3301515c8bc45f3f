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
 */
public record ChunkSource(String name, String driver, List<String> tables, SortedSet<Integer> chunks, String sql,
                          RowSchema schema, String what) {
}
