package org.hadoopdb.planner.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.hadoopdb.connector.row.RowSchema;

/**
 * Where a stage's map tasks read from, and the row-wise operators they apply before the shuffle
 * (or before writing, in a map-only stage).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "input")
@JsonSubTypes({@JsonSubTypes.Type(value = StageInput.Chunks.class, name = "chunks"),
        @JsonSubTypes.Type(value = StageInput.PreviousStage.class, name = "stage")})
public sealed interface StageInput permits StageInput.Chunks, StageInput.PreviousStage {

    /** The rows as read, before {@link #mapOps()}. */
    RowSchema schema();

    List<OperatorSpec> mapOps();

    /** Rows from the node databases: one map task per chunk. */
    record Chunks(ChunkSource source, List<OperatorSpec> mapOps) implements StageInput {
        @JsonIgnore
        @Override
        public RowSchema schema() {
            return source.schema();
        }
    }

    /** Rows written by an earlier stage of the same query. */
    record PreviousStage(int stage, RowSchema schema, List<OperatorSpec> mapOps) implements StageInput {
    }
}
