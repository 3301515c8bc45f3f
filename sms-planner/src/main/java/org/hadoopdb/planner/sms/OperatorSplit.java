package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.RelNode;

/**
 * The SMS split of one kind of Calcite operator: keeps it in the chunk databases when each chunk
 * can compute its share alone, and otherwise plans it as MapReduce. Implementations split their
 * inputs through the {@link SplitContext} they are made with.
 *
 * @param <R> the operator kind
 */
interface OperatorSplit<R extends RelNode> {

    /** The fragment computing {@code rel}: pushed into the chunks, or produced by a stage. */
    Fragment split(R rel);
}
