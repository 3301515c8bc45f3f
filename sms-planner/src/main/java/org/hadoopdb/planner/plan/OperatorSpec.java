package org.hadoopdb.planner.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.hadoopdb.connector.row.RowSchema;

/**
 * A row operator run inside a map or reduce task. Expressions arrive as Java source generated at
 * planning time and are compiled once per task.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
@JsonSubTypes({@JsonSubTypes.Type(value = OperatorSpec.Filter.class, name = "filter"),
        @JsonSubTypes.Type(value = OperatorSpec.Project.class, name = "project"),
        @JsonSubTypes.Type(value = OperatorSpec.Select.class, name = "select"),
        @JsonSubTypes.Type(value = OperatorSpec.Aggregate.class, name = "aggregate"),
        @JsonSubTypes.Type(value = OperatorSpec.Limit.class, name = "limit")})
public sealed interface OperatorSpec permits OperatorSpec.Filter, OperatorSpec.Project, OperatorSpec.Select,
        OperatorSpec.Aggregate, OperatorSpec.Limit {

    /** The schema of the rows this operator emits, given its input's. */
    RowSchema output(RowSchema input);

    /** One line for EXPLAIN. */
    String describe();

    /** Keeps the rows for which a compiled predicate holds. */
    record Filter(String className, String javaSource, String condition) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return input;
        }

        @Override
        public String describe() {
            return "Filter " + condition;
        }
    }

    /** Computes new rows with compiled expressions. */
    record Project(String className, String javaSource, RowSchema schema, List<String> expressions) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return "Project " + String.join(", ", expressions);
        }
    }

    /** Keeps and reorders fields (no expression to compile). */
    record Select(int[] fields, RowSchema schema) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            StringBuilder sb = new StringBuilder("Select ");
            for (int i = 0; i < fields.length; i++) {
                sb.append(i == 0 ? "" : ", ").append('$').append(fields[i]);
            }
            return sb.toString();
        }
    }

    /**
     * Aggregates consecutive rows with equal group fields (the first {@code groupFields} fields of
     * the input, which the shuffle delivers together). Without group fields it produces exactly one
     * row, even for no input.
     */
    record Aggregate(int groupFields, List<AggCall> calls, Mode mode, RowSchema schema) implements OperatorSpec {
        /** COMPLETE: from raw values; MERGE: from partial states computed in the chunks. */
        public enum Mode { COMPLETE, MERGE }

        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return (mode == Mode.MERGE ? "Final aggregate" : "Aggregate") + " group by first " + groupFields
                    + " fields: " + calls;
        }
    }

    /** Skips {@code offset} rows, then passes at most {@code fetch} (negative: no limit). */
    record Limit(long offset, long fetch) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return input;
        }

        @Override
        public String describe() {
            return "Limit " + (offset > 0 ? offset + ", " : "") + (fetch < 0 ? "all" : Long.toString(fetch));
        }
    }
}
