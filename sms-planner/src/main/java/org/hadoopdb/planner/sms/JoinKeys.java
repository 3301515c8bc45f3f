package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.util.mapping.IntPair;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.KeyFilter;

/**
 * A join's pairs of keys: the type a repartition join shuffles a pair as (both sides must encode equal keys equally),
 * and the pair by which one input's chunk statement is filtered with the keys of the other.
 */
final class JoinKeys {
    private JoinKeys() {
    }

    /**
     * The filter of the {@code filtered} input of join {@code j} by the keys its other input's stage {@code keys} writes,
     * on the first pair of keys that a strict equality joins (a null-safe one, {@code <=>}, matches NULL keys, which
     * {@code = ANY} never does) and whose types compare the same in PostgreSQL as in the join; null when no pair does.
     * Whether the join drops the filtered input's rows without a partner is the caller's to know.
     *
     * @param filteredIsRight whether the filtered input is the join's right one
     * @param filteredSchema  the filtered input's rows, as the join reads them
     */
    static KeyFilter keyFilter(Join j, JoinInfo info, boolean filteredIsRight, RowSchema filteredSchema, StageBuilder keys) {
        List<IntPair> strict = JoinInfo.createWithStrictEquality(j.getLeft(), j.getRight(), j.getCondition()).pairs();
        RowSchema keySchema = keys.currentSchema();
        for (int i = 0; i < info.leftKeys.size(); i++) {
            IntPair pair = IntPair.of(info.leftKeys.get(i), info.rightKeys.get(i));
            int column = filteredIsRight ? pair.target : pair.source;
            int key = filteredIsRight ? pair.source : pair.target;
            if (strict.contains(pair) && KeyFilter.comparable(filteredSchema.type(column), keySchema.type(key))) {
                return new KeyFilter(column, keys.id(), keySchema, key);
            }
        }
        return null;
    }

    static HiveType commonType(RowSchema left, int leftField, RowSchema right, int rightField) {
        HiveType a = left.type(leftField);
        HiveType b = right.type(rightField);
        if (a.equals(b)) {
            return a;
        }
        if (a.kind().isInteger() && b.kind().isInteger()) {
            return HiveType.BIGINT;
        }
        if (a.kind().isString() && b.kind().isString() && a.kind() != HiveType.Kind.CHAR && b.kind() != HiveType.Kind.CHAR) {
            return HiveType.STRING;
        }
        if (a.kind() == b.kind() && (a.kind() == HiveType.Kind.FLOAT || a.kind() == HiveType.Kind.DOUBLE)) {
            return a;
        }
        throw new PlannerException("Cannot repartition a join on keys of types " + a + " (" + left.name(leftField)
                + ") and " + b + " (" + right.name(rightField) + "): cast one key to the other's type");
    }
}
