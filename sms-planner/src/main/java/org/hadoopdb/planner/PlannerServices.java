package org.hadoopdb.planner;

import java.util.List;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.ListSqlOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.hadoopdb.planner.functions.HiveOperators;
import org.hadoopdb.planner.sms.FieldOnlyCompiler;
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
        SqlOperatorTable operators = SqlOperatorTables.chain(SqlStdOperatorTable.instance(),
                new ListSqlOperatorTable(List.of(HiveOperators.DIVIDE, HiveOperators.INT_DIVIDE, HiveOperators.RLIKE)));
        return new QueryPlanner(operators, List.of(), new InterimPushdown(), PostgresqlSqlDialect.DEFAULT, new FieldOnlyCompiler());
    }
}
