package org.hadoopdb.planner.plan;

import java.util.List;
import org.hadoopdb.connector.row.RowSchema;

/**
 * One MapReduce job of a query plan.
 *
 * @param id        stage number (stages run in id order; later stages read earlier ones' output)
 * @param inputs    what the map tasks read (all inputs produce rows of the same schema after their map operators)
 * @param shuffle   the repartition, or null for a map-only stage
 * @param reduceOps operators applied in the reduce tasks, in order
 * @param output    the schema of the rows the stage writes
 */
public record Stage(int id, List<StageInput> inputs, Shuffle shuffle, List<OperatorSpec> reduceOps, RowSchema output) {

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean mapOnly() {
        return shuffle == null;
    }
}
