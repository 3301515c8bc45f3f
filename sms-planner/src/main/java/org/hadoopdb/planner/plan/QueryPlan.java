package org.hadoopdb.planner.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.hadoopdb.connector.row.RowSchema;

/**
 * The executable plan of a query: MapReduce stages (possibly none) and where the result comes from.
 *
 * @param stages   the jobs, in execution order
 * @param result   the final stage whose output is the result, or the chunk source read directly
 *                 (Hive's fetch task: a map-only query small enough to stream without a job)
 * @param schema   result columns, with the names the user sees
 * @param ordered  true when the result rows come in the query's ORDER BY order
 * @param notes    what stayed in MapReduce and why, for EXPLAIN
 */
public record QueryPlan(List<Stage> stages, Result result, RowSchema schema, boolean ordered, List<String> notes) {

    /** Where the rows of the result are read from. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "from")
    @JsonSubTypes({@JsonSubTypes.Type(value = FromStage.class, name = "stage"),
            @JsonSubTypes.Type(value = Direct.class, name = "direct")})
    public sealed interface Result permits FromStage, Direct {
    }

    /** The output files of a stage, read in part order. */
    public record FromStage(int stage) implements Result {
    }

    /** Chunk results streamed straight from the node databases. */
    public record Direct(ChunkSource source) implements Result {
    }
}
