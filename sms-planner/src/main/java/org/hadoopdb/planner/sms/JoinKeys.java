package org.hadoopdb.planner.sms;

import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;

/** The type a repartition join shuffles a pair of join keys as: both sides must encode equal keys equally. */
final class JoinKeys {
    private JoinKeys() {
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
