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
        @JsonSubTypes.Type(value = OperatorSpec.Limit.class, name = "limit"),
        @JsonSubTypes.Type(value = OperatorSpec.JoinInput.class, name = "joinInput"),
        @JsonSubTypes.Type(value = OperatorSpec.Join.class, name = "join"),
        @JsonSubTypes.Type(value = OperatorSpec.Window.class, name = "window"),
        @JsonSubTypes.Type(value = OperatorSpec.BroadcastJoin.class, name = "broadcastJoin"),
        @JsonSubTypes.Type(value = OperatorSpec.TopN.class, name = "topN"),
        @JsonSubTypes.Type(value = OperatorSpec.Generate.class, name = "generate")})
public sealed interface OperatorSpec permits OperatorSpec.Filter, OperatorSpec.Project, OperatorSpec.Select,
        OperatorSpec.Aggregate, OperatorSpec.Limit, OperatorSpec.JoinInput, OperatorSpec.Join, OperatorSpec.Window,
        OperatorSpec.BroadcastJoin, OperatorSpec.TopN, OperatorSpec.Generate {

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

    /**
     * A LATERAL VIEW's table function: {@code args} (a projection of the input row) are the function's
     * arguments; each input row is followed by every row the function makes ({@code function} is a
     * {@code HiveTableFunction.Kind} name, or the name of the user table function {@code user}), the input's
     * {@code inputFields} fields first; with {@code outer}, a row for which it makes none is kept once with NULLs.
     */
    record Generate(String function, OperatorSpec args, boolean outer, int inputFields, RowSchema schema, UserCall user)
            implements OperatorSpec {
        /** A built-in table function. */
        public Generate(String function, OperatorSpec args, boolean outer, int inputFields, RowSchema schema) {
            this(function, args, outer, inputFields, schema, null);
        }

        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            String a = args instanceof Project p ? String.join(", ", p.expressions()) : args.describe().replaceFirst("^Select ", "");
            return "Generate " + (outer ? "OUTER " : "") + function.toLowerCase(java.util.Locale.ROOT) + "(" + a + ")";
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

    /**
     * The map side of a repartition join: shapes the rows of one join input into the stage's common
     * row {@code [join keys…, tag, left fields…, right fields…]}, the other input's fields NULL.
     * {@code fields[i]} is the input field that fills output field {@code i}, or -1 for NULL; the
     * tag field holds {@code tag} (0 left, 1 right), so the shuffle delivers a key's left rows first.
     *
     * @param dropNullKeys drop rows with a NULL join key (they can match nothing and this side is not
     *                     preserved by the join)
     */
    record JoinInput(int[] fields, int keys, int tag, boolean dropNullKeys, RowSchema schema) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return "Join input " + (tag == 0 ? "left" : "right") + ": key" + (keys == 1 ? "" : "s")
                    + (dropNullKeys ? ", rows with a NULL key dropped" : "");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof JoinInput j && java.util.Arrays.equals(j.fields, fields) && j.keys == keys && j.tag == tag
                    && j.dropNullKeys == dropNullKeys && j.schema.equals(schema);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(java.util.Arrays.hashCode(fields), keys, tag, dropNullKeys, schema);
        }
    }

    /**
     * The reduce side of a repartition join. Each group holds one join key's rows in the common row
     * of {@link JoinInput}, left rows first; the output is the left fields followed by the right
     * fields (the left fields only for SEMI and ANTI joins).
     *
     * @param type        INNER, LEFT, RIGHT, FULL, SEMI or ANTI
     * @param keys        number of join key fields at the start of the common row (then the tag)
     * @param leftWidth   fields of the left input
     * @param rightWidth  fields of the right input
     * @param residual    the part of the join condition that is not key equality, over the output row of an
     *                    INNER join ({@code [left…, right…]}), or null
     * @param bufferBytes memory for one key's left rows before they spill to local disk
     * @param pair        the schema of a joined pair {@code [left…, right…]} (the residual's input)
     * @param schema      the output: {@code pair} for INNER and OUTER joins, the left fields for SEMI and ANTI
     */
    record Join(String type, int keys, int leftWidth, int rightWidth, Filter residual, long bufferBytes, RowSchema pair,
                RowSchema schema)
            implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return type + " join on " + keys + " key" + (keys == 1 ? "" : "s")
                    + (residual == null ? "" : " where " + residual.condition());
        }
    }

    /**
     * Window functions over one window specification, in a reduce task: each shuffle group is one
     * partition ({@code PARTITION BY}), its rows sorted by {@code orderFields}. The output is the input
     * fields followed by one field per call.
     */
    record Window(int[] orderFields, List<WinCall> calls, RowSchema schema) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return "Window " + calls;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Window w && java.util.Arrays.equals(w.orderFields, orderFields) && w.calls.equals(calls)
                    && w.schema.equals(schema);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(java.util.Arrays.hashCode(orderFields), calls, schema);
        }
    }

    /**
     * One window function call.
     *
     * @param function     ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD,
     *                     FIRST_VALUE, LAST_VALUE, or an aggregate kind of {@link AggCall.Kind}
     * @param args         input fields of the arguments (LAG/LEAD: the value; NTILE: none)
     * @param rows         ROWS frame (true) or RANGE frame (false: the current row's peers are included)
     * @param lower        frame start: {@link #UNBOUNDED} preceding, -n = n preceding, 0 = current row, n following
     * @param upper        frame end: {@link #UNBOUNDED} following, -n = n preceding, 0 = current row, n following
     * @param offset       LAG/LEAD offset, NTILE bucket count
     * @param defaultValue LAG/LEAD value when there is no such row (JSON-friendly Java value), or null
     * @param type         result type
     * @param name         result field name
     */
    record WinCall(String function, int[] args, boolean rows, long lower, long upper, long offset, Object defaultValue,
                   org.hadoopdb.catalog.model.HiveType type, String name) {
        public static final long UNBOUNDED = Long.MAX_VALUE;

        @Override
        public boolean equals(Object o) {
            return o instanceof WinCall w && w.function.equals(function) && java.util.Arrays.equals(w.args, args)
                    && w.rows == rows && w.lower == lower && w.upper == upper && w.offset == offset
                    && java.util.Objects.equals(w.defaultValue, defaultValue) && w.type.equals(type) && w.name.equals(name);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(function, java.util.Arrays.hashCode(args), rows, lower, upper, offset, type, name);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(function.toLowerCase(java.util.Locale.ROOT)).append('(');
            for (int i = 0; i < args.length; i++) {
                sb.append(i == 0 ? "" : ", ").append('$').append(args[i]);
            }
            return sb.append(')').toString();
        }
    }

    /**
     * A map-side (broadcast) join: the rows of an earlier stage, small enough to hold in memory, are
     * loaded into a hash table keyed by their join keys; every row streaming through this operator
     * probes it. The output is {@code pair} ({@code [left…, right…]}) or, for SEMI and ANTI, the probe
     * row; the probe side is the join's left input unless {@code probeIsLeft} is false.
     *
     * @param buildStage  the stage whose output is the small input
     * @param buildSchema the rows of that stage
     * @param probeKeys   join key fields of the streaming input
     * @param buildKeys   join key fields of the small input, pairwise equal to {@code probeKeys}
     * @param type        INNER, LEFT (probe left), RIGHT (probe right), SEMI or ANTI (probe left)
     * @param residual    the rest of the join condition over {@code pair}, or null
     */
    record BroadcastJoin(int buildStage, RowSchema buildSchema, int[] probeKeys, int[] buildKeys, String type,
                         boolean probeIsLeft, Filter residual, RowSchema pair, RowSchema schema) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return schema;
        }

        @Override
        public String describe() {
            return type + " broadcast join with the output of stage " + buildStage + " (held in memory)"
                    + (residual == null ? "" : " where " + residual.condition());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BroadcastJoin b && b.buildStage == buildStage && b.buildSchema.equals(buildSchema)
                    && java.util.Arrays.equals(b.probeKeys, probeKeys) && java.util.Arrays.equals(b.buildKeys, buildKeys)
                    && b.type.equals(type) && b.probeIsLeft == probeIsLeft && java.util.Objects.equals(b.residual, residual)
                    && b.pair.equals(pair) && b.schema.equals(schema);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(buildStage, java.util.Arrays.hashCode(probeKeys), type, probeIsLeft, schema);
        }
    }

    /**
     * Keeps only the first {@code n} rows by {@code key} of everything this task sees, emitted in key
     * order when the task ends: a task's share of an {@code ORDER BY … LIMIT n}, so the single reducer
     * that orders the result receives at most n rows per task.
     */
    record TopN(org.hadoopdb.connector.row.SortKeySpec key, long n) implements OperatorSpec {
        @Override
        public RowSchema output(RowSchema input) {
            return input;
        }

        @Override
        public String describe() {
            return "Top " + n + " of this task by " + key.columns();
        }
    }
}
