package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.functions.HiveTableFunction;
import org.hadoopdb.planner.optimize.Generate;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.UserCall;

/**
 * A LATERAL VIEW's table function runs in the map side of a stage, above what its input pushed: its
 * arguments are complex values, which only MapReduce evaluates (they are jsonb in the chunks).
 */
final class GenerateSplit implements OperatorSplit<Generate> {
    private final SplitContext ctx;

    GenerateSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Generate g) {
        Fragment in = ctx.split(g.getInput());
        Fragment.Staged s = in instanceof Fragment.Pushed p ? ctx.stageOf(p, "LATERAL VIEW " + g.function().getName())
                : (Fragment.Staged) in;
        RelDataTypeFactory.Builder argTypes = g.getCluster().getTypeFactory().builder();
        for (int i = 0; i < g.args().size(); i++) {
            argTypes.add("a" + i, g.args().get(i).getType());
        }
        RowSchema argSchema = RowSchemas.of(argTypes.build());
        OperatorSpec args = ctx.compiler().project(g.args(), s.rowType(), argSchema);
        UserCall user = UserCalls.of(g);
        s.stage().append(new OperatorSpec.Generate(user != null ? user.name() : ((HiveTableFunction) g.function()).kind().name(),
                args, g.outer(), s.rowType().getFieldCount(), RowSchemas.of(g.getRowType()), user));
        return new Fragment.Staged(s.stage(), g.getRowType(), false);
    }
}
