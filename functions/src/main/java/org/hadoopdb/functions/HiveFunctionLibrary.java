package org.hadoopdb.functions;

import static org.hadoopdb.functions.ArgKind.ANY;
import static org.hadoopdb.functions.ArgKind.BIGINT;
import static org.hadoopdb.functions.ArgKind.BOOLEAN;
import static org.hadoopdb.functions.ArgKind.DATE;
import static org.hadoopdb.functions.ArgKind.DATETIME;
import static org.hadoopdb.functions.ArgKind.DOUBLE;
import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.INTEGER_OR_STRING;
import static org.hadoopdb.functions.ArgKind.NUMBER;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.ArgKind.STRING_OR_BINARY;

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
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.hadoopdb.catalog.Names;

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
 * Scalar functions are {@link HiveFunction}s; aggregates, window functions and operators are
 * Calcite's standard ones, with Hive's names mapped onto them ({@code variance} is VAR_POP,
 * {@code stddev} is STDDEV_POP).
 */
public final class HiveFunctionLibrary {
    /** What {@code SHOW FUNCTIONS} and {@code DESCRIBE FUNCTION} print for one name. */
    public record FunctionInfo(String name, String signature, String description, String kind) {
    }

    private static final HiveFunctionLibrary INSTANCE = new HiveFunctionLibrary();

    private final Map<String, SqlOperator> byName = new TreeMap<>();
    private final Map<String, FunctionInfo> info = new TreeMap<>();
    private final SqlOperatorTable table;

    public static HiveFunctionLibrary instance() {
        return INSTANCE;
    }

    private HiveFunctionLibrary() {
        strings();
        dates();
        math();
        conditionals();
        misc();
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

    // ---------------------------------------------------------------- the definitions

    private void strings() {
        def("substr", HiveReturnTypes.STRING, "substr(string str, int pos[, int len])",
                "The substring of str from position pos (1-based; negative counts from the end) of at most len characters",
                2, null, STRING, INT, INT);
        alias("substring", "substr");
        def("concat", HiveReturnTypes.STRING, "concat(string a, string b, ...)",
                "The arguments joined; NULL if any is NULL", 1, STRING);
        def("concat_ws", HiveReturnTypes.STRING, "concat_ws(string sep, string a, string b, ...)",
                "The arguments joined by sep, NULL arguments skipped", 2, STRING, STRING);
        def("upper", HiveReturnTypes.STRING, "upper(string str)", "str in upper case", 1, null, STRING);
        alias("ucase", "upper");
        def("lower", HiveReturnTypes.STRING, "lower(string str)", "str in lower case", 1, null, STRING);
        alias("lcase", "lower");
        def("trim", HiveReturnTypes.STRING, "trim(string str)", "str without leading and trailing spaces", 1, null, STRING);
        def("ltrim", HiveReturnTypes.STRING, "ltrim(string str)", "str without leading spaces", 1, null, STRING);
        def("rtrim", HiveReturnTypes.STRING, "rtrim(string str)", "str without trailing spaces", 1, null, STRING);
        def("length", HiveReturnTypes.INT, "length(string str)", "The number of characters in str", 1, null, STRING);
        def("reverse", HiveReturnTypes.STRING, "reverse(string str)", "str reversed", 1, null, STRING);
        def("repeat", HiveReturnTypes.STRING, "repeat(string str, int n)", "str repeated n times", 2, null, STRING, INT);
        def("lpad", HiveReturnTypes.STRING, "lpad(string str, int len, string pad)",
                "str left-padded with pad (or truncated) to len characters", 3, null, STRING, INT, STRING);
        def("rpad", HiveReturnTypes.STRING, "rpad(string str, int len, string pad)",
                "str right-padded with pad (or truncated) to len characters", 3, null, STRING, INT, STRING);
        def("instr", HiveReturnTypes.INT, "instr(string str, string substr)",
                "The 1-based position of the first substr in str, 0 if none", 2, null, STRING, STRING);
        def("locate", HiveReturnTypes.INT, "locate(string substr, string str[, int pos])",
                "The 1-based position of the first substr in str at or after pos, 0 if none", 2, null, STRING, STRING, INT);
        def("space", HiveReturnTypes.STRING, "space(int n)", "A string of n spaces", 1, null, INT);
        def("ascii", HiveReturnTypes.INT, "ascii(string str)", "The numeric value of the first character of str", 1, null, STRING);
        def("initcap", HiveReturnTypes.STRING, "initcap(string str)",
                "str with the first letter of each word in upper case, the others in lower case", 1, null, STRING);
        def("translate", HiveReturnTypes.STRING, "translate(string str, string from, string to)",
                "str with each character of from replaced by the character at the same position of to (removed when to is shorter)",
                3, null, STRING, STRING, STRING);
        def("replace", HiveReturnTypes.STRING, "replace(string str, string search, string replacement)",
                "str with every occurrence of search replaced", 3, null, STRING, STRING, STRING);
        def("regexp_replace", HiveReturnTypes.STRING, "regexp_replace(string str, string regex, string replacement)",
                "str with every match of the Java regular expression replaced ($1 refers to a group)", 3, null, STRING, STRING, STRING);
        def("regexp_extract", HiveReturnTypes.STRING, "regexp_extract(string str, string regex[, int group])",
                "Group number group (default 1) of the first match of the Java regular expression, '' if none", 2, null,
                STRING, STRING, INT);
        def("split", HiveReturnTypes.STRING, "split(string str, string regex)",
                "Not supported: it returns an array, and HadoopDB has no ARRAY type", 2, null, STRING, STRING);
    }

    private void dates() {
        String[][] fields = {{"year", "The year"}, {"quarter", "The quarter (1 to 4)"}, {"month", "The month (1 to 12)"},
                {"day", "The day of the month"}, {"dayofmonth", null}, {"hour", "The hour (0 to 23)"},
                {"minute", "The minute"}, {"second", "The second"}, {"weekofyear", "The ISO-8601 week of the year"},
                {"dayofweek", "The day of the week, 1 (Sunday) to 7 (Saturday)"}};
        for (String[] f : fields) {
            if (f[1] == null) {
                alias(f[0], "day");
            } else {
                def(f[0], HiveReturnTypes.INT, f[0] + "(date|timestamp|string d)", f[1] + " of d", 1, null, DATETIME);
            }
        }
        def("to_date", HiveReturnTypes.DATE, "to_date(date|timestamp|string d)", "The date part of d", 1, null, DATETIME);
        def("date", HiveReturnTypes.DATE, "date(date|timestamp|string d)", "d as a date (CAST(d AS DATE))", 1, null, DATE);
        def("datediff", HiveReturnTypes.INT, "datediff(date end, date start)", "The number of days from start to end",
                2, null, DATE, DATE);
        def("date_add", HiveReturnTypes.DATE, "date_add(date d, int days)", "d plus days days", 2, null, DATE, INT);
        def("date_sub", HiveReturnTypes.DATE, "date_sub(date d, int days)", "d minus days days", 2, null, DATE, INT);
        def("add_months", HiveReturnTypes.STRING, "add_months(date d, int n)",
                "d plus n months as 'yyyy-MM-dd'; the last day of a month stays the last day", 2, null, DATE, INT);
        def("last_day", HiveReturnTypes.STRING, "last_day(date d)", "The last day of d's month as 'yyyy-MM-dd'", 1, null, DATE);
        def("months_between", HiveReturnTypes.DOUBLE, "months_between(date|timestamp a, date|timestamp b)",
                "The months from b to a, fractional unless both are the same day of month or both last days, rounded to 8 digits",
                2, null, DATETIME, DATETIME);
        def("date_format", HiveReturnTypes.STRING, "date_format(date|timestamp d, string pattern)",
                "d formatted with a Java SimpleDateFormat pattern", 2, null, DATETIME, STRING);
        def("unix_timestamp", HiveReturnTypes.BIGINT, "unix_timestamp([string|date|timestamp t[, string pattern]])",
                "Seconds since 1970-01-01 00:00 UTC of t (text read as 'yyyy-MM-dd HH:mm:ss' or with the SimpleDateFormat "
                        + "pattern, in the session time zone, UTC by default); of the query's start without arguments",
                0, null, ANY, STRING);
        def("from_unixtime", HiveReturnTypes.STRING, "from_unixtime(bigint seconds[, string pattern])",
                "The time seconds after 1970-01-01 00:00 UTC as text ('yyyy-MM-dd HH:mm:ss' or the pattern), in the session time zone",
                1, null, BIGINT, STRING);
        defNondeterministic("current_date", HiveReturnTypes.DATE, "current_date()",
                "The date when the query started (the same for every row)", 0);
        defNondeterministic("current_timestamp", HiveReturnTypes.TIMESTAMP, "current_timestamp()",
                "The time when the query started (the same for every row)", 0);
    }

    private void math() {
        def("round", HiveReturnTypes.ROUND, "round(number x[, int d])", "x rounded half up to d decimal places (default 0)",
                1, null, NUMBER, INT);
        def("bround", HiveReturnTypes.ROUND, "bround(number x[, int d])",
                "x rounded half to even (banker's rounding) to d decimal places", 1, null, NUMBER, INT);
        def("floor", HiveReturnTypes.FLOOR, "floor(number x)", "The largest integer not greater than x", 1, null, NUMBER);
        def("ceil", HiveReturnTypes.FLOOR, "ceil(number x)", "The smallest integer not less than x", 1, null, NUMBER);
        alias("ceiling", "ceil");
        def("abs", HiveReturnTypes.ARG0, "abs(number x)", "The absolute value of x", 1, null, NUMBER);
        def("sign", HiveReturnTypes.SIGN, "sign(number x)", "-1, 0 or 1 as x is negative, zero or positive", 1, null, NUMBER);
        def("pow", HiveReturnTypes.DOUBLE, "pow(double x, double p)", "x raised to the power p", 2, null, DOUBLE, DOUBLE);
        alias("power", "pow");
        def("sqrt", HiveReturnTypes.DOUBLE, "sqrt(double x)", "The square root of x; NULL for a negative x", 1, null, DOUBLE);
        def("exp", HiveReturnTypes.DOUBLE, "exp(double x)", "e raised to the power x", 1, null, DOUBLE);
        def("ln", HiveReturnTypes.DOUBLE, "ln(double x)", "The natural logarithm of x; NULL unless x > 0", 1, null, DOUBLE);
        def("log", HiveReturnTypes.DOUBLE, "log([double base,] double x)",
                "The logarithm of x to base (natural without base); NULL unless both are > 0 (and base <> 1)", 1, null, DOUBLE, DOUBLE);
        def("log10", HiveReturnTypes.DOUBLE, "log10(double x)", "The base-10 logarithm of x; NULL unless x > 0", 1, null, DOUBLE);
        def("log2", HiveReturnTypes.DOUBLE, "log2(double x)", "The base-2 logarithm of x; NULL unless x > 0", 1, null, DOUBLE);
        def("pmod", HiveReturnTypes.common(0), "pmod(number a, number b)", "The positive remainder of a divided by b",
                2, null, NUMBER, NUMBER);
        defNondeterministic("rand", HiveReturnTypes.DOUBLE, "rand([bigint seed])",
                "A random number in [0, 1), a new one for every row", 0, BIGINT);
    }

    private void conditionals() {
        def("if", HiveReturnTypes.common(1), "if(boolean cond, any a, any b)", "a when cond is TRUE, else b", 3, null,
                BOOLEAN, ANY, ANY);
        def("nvl", HiveReturnTypes.common(0), "nvl(any a, any b)", "a, or b when a is NULL", 2, null, ANY, ANY);
        def("coalesce", HiveReturnTypes.common(0), "coalesce(any a, any b, ...)", "The first argument that is not NULL", 1, ANY);
        def("nullif", HiveReturnTypes.ARG0, "nullif(any a, any b)", "NULL when a = b, else a", 2, null, ANY, ANY);
        def("nvl2", HiveReturnTypes.common(1), "nvl2(any a, any b, any c)", "b when a is not NULL, else c", 3, null, ANY, ANY, ANY);
        def("isnull", HiveReturnTypes.BOOLEAN_NOT_NULL, "isnull(any a)", "TRUE when a is NULL", 1, null, ANY);
        def("isnotnull", HiveReturnTypes.BOOLEAN_NOT_NULL, "isnotnull(any a)", "TRUE when a is not NULL", 1, null, ANY);
        def("greatest", HiveReturnTypes.common(0), "greatest(any a, any b, ...)",
                "The largest argument; NULL if any is NULL", 2, ANY);
        def("least", HiveReturnTypes.common(0), "least(any a, any b, ...)", "The smallest argument; NULL if any is NULL", 2, ANY);
    }

    private void misc() {
        def("md5", HiveReturnTypes.STRING, "md5(string|binary x)", "The MD5 digest of x (of its UTF-8 bytes) in hex", 1, null,
                STRING_OR_BINARY);
        def("sha2", HiveReturnTypes.STRING, "sha2(string|binary x, int bits)",
                "The SHA-2 digest (bits 224, 256, 384 or 512; 0 means 256) of x in hex; NULL for other bits", 2, null,
                STRING_OR_BINARY, INT);
        def("hex", HiveReturnTypes.STRING, "hex(bigint|string|binary x)",
                "x in hexadecimal: a number's two's complement, a string's UTF-8 bytes", 1, null, ArgKind.ANY);
        def("unhex", HiveReturnTypes.BINARY, "unhex(string hex)", "The bytes the hexadecimal digits stand for; NULL if not hex",
                1, null, STRING);
        def("conv", HiveReturnTypes.STRING, "conv(bigint|string num, int from, int to)",
                "num converted from base from to base to (2 to 36; a negative to gives a signed result)", 3, null,
                INTEGER_OR_STRING, INT, INT);
    }

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

    private void def(String name, SqlReturnTypeInference returnType, String signature, String description, int minArgs,
                     ArgKind variadic, ArgKind... params) {
        add(new HiveFunction(name, List.of(params), minArgs, variadic, returnType, true, signature, description));
    }

    private void defNondeterministic(String name, SqlReturnTypeInference returnType, String signature, String description,
                                     int minArgs, ArgKind... params) {
        add(new HiveFunction(name, List.of(params), minArgs, null, returnType, false, signature, description));
    }

    private void add(HiveFunction f) {
        byName.put(f.getName(), f);
        info.put(f.getName(), new FunctionInfo(f.getName(), f.signature(), f.description(), "scalar"));
    }

    private void alias(String alias, String target) {
        HiveFunction f = (HiveFunction) byName.get(target);
        byName.put(alias, f);
        info.put(alias, new FunctionInfo(alias, alias + f.signature().substring(target.length()),
                f.description() + " (synonym of " + target + ")", "scalar"));
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
        private final SqlOperatorTable hive = SqlOperatorTables.of(HiveOperators.DIVIDE, HiveOperators.INT_DIVIDE,
                HiveOperators.RLIKE);
        private final SqlOperatorTable operators = SqlOperatorTables.chain(hive, SqlStdOperatorTable.instance());

        @Override
        public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
                                            List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
            if (syntax == SqlSyntax.FUNCTION || syntax == SqlSyntax.FUNCTION_ID || syntax == SqlSyntax.FUNCTION_STAR) {
                if (opName.isSimple()) {
                    SqlOperator op = byName.get(opName.getSimple().toLowerCase(Locale.ROOT));
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
