package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * A stage being planned. Row-wise operators are appended where the rows currently are: to every
 * input's map pipeline while the stage has no shuffle, to the reduce pipeline after it. So
 * consecutive operators share one job until the next repartition.
 */
final class StageBuilder {
    private final int id;
    private final List<InputBuilder> inputs = new ArrayList<>();
    private Shuffle shuffle;
    private final List<OperatorSpec> reduceOps = new ArrayList<>();
    private RowSchema current;

    private static final class InputBuilder {
        private StageInput base;
        private final List<OperatorSpec> ops = new ArrayList<>();

        InputBuilder(StageInput base) {
            this.base = base;
        }
    }

    StageBuilder(int id, StageInput input) {
        this.id = id;
        InputBuilder in = new InputBuilder(input);
        in.ops.addAll(input.mapOps());
        inputs.add(in);
        RowSchema s = input.schema();
        for (OperatorSpec op : input.mapOps()) {
            s = op.output(s);
        }
        current = s;
    }

    /**
     * Another input of this map-only stage (UNION ALL). Its rows must have the schema the stage's rows
     * have now; the operators already appended to the other inputs are appended to it too.
     */
    void addInput(StageInput input) {
        if (shuffle != null) {
            throw new IllegalStateException("stage " + id + " already repartitions; inputs are added before the shuffle");
        }
        InputBuilder in = new InputBuilder(input);
        in.ops.addAll(input.mapOps());
        in.ops.addAll(inputs.get(0).ops.subList(inputs.get(0).base.mapOps().size(), inputs.get(0).ops.size()));
        RowSchema s = input.schema();
        for (OperatorSpec op : in.ops) {
            s = op.output(s);
        }
        if (!s.types().equals(current.types())) {
            throw new IllegalStateException("UNION ALL input of stage " + id + " has types " + s.types()
                    + " but the stage's rows have " + current.types());
        }
        inputs.add(in);
    }

    /** True when every input is an earlier stage's output (no chunk queries): its rows can be sampled from files. */
    boolean readsOnlyEarlierStages() {
        return inputs.stream().allMatch(in -> in.base instanceof StageInput.PreviousStage);
    }

    int id() {
        return id;
    }

    boolean hasShuffle() {
        return shuffle != null;
    }

    /** True when the stage shuffles into exactly one reducer: its reduce side sees every row. */
    boolean hasSingleReducer() {
        return shuffle != null && shuffle.reducers() == 1;
    }

    /**
     * True when this stage has exactly one reducer and it returns the rows in the order {@code wanted}
     * ({@link Shuffle#ordersBy}).
     */
    boolean singleReducerOrders(List<SortKeySpec.Column> wanted) {
        return hasSingleReducer() && !shuffle.ranged() && shuffle.ordersBy(reduceOps, wanted);
    }

    /** The schema of the rows at the current end of the stage. */
    RowSchema currentSchema() {
        return current;
    }

    void append(OperatorSpec op) {
        if (shuffle == null) {
            for (InputBuilder in : inputs) {
                in.ops.add(op);
            }
        } else {
            reduceOps.add(op);
        }
        current = op.output(current);
    }

    /**
     * Filters this stage's chunk statement by {@code filter}'s keys at run time, {@code filter.column()} being a
     * column of the rows the stage has now: traced back through the map operators that pass it on unchanged (field
     * selections, a projection's plain fields, filters, the probe side of broadcast joins) to the statement's own column. False when it cannot
     * be (a repartition, several inputs, an input that is not a chunk statement, a computed column).
     */
    boolean filterByKeys(KeyFilter filter) {
        if (shuffle != null || inputs.size() != 1 || !(inputs.get(0).base instanceof StageInput.Chunks c)) {
            return false;
        }
        InputBuilder in = inputs.get(0);
        List<RowSchema> schemas = new ArrayList<>();
        RowSchema s = c.source().schema();
        for (OperatorSpec op : in.ops) {
            schemas.add(s);
            s = op.output(s);
        }
        int column = filter.column();
        for (int i = in.ops.size() - 1; i >= 0 && column >= 0; i--) {
            column = sourceColumn(in.ops.get(i), schemas.get(i), column);
        }
        if (column < 0) {
            return false;
        }
        in.base = new StageInput.Chunks(c.source().withKeys(new KeyFilter(column, filter.buildStage(), filter.buildSchema(),
                filter.buildKey())), c.mapOps());
        return true;
    }

    /** The input column of {@code op} that its output column {@code column} is, unchanged; -1 when none is. */
    private static int sourceColumn(OperatorSpec op, RowSchema input, int column) {
        if (op instanceof OperatorSpec.Select sel) {
            return sel.fields()[column];
        }
        if (op instanceof OperatorSpec.Filter) {
            return column;
        }
        if (op instanceof OperatorSpec.Project p) {
            // an expression that is a plain input field prints as $n (RexInputRef)
            String e = p.expressions().get(column);
            return e.matches("\\$\\d+") ? Integer.parseInt(e.substring(1)) : -1;
        }
        if (op instanceof OperatorSpec.BroadcastJoin b) {
            // the join's rows are the left input's columns, then the right's (a semi or anti join: the left's only)
            int leftWidth = b.probeIsLeft() ? input.size() : b.buildSchema().size();
            if (b.probeIsLeft()) {
                return column < leftWidth ? column : -1;
            }
            return column >= leftWidth && column - leftWidth < input.size() ? column - leftWidth : -1;
        }
        return -1;
    }

    /** Adds the repartition; operators appended afterwards run in the reducers. */
    void shuffle(Shuffle s) {
        if (shuffle != null) {
            throw new IllegalStateException("stage " + id + " already repartitions");
        }
        shuffle = s;
    }

    Stage build() {
        List<StageInput> built = new ArrayList<>();
        for (InputBuilder in : inputs) {
            if (in.base instanceof StageInput.Chunks c) {
                built.add(new StageInput.Chunks(c.source(), List.copyOf(in.ops)));
            } else if (in.base instanceof StageInput.Files f) {
                built.add(new StageInput.Files(f.table(), f.location(), f.format(), f.schema(), List.copyOf(in.ops)));
            } else {
                StageInput.PreviousStage p = (StageInput.PreviousStage) in.base;
                built.add(new StageInput.PreviousStage(p.stage(), p.schema(), List.copyOf(in.ops)));
            }
        }
        return new Stage(id, built, shuffle, List.copyOf(reduceOps), current);
    }
}
