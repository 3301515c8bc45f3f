package org.hadoopdb.planner;

import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rex.RexBuilder;
import org.hadoopdb.planner.analyze.HiveTypeSystem;
import org.hadoopdb.planner.codegen.ExpressionCompiler;
import org.hadoopdb.functions.HiveFunctionLibrary;
import org.hadoopdb.planner.sms.HivePushdownPolicy;
import org.hadoopdb.planner.sqlgen.HivePostgresDialect;

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
        return new QueryPlanner(library.operatorTable(), library.names(), 
                new HivePushdownPolicy(new RexBuilder(new JavaTypeFactoryImpl(HiveTypeSystem.INSTANCE))), HivePostgresDialect.INSTANCE,
                new ExpressionCompiler());
    }
}
