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
 * @param functionJars the jars of the user functions the stages call, as written ({@code ADD JAR}, {@code USING
 *                 JAR}): what a job on a cluster ships to its tasks besides Hive's jars; null when the plan
 *                 calls no user function (empty when it calls only classes of Hive's own jar)
 */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record QueryPlan(List<Stage> stages, Result result, RowSchema schema, boolean ordered, List<String> notes,
                        List<String> functionJars) {

    public QueryPlan {
        functionJars = functionJars == null ? null : List.copyOf(functionJars);
    }

    /** A plan that calls no user function. */
    public QueryPlan(List<Stage> stages, Result result, RowSchema schema, boolean ordered, List<String> notes) {
        this(stages, result, schema, ordered, notes, null);
    }

    /** Whether a stage calls a user function (its jars may be none: the class may be one of Hive's). */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean callsUserFunctions() {
        return functionJars != null;
    }

    /** This plan, calling user functions from {@code jars} (null when it calls none). */
    public QueryPlan withFunctionJars(List<String> jars) {
        if (jars == null) {
            return this;
        }
        return new QueryPlan(stages, result, schema, ordered, notes, jars);
    }

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
