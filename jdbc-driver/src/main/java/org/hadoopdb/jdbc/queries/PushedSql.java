package org.hadoopdb.jdbc.queries;

import java.util.List;
import java.util.Map;

/**
 * One SQL statement a query pushed into the node databases, as its plan says: it runs on each of
 * the listed chunks, in the database of the node holding the chunk (a replica's when that node
 * fails).
 *
 * @param stage        the stage whose map tasks run it, or 0 when the server reads its rows directly
 *                     (no MapReduce job)
 * @param source       the input's name within its stage
 * @param table        the table whose chunks it runs on, or null when it runs once, on one node
 * @param chunksByNode the chunk indexes it runs on, by the node holding each chunk's primary copy,
 *                     when the plan was made (empty when {@code table} is null)
 * @param sql          the statement, naming the logical tables; each chunk binds them to its own tables
 */
public record PushedSql(int stage, String source, String table, Map<String, List<Integer>> chunksByNode, String sql) {
    public PushedSql {
        chunksByNode = chunksByNode == null ? Map.of() : chunksByNode;
    }

    /** How many chunks it runs on. */
    public int chunkCount() {
        return chunksByNode.values().stream().mapToInt(List::size).sum();
    }
}
