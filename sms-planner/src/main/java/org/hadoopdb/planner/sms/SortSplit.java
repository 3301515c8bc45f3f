package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.Shuffle;

/**
 * ORDER BY, LIMIT and OFFSET (one Calcite {@link Sort}): pushed when one copy holds every row;
 * otherwise each chunk or task keeps its own top rows under a LIMIT, and the order is made by one
 * reducer, or by several reducers over sampled key ranges for a large ORDER BY without LIMIT. Rows that one
 * reducer already returns in the wanted order (a grouping in one reducer ordered by its group columns) are not
 * sorted again.
 */
final class SortSplit implements OperatorSplit<Sort> {
    private final SplitContext ctx;

    SortSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Sort s) {
        Fragment in = ctx.split(s.getInput());
        long offset = s.offset == null ? 0 : RexLiteral.intValue(s.offset);
        long fetch = s.fetch == null ? -1 : RexLiteral.intValue(s.fetch);
        RelCollation collation = s.getCollation();
        // a large ORDER BY without LIMIT is sorted by several reducers, each given a range of keys
        int reducers = fetch < 0 && offset == 0 && !collation.getFieldCollations().isEmpty()
                ? ctx.costs().reducers(s.getInput()) : 1;
        String what;
        if (in instanceof Fragment.Pushed p) {
            if (p.placement().singleCopy()) {
                return new Fragment.Pushed(s.copy(s.getTraitSet(), p.rel(), collation, s.offset, s.fetch), p.placement());
            }
            if (fetch >= 0) {
                // every chunk sends only its own first offset+fetch rows
                RelNode topN = ctx.relBuilder().push(p.rel()).sortLimit(0, (int) (offset + fetch),
                        ctx.relBuilder().fields(collation)).build();
                in = new Fragment.Pushed(topN, p.placement());
            }
            what = fetch >= 0 ? "per-chunk top " + (offset + fetch) : "chunk rows";
        } else {
            StageBuilder st = ((Fragment.Staged) in).stage();
            if (fetch < 0 && offset == 0 && st.singleReducerOrders(Shuffles.sortColumns(collation))) {
                // one reducer already returns the rows in this order (GROUP BY k ORDER BY k): no stage to sort them again
                return new Fragment.Staged(st, s.getRowType(), true);
            }
            if (fetch >= 0) {
                // each task of the stage so far keeps only its own first offset+fetch rows
                st.append(new OperatorSpec.TopN(SortKeySpec.of(st.currentSchema(), Shuffles.sortColumns(collation)),
                        offset + fetch));
                if (st.hasSingleReducer()) {
                    // the one reducer's top n is the whole query's, already in order: no stage to merge tops
                    st.append(new OperatorSpec.Limit(offset, fetch));
                    return new Fragment.Staged(st, s.getRowType(), true);
                }
            }
            what = null;
        }
        StageBuilder stage = ctx.stageForShuffle(in, what);
        if (reducers > 1 && !stage.readsOnlyEarlierStages()) {
            // the range sampler reads an earlier stage's files, so the rows are written first
            stage = ctx.stageAfter(stage);
        }
        return order(stage, collation, offset, fetch, s.getRowType(), reducers);
    }

    private Fragment order(StageBuilder stage, RelCollation collation, long offset, long fetch, RelDataType rowType,
                           int reducers) {
        RowSchema schema = stage.currentSchema();
        boolean sorted = !collation.getFieldCollations().isEmpty();
        List<SortKeySpec.Column> columns = Shuffles.sortColumns(collation);
        if (reducers > 1) {
            stage.shuffle(new Shuffle(SortKeySpec.of(schema, columns).groupedBy(0), reducers,
                    "ORDER BY over many rows: " + reducers + " reducers each sort a sampled range of keys, read in turn", true));
            return new Fragment.Staged(stage, rowType, true);
        }
        stage.shuffle(new Shuffle(SortKeySpec.of(schema, columns).groupedBy(0), 1,
                sorted ? "ORDER BY: one reducer receives the rows in order" : "LIMIT: one reducer keeps the first rows"));
        if (offset > 0 || fetch >= 0) {
            stage.append(new OperatorSpec.Limit(offset, fetch));
        }
        return new Fragment.Staged(stage, rowType, sorted);
    }
}
