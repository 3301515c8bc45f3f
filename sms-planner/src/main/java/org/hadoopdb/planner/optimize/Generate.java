package org.hadoopdb.planner.optimize;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlFunction;
import org.hadoopdb.functions.HiveTableFunction;
import org.hadoopdb.functions.udf.UserTableFunction;

/**
 * Hive's {@code LATERAL VIEW}: each input row followed by every row a table function makes of it
 * ({@code explode(tags)}: one row per element), the input's fields first. With {@code outer}, an input
 * row for which the function makes no row is kept once, its generated fields NULL.
 *
 * <p>Calcite plans a lateral table function as a correlated join with a table-function scan; this
 * one operator says the same without correlation variables, so the SMS split can place it like a
 * projection (it runs in the map side of a stage: complex values are evaluated in MapReduce).
 */
public final class Generate extends SingleRel {
    private final SqlFunction function;
    private final List<RexNode> args;
    private final boolean outer;

    /**
     * @param args    the function's arguments, over the input's fields
     * @param rowType the input's fields, then the function's
     */
    public Generate(RelOptCluster cluster, RelTraitSet traits, RelNode input, SqlFunction function,
                    List<RexNode> args, boolean outer, RelDataType rowType) {
        super(cluster, traits, input);
        this.function = function;
        this.args = List.copyOf(args);
        this.outer = outer;
        this.rowType = rowType;
    }

    /** A built-in {@link HiveTableFunction} or a user's {@link UserTableFunction}. */
    public SqlFunction function() {
        return function;
    }

    /** The function's arguments, over the input's fields. */
    public List<RexNode> args() {
        return args;
    }

    public boolean outer() {
        return outer;
    }

    /** How many fields the function adds after the input's. */
    public int generatedFieldCount() {
        return getRowType().getFieldCount() - getInput().getRowType().getFieldCount();
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new Generate(getCluster(), traitSet, sole(inputs), function, args, outer, rowType);
    }

    @Override
    public RelNode accept(RexShuttle shuttle) {
        List<RexNode> rewritten = shuttle.apply(args);
        return rewritten.equals(args) ? this
                : new Generate(getCluster(), traitSet, getInput(), function, rewritten, outer, rowType);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("function", function.getName()).item("args", args).itemIf("outer", true, outer);
    }
}
