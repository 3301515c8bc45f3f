package org.hadoopdb.planner;

import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.hadoopdb.planner.exec.expr.ExpressionCompiler;
import org.hadoopdb.planner.functions.HiveFunctionLibrary;
import org.hadoopdb.planner.sms.InterimPushdown;

/**
 * The pieces the planner is assembled from: the functions HiveQL may call, what may be pushed to
 * PostgreSQL and how it is printed, and how MapReduce expressions are compiled. One place, so the
 * whole planner uses one consistent set.
 */
public final class PlannerServices {
    private PlannerServices() {
    }

    public static QueryPlanner queryPlanner() {
        HiveFunctionLibrary library = HiveFunctionLibrary.instance();
        return new QueryPlanner(library.operatorTable(), library.names(), new InterimPushdown(), PostgresqlSqlDialect.DEFAULT,
                new ExpressionCompiler());
    }
}
