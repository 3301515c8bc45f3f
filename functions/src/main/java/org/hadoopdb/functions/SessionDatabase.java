package org.hadoopdb.functions;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;

/**
 * Fixes {@code current_database()} to the database the query is planned in, as a literal, before
 * the plan is split: the chunks and the tasks never know the session, and the literal can be pushed.
 */
public final class SessionDatabase {
    private SessionDatabase() {
    }

    /** {@code rel} with {@code current_database()} replaced by {@code database}. */
    public static RelNode fix(RelNode rel, String database) {
        RexBuilder b = rel.getCluster().getRexBuilder();
        return HiveCallRewriter.rewrite(rel, (f, call) -> f.getName().equals("current_database")
                ? b.makeCast(call.getType(), b.makeLiteral(database)) : null);
    }
}
