package org.hadoopdb.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.functions.impl.CollectionFunctions;
import org.hadoopdb.functions.impl.ConditionalFunctions;
import org.hadoopdb.functions.impl.DateFunctions;
import org.hadoopdb.functions.impl.MathFunctions;
import org.hadoopdb.functions.impl.JsonFunctions;
import org.hadoopdb.functions.impl.MiscFunctions;
import org.hadoopdb.functions.impl.RegexFunctions;
import org.hadoopdb.functions.impl.StringFunctions;

/**
 * HiveQL's function library: resolves function names (case-insensitive, with Hive's synonyms) to
 * operators with Hive's semantics, return types and implicit conversions, and describes them for
 * {@code SHOW FUNCTIONS}, {@code DESCRIBE FUNCTION} and "did you mean" hints.
 *
 * <pre>{@code
 * HiveFunctionLibrary lib = HiveFunctionLibrary.instance();
 * SqlOperatorTable table = lib.operatorTable();      // for the validator
 * lib.describe("SUBSTR").get().signature();           // "substr(string str, int pos[, int len])"
 * lib.unknownFunctionMessage("substring_index");      // names the closest functions
 * }</pre>
 *
 * Scalar functions are {@link HiveFunction}s, one per {@link FunctionDefinition}, which the
 * function families in {@code org.hadoopdb.functions.impl} hold next to their implementations
 * (listed once, in {@code FAMILIES}); aggregates, window functions and operators are
 * Calcite's standard ones, with Hive's names mapped onto them ({@code variance} is VAR_POP,
 * {@code stddev} is STDDEV_POP).
 */
public final class HiveFunctionLibrary {
    /** What {@code SHOW FUNCTIONS} and {@code DESCRIBE FUNCTION} print for one name. */
    public record FunctionInfo(String name, String signature, String description, String kind) {
    }

    /** Every family of scalar functions: the one place a new family is added. */
    private static final List<List<FunctionDefinition>> FAMILIES = List.of(StringFunctions.definitions(),
            RegexFunctions.definitions(), DateFunctions.definitions(), MathFunctions.definitions(),
            ConditionalFunctions.definitions(), MiscFunctions.definitions(), JsonFunctions.definitions(),
            CollectionFunctions.definitions());

    private static final HiveFunctionLibrary INSTANCE = new HiveFunctionLibrary();

    private final Map<String, SqlOperator> byName = new TreeMap<>();
    private final Map<String, FunctionInfo> info = new TreeMap<>();
    private final SqlOperatorTable table;

    public static HiveFunctionLibrary instance() {
        return INSTANCE;
    }

    private HiveFunctionLibrary() {
        for (List<FunctionDefinition> family : FAMILIES) {
            family.forEach(this::add);
        }
        aggregates();
        windows();
        table = new Table();
    }

    /** The operator table for Calcite's validator: the library's functions and SQL's (Hive's) operators. */
    public SqlOperatorTable operatorTable() {
        return table;
    }

    /** Every function name (synonyms included), sorted. */
    public Collection<String> names() {
        return Collections.unmodifiableSet(info.keySet());
    }

    /** Every function, sorted by name (for {@code SHOW FUNCTIONS}). */
    public List<FunctionInfo> functions() {
        return List.copyOf(info.values());
    }

    /** The function called {@code name} (any case), for {@code DESCRIBE FUNCTION}. */
    public Optional<FunctionInfo> describe(String name) {
        return Optional.ofNullable(info.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The library's scalar function {@code name}, if it is one. */
    public Optional<HiveFunction> function(String name) {
        return byName.get(name.toLowerCase(Locale.ROOT)) instanceof HiveFunction f ? Optional.of(f) : Optional.empty();
    }

    /** "Unknown function 'x'" with the closest existing names. */
    public String unknownFunctionMessage(String name) {
        return "Unknown function '" + name + "'" + Names.didYouMean(name.toLowerCase(Locale.ROOT), new ArrayList<>(names()));
    }

    // ---------------------------------------------------------------- assembling the library

    private void aggregates() {
        std("count", SqlStdOperatorTable.COUNT, "count(*), count([DISTINCT] x)", "The number of rows, or of non-NULL values of x");
        std("sum", SqlStdOperatorTable.SUM, "sum(x)", "The sum of the non-NULL values (BIGINT for integers, DOUBLE for floating point)");
        std("avg", SqlStdOperatorTable.AVG, "avg(x)", "The mean of the non-NULL values (DOUBLE, or DECIMAL for decimals)");
        std("min", SqlStdOperatorTable.MIN, "min(x)", "The smallest non-NULL value");
        std("max", SqlStdOperatorTable.MAX, "max(x)", "The largest non-NULL value");
        std("variance", SqlStdOperatorTable.VAR_POP, "variance(x)", "The population variance");
        std("var_pop", SqlStdOperatorTable.VAR_POP, "var_pop(x)", "The population variance");
        std("var_samp", SqlStdOperatorTable.VAR_SAMP, "var_samp(x)", "The sample variance");
        std("stddev", SqlStdOperatorTable.STDDEV_POP, "stddev(x)", "The population standard deviation");
        std("std", SqlStdOperatorTable.STDDEV_POP, "std(x)", "The population standard deviation");
        std("stddev_pop", SqlStdOperatorTable.STDDEV_POP, "stddev_pop(x)", "The population standard deviation");
        std("stddev_samp", SqlStdOperatorTable.STDDEV_SAMP, "stddev_samp(x)", "The sample standard deviation");
        std("collect_list", HiveAggregateFunction.COLLECT_LIST, "collect_list(x)", "The non-NULL values of x, as an array");
        std("collect_set", HiveAggregateFunction.COLLECT_SET, "collect_set(x)",
                "The distinct non-NULL values of x, as an array in the order they were first met");
        std("percentile", HiveAggregateFunction.PERCENTILE, "percentile(integer x, p)",
                "The exact p-th percentile (0 <= p <= 1, or an array of them) of integers, interpolated between ranks");
        std("percentile_approx", HiveAggregateFunction.PERCENTILE_APPROX, "percentile_approx(x, p[, bins])",
                "An approximate p-th percentile (0 <= p <= 1, or an array of them) from a histogram of bins (10000) bins");
    }

    private void windows() {
        std("row_number", SqlStdOperatorTable.ROW_NUMBER, "row_number() OVER (...)", "The row's number in its partition");
        std("rank", SqlStdOperatorTable.RANK, "rank() OVER (...)", "The rank, with gaps after ties");
        std("dense_rank", SqlStdOperatorTable.DENSE_RANK, "dense_rank() OVER (...)", "The rank, without gaps");
        std("percent_rank", SqlStdOperatorTable.PERCENT_RANK, "percent_rank() OVER (...)", "(rank - 1) / (rows - 1)");
        std("cume_dist", SqlStdOperatorTable.CUME_DIST, "cume_dist() OVER (...)", "The fraction of rows up to the row's peers");
        std("ntile", SqlStdOperatorTable.NTILE, "ntile(n) OVER (...)", "The bucket (1 to n) of the row");
        std("lag", SqlStdOperatorTable.LAG, "lag(x[, n[, default]]) OVER (...)", "x of the row n (default 1) before");
        std("lead", SqlStdOperatorTable.LEAD, "lead(x[, n[, default]]) OVER (...)", "x of the row n (default 1) after");
        std("first_value", SqlStdOperatorTable.FIRST_VALUE, "first_value(x) OVER (...)", "x of the frame's first row");
        std("last_value", SqlStdOperatorTable.LAST_VALUE, "last_value(x) OVER (...)", "x of the frame's last row");
        std("grouping", SqlStdOperatorTable.GROUPING, "grouping(x)", "1 when x is aggregated away in this grouping set, else 0");
    }

    private void add(FunctionDefinition definition) {
        HiveFunction f = new HiveFunction(definition.checkComplete());
        String name = definition.name();
        put(name, f, new FunctionInfo(name, f.signature(), f.description(), "scalar"));
        for (String alias : definition.aliases()) {
            put(alias, f, new FunctionInfo(alias, alias + f.signature().substring(name.length()),
                    f.description() + " (synonym of " + name + ")", "scalar"));
        }
    }

    private void put(String name, SqlOperator op, FunctionInfo description) {
        if (byName.put(name, op) != null) {
            throw new IllegalStateException("Function " + name + " is defined twice");
        }
        info.put(name, description);
    }

    private void std(String name, SqlOperator op, String signature, String description) {
        byName.put(name, op);
        String kind = op.isAggregator() && !List.of("row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile",
                "lag", "lead", "first_value", "last_value").contains(name) ? "aggregate" : op.getName().equals("GROUPING")
                ? "grouping" : "window";
        info.put(name, new FunctionInfo(name, signature, description, kind));
    }

    /**
     * Functions by name for function syntax; everything else (operators, CASE, CAST, ...) from
     * Calcite's standard table and Hive's own operators.
     */
    private final class Table implements SqlOperatorTable {
        private final SqlOperatorTable hive = SqlOperatorTables.of(HiveOperators.MULTIPLY, HiveOperators.DIVIDE, HiveOperators.INT_DIVIDE,
                HiveOperators.RLIKE);
        private final SqlOperatorTable operators = SqlOperatorTables.chain(hive, SqlStdOperatorTable.instance());

        @Override
        public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
                                            List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
            if (syntax == SqlSyntax.FUNCTION || syntax == SqlSyntax.FUNCTION_ID || syntax == SqlSyntax.FUNCTION_STAR) {
                if (opName.isSimple()) {
                    String name = opName.getSimple().toLowerCase(Locale.ROOT);
                    SqlOperator op = category == SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION
                            ? HiveTableFunction.named(name).orElse(null) : byName.get(name);
                    if (op != null) {
                        operatorList.add(op);
                    }
                }
                return;
            }
            // Hive's operators replace the standard ones of the same name (the validator looks "/" up again when typing it)
            int before = operatorList.size();
            hive.lookupOperatorOverloads(opName, category, syntax, operatorList, nameMatcher);
            if (operatorList.size() == before) {
                SqlStdOperatorTable.instance().lookupOperatorOverloads(opName, category, syntax, operatorList, nameMatcher);
            }
        }

        @Override
        public List<SqlOperator> getOperatorList() {
            List<SqlOperator> all = new ArrayList<>(operators.getOperatorList());
            all.addAll(byName.values());
            return all;
        }
    }
}
