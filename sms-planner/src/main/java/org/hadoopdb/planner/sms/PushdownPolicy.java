package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexNode;

/**
 * Decides what the node databases may compute: only what PostgreSQL computes exactly as Hive does.
 */
public interface PushdownPolicy {
    /** Null when {@code expr} can be pushed; otherwise why not (printed by EXPLAIN). */
    String whyNotPushable(RexNode expr);

    /** Null when the aggregate can run in PostgreSQL; otherwise why not. */
    String whyNotPushable(AggregateCall call);
}
