package org.hadoopdb.connector.chunk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * PostgreSQL's estimate of one chunk statement's result, read from its {@code EXPLAIN (VERBOSE, FORMAT JSON)}.
 *
 * @param rows                 the rows it returns
 * @param rowWidth             their average width in bytes
 * @param groupsOnExpressions  the rows are the groups of a GROUP BY on an expression (not only columns). Without
 *                             statistics on the expression PostgreSQL counts the distinct values of the columns
 *                             under it, which only bounds the groups from above: {@code GROUP BY SUBSTR(sourceip, 1,
 *                             7)} is estimated at a million groups per chunk of UserVisits and has about a thousand
 */
public record ChunkEstimate(double rows, double rowWidth, boolean groupsOnExpressions) {
    /** Plan nodes that pass their one input's rows through: the aggregate below them decides the count. */
    private static final Set<String> PASS_THROUGH = Set.of("Sort", "Incremental Sort", "Result", "Subquery Scan");
    /** A group key that is a column: {@code name}, {@code alias.name}, either part quoted. */
    private static final Pattern COLUMN = Pattern.compile("(?:(?:\"(?:[^\"]|\"\")+\"|[\\p{L}_][\\p{L}\\p{N}_$]*)\\.)*"
            + "(?:\"(?:[^\"]|\"\")+\"|[\\p{L}_][\\p{L}\\p{N}_$]*)");

    /** The estimate in the {@code "Plan"} object of PostgreSQL's JSON {@code EXPLAIN} output. */
    public static ChunkEstimate of(JsonNode plan) {
        return new ChunkEstimate(plan.get("Plan Rows").asDouble(), plan.get("Plan Width").asDouble(), groupsOnExpressions(plan));
    }

    private static boolean groupsOnExpressions(JsonNode plan) {
        JsonNode node = plan;
        while (PASS_THROUGH.contains(node.path("Node Type").asText()) && node.path("Plans").size() == 1) {
            node = node.path("Plans").get(0);
        }
        if (!"Aggregate".equals(node.path("Node Type").asText())) {
            return false;
        }
        for (JsonNode key : node.path("Group Key")) {
            if (!COLUMN.matcher(key.asText()).matches()) {
                return true;
            }
        }
        return false;
    }
}
