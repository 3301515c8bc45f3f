package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;

/** The result of splitting a subtree: computed in the databases, or by MapReduce stages. */
sealed interface Fragment permits Fragment.Pushed, Fragment.Staged {

    RelDataType rowType();

    /** Computed entirely inside the node databases: one SQL statement per chunk. */
    record Pushed(RelNode rel, Placement placement) implements Fragment {
        @Override
        public RelDataType rowType() {
            return rel.getRowType();
        }
    }

    /** Produced by a stage that can still take row-wise operators (see {@link StageBuilder}). */
    record Staged(StageBuilder stage, RelDataType rowType, boolean ordered) implements Fragment {
    }
}
