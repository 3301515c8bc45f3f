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
        @JsonSubTypes.Type(value = StageInput.PreviousStage.class, name = "stage"),
        @JsonSubTypes.Type(value = StageInput.Files.class, name = "files")})
public sealed interface StageInput permits StageInput.Chunks, StageInput.PreviousStage, StageInput.Files {

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

    /**
     * The delimited text files of an external table, read where they are: one map task per file split,
     * each line parsed as the loader parses it; a line that cannot be read is skipped and counted.
     *
     * @param table    the external table's name, for messages
     * @param location its location (a Hadoop path: directory, read recursively, file or glob)
     * @param format   its text format, as table properties
     * @param schema   its columns
     */
    record Files(String table, String location, java.util.Map<String, String> format, RowSchema schema,
                 List<OperatorSpec> mapOps) implements StageInput {
        public Files {
            format = java.util.Map.copyOf(format);
            mapOps = List.copyOf(mapOps);
        }
    }

    /** Rows written by an earlier stage of the same query. */
    record PreviousStage(int stage, RowSchema schema, List<OperatorSpec> mapOps) implements StageInput {
    }
}
