package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;

/** A projection: pushed when PostgreSQL computes every expression as Hive does, else computed in MapReduce. */
final class ProjectSplit implements OperatorSplit<Project> {
    private final SplitContext ctx;

    ProjectSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Project p) {
        Fragment in = ctx.split(p.getInput());
        if (in instanceof Fragment.Pushed pushed) {
            String why = whyNotPushable(p);
            if (why == null) {
                return new Fragment.Pushed(p.copy(p.getTraitSet(), pushed.rel(), p.getProjects(), p.getRowType()),
                        pushed.placement().afterProject(p.getProjects()));
            }
            // the chunks still send only the columns the expressions read
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(p.getProjects(), null);
            List<RexNode> projects = p.getProjects();
            if (!used.isEmpty() && used.cardinality() < pushed.rowType().getFieldCount()) {
                RelNode narrowed = RelOptUtil.createProject(pushed.rel(), used.asList());
                pushed = new Fragment.Pushed(narrowed, pushed.placement().afterProject(((Project) narrowed).getProjects()));
                projects = new RexShuttle() {
                    @Override
                    public RexNode visitInputRef(RexInputRef ref) {
                        return new RexInputRef(used.indexOf(ref.getIndex()), ref.getType());
                    }
                }.apply(projects);
            }
            Fragment.Staged staged = ctx.stageOf(pushed, "expression that PostgreSQL cannot evaluate as Hive does");
            staged.stage().append(ctx.compiler().project(projects, pushed.rowType(), RowSchemas.of(p.getRowType())));
            return new Fragment.Staged(staged.stage(), p.getRowType(), false);
        }
        Fragment.Staged s = (Fragment.Staged) in;
        s.stage().append(ctx.compiler().project(p.getProjects(), s.rowType(), RowSchemas.of(p.getRowType())));
        return new Fragment.Staged(s.stage(), p.getRowType(), s.ordered());
    }

    /** Null when every expression may be pushed; otherwise why the first refused one may not (also noted). */
    private String whyNotPushable(Project p) {
        for (RexNode e : p.getProjects()) {
            String why = ctx.pushdown().whyNotPushable(e);
            if (why != null) {
                ctx.note("Expression " + e + " runs in MapReduce: " + why);
                return why;
            }
        }
        return null;
    }
}
