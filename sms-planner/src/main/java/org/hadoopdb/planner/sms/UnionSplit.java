package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Union;
import org.hadoopdb.connector.row.RowSchema;

/**
 * UNION ALL. Inputs over the same chunks (the same table, or co-located tables with the same chunk
 * pruning) stay one statement per chunk; otherwise each input is read by its own map tasks of one
 * map-only stage, whose later operators apply to every input.
 */
final class UnionSplit implements OperatorSplit<Union> {
    private final SplitContext ctx;

    UnionSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Union u) {
        List<Fragment> inputs = new ArrayList<>();
        RowSchema unionSchema = RowSchemas.of(u.getRowType());
        for (RelNode in : u.getInputs()) {
            // Every input must deliver exactly the union's types (Hive widens, e.g. varchar(16) and string to string).
            if (!RowSchemas.of(in.getRowType()).types().equals(unionSchema.types())) {
                in = ctx.relBuilder().push(in).convert(u.getRowType(), false).build();
            }
            inputs.add(ctx.split(in));
        }
        Fragment pushed = pushed(u, inputs);
        if (pushed != null) {
            return pushed;
        }
        StageBuilder stage = null;
        for (Fragment f : inputs) {
            if (stage == null) {
                stage = ctx.newStage(ctx.input(f, "UNION ALL input", List.of()));
            } else {
                stage.addInput(ctx.input(f, "UNION ALL input", List.of()));
            }
        }
        ctx.note("UNION ALL of inputs that do not share chunks: one map-only stage reads them all");
        return new Fragment.Staged(stage, u.getRowType(), false);
    }

    /** The union computed chunk by chunk, or null when its inputs are not all pushed over the same chunks. */
    private static Fragment pushed(Union u, List<Fragment> inputs) {
        List<RelNode> rels = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        for (Fragment f : inputs) {
            if (!(f instanceof Fragment.Pushed p)) {
                return null;
            }
            rels.add(p.rel());
            placements.add(p.placement());
        }
        Placement shared = Placement.unionWithSharedKey(placements);
        return shared == null ? null : new Fragment.Pushed(u.copy(u.getTraitSet(), rels, true), shared);
    }
}
