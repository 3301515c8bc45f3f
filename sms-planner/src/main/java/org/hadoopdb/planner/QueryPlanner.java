package org.hadoopdb.planner;

import java.util.Collection;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.hadoopdb.functions.udf.UserFunctionTable;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.analyze.Analyzer;
import org.hadoopdb.planner.optimize.LogicalOptimizer;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.sms.OperatorCompiler;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.planner.sms.PushdownPolicy;
import org.hadoopdb.planner.sms.SmsSplitter;
import org.hadoopdb.planner.sqlgen.ChunkSqlGenerator;

/**
 * Plans one query against one catalog snapshot: analysis, logical rewrites, the SMS split.
 *
 * <pre>{@code
 * PlannedQuery q = planner.plan(catalog, parsedQuery, options);
 * System.out.println(q.explain(false));
 * }</pre>
 */
public final class QueryPlanner {
    private final SqlOperatorTable operators;
    private final Collection<String> functionNames;
    private final PushdownPolicy pushdown;
    private final SqlDialect dialect;
    private final OperatorCompiler compiler;

    public QueryPlanner(SqlOperatorTable operators, Collection<String> functionNames, PushdownPolicy pushdown,
                        SqlDialect dialect, OperatorCompiler compiler) {
        this.operators = operators;
        this.functionNames = functionNames;
        this.pushdown = pushdown;
        this.dialect = dialect;
        this.compiler = compiler;
    }

    /** A planned query: the executable plan and the logical plan it came from. */
    /**
     * @param timeDependent the plan holds the time it was planned at ({@code current_date},
     *                      {@code current_timestamp}, {@code unix_timestamp()}): it must not be reused later
     */
    public record PlannedQuery(QueryPlan plan, String logicalPlan, long planningNanos, boolean timeDependent) {
        public String explain(boolean extended) {
            return org.hadoopdb.planner.explain.PlanPrinter.print(plan, logicalPlan, extended);
        }
    }

    /** Plans a query whose unqualified table names are in the database {@code default}, without user functions. */
    public PlannedQuery plan(Catalog catalog, SqlNode query, PlanningOptions options) {
        return plan(catalog, Names.DEFAULT_DATABASE, query, options);
    }

    /**
     * Plans a query against {@code catalog}, its unqualified table names found in {@code database}.
     *
     * @throws SemanticException when the query is invalid or nested too deeply to plan
     * @throws PlannerException when a valid query cannot be planned
     */
    public PlannedQuery plan(Catalog catalog, String database, SqlNode query, PlanningOptions options) {
        return plan(catalog, database, query, options, UserFunctionTable.NONE);
    }

    /**
     * Plans a query against {@code catalog}, its unqualified table names found in {@code database}, its
     * function names in the library and then in {@code functions} (the session's and the catalog's user
     * functions).
     *
     * @throws SemanticException when the query is invalid or nested too deeply to plan
     * @throws PlannerException when a valid query cannot be planned
     */
    public PlannedQuery plan(Catalog catalog, String database, SqlNode query, PlanningOptions options,
                             UserFunctionTable functions) {
        try {
            return planOnce(catalog, database, query, options, functions);
        } catch (StackOverflowError e) {
            // Calcite's validator and rules recurse over the expression tree: a statement can nest too deeply
            throw new SemanticException("Cannot plan the query: " + HiveQlParser.TOO_DEEP, e);
        }
    }

    private PlannedQuery planOnce(Catalog catalog, String database, SqlNode query, PlanningOptions options,
                                  UserFunctionTable functions) {
        long start = System.nanoTime();
        Analyzer analyzer = new Analyzer(catalog, database, SqlOperatorTables.chain(operators, functions), functionNames);
        RelRoot root = analyzer.toRel(query);
        RelNode logical = org.hadoopdb.functions.SessionDatabase.fix(LogicalOptimizer.optimize(root.project()),
                analyzer.database());
        RelNode optimized = org.hadoopdb.functions.QueryClock.fix(logical, java.time.Instant.now());
        org.hadoopdb.planner.optimize.ComplexKeys.check(optimized);
        List<String> names = hiveNames(root.validatedRowType.getFieldNames());
        SmsSplitter splitter = new SmsSplitter(catalog, pushdown, new ChunkSqlGenerator(dialect), compiler, options,
                analyzer.relBuilder());
        QueryPlan plan = splitter.plan(optimized, names).withFunctionJars(UserFunctionJars.of(optimized));
        return new PlannedQuery(plan, RelOptUtil.toString(optimized), System.nanoTime() - start, optimized != logical);
    }

    /** Hive names an unnamed result column {@code _c<position>}, where Calcite says {@code EXPR$<position>}. */
    static List<String> hiveNames(List<String> calciteNames) {
        List<String> out = new java.util.ArrayList<>(calciteNames.size());
        for (String n : calciteNames) {
            out.add(n.matches("EXPR\\$\\d+") ? "_c" + n.substring(5) : n);
        }
        return out;
    }
}
