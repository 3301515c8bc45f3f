package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** The PostgreSQL each pushed Hive function and operator becomes, and the reasons for those kept in MapReduce. */
class PushedSqlTest {
    private static final QueryPlanner PLANNER = PlannerServices.queryPlanner();

    private static QueryPlanner.PlannedQuery plan(String sql) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return PLANNER.plan(ExpressionHarness.CATALOG, q.query(), PlanningOptions.DEFAULTS);
    }

    /** The SQL sent to the chunks for {@code SELECT expr FROM t}. */
    private static String pushed(String expr) {
        QueryPlan plan = plan("SELECT " + expr + " FROM t").plan();
        String sql = plan.result() instanceof QueryPlan.Direct d ? d.source().sql()
                : ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source().sql();
        assertThat(sql).startsWith("SELECT ").endsWith(" FROM \"t\"");
        String item = sql.substring("SELECT ".length(), sql.length() - " FROM \"t\"".length());
        return item.endsWith(" AS \"EXPR$0\"") ? item.substring(0, item.length() - " AS \"EXPR$0\"".length()) : item;
    }

    /** Why {@code expr} stays in MapReduce (the EXPLAIN note). */
    private static String refused(String expr) {
        QueryPlanner.PlannedQuery q = plan("SELECT " + expr + " FROM t");
        assertThat(q.plan().notes()).as(expr).anyMatch(n -> n.contains("runs in MapReduce"));
        return String.join("\n", q.plan().notes());
    }

    @Test
    void stringFunctions() {
        assertThat(pushed("substr(s, 2, 3)")).isEqualTo("(SUBSTR(\"s\", 2, 3))");
        assertThat(pushed("substr(s, 0)")).isEqualTo("(SUBSTR(\"s\", 1))");
        assertThat(pushed("substring(s, -3, 2)")).isEqualTo(
                "(CASE WHEN CHAR_LENGTH(\"s\") < 3 THEN '' ELSE SUBSTR(\"s\", CHAR_LENGTH(\"s\") - 2, 2) END)");
        assertThat(refused("substr(s, i)")).contains("substr with a computed");
        assertThat(pushed("concat(s, '-', i)")).isEqualTo("(\"s\" || '-' || CAST(\"i\" AS VARCHAR))");
        assertThat(pushed("concat_ws(',', s, s2)")).isEqualTo("(CONCAT_WS(',', \"s\", \"s2\"))");
        assertThat(pushed("trim(s)")).isEqualTo("(BTRIM(\"s\", ' '))");
        assertThat(pushed("ltrim(s)")).isEqualTo("(LTRIM(\"s\", ' '))");
        assertThat(pushed("rtrim(s)")).isEqualTo("(RTRIM(\"s\", ' '))");
        assertThat(pushed("length(s)")).isEqualTo("(CHAR_LENGTH(\"s\"))");
        assertThat(pushed("reverse(s)")).isEqualTo("(REVERSE(\"s\"))");
        assertThat(pushed("repeat(s, 3)")).isEqualTo("(REPEAT(\"s\", 3))");
        assertThat(pushed("lpad(s, 5, 'ab')")).isEqualTo("(LPAD(\"s\", 5, 'ab'))");
        assertThat(pushed("rpad(s, 5, 'ab')")).isEqualTo("(RPAD(\"s\", 5, 'ab'))");
        assertThat(refused("lpad(s, 5, '')")).contains("empty pad");
        assertThat(pushed("instr(s, 'b')")).isEqualTo("(STRPOS(\"s\", 'b'))");
        assertThat(pushed("locate('b', s)")).isEqualTo("(STRPOS(\"s\", 'b'))");
        assertThat(pushed("space(i)")).isEqualTo("(REPEAT(' ', \"i\"))");
        assertThat(pushed("translate(s, 'ab', 'x')")).isEqualTo("(TRANSLATE(\"s\", 'ab', 'x'))");
        assertThat(pushed("replace(s, 'a', 'bb')")).isEqualTo("(REPLACE(\"s\", 'a', 'bb'))");
        assertThat(refused("upper(s)")).contains("C locale");
        assertThat(refused("lower(s)")).contains("C locale");
        assertThat(refused("initcap(s)")).contains("C locale");
        assertThat(refused("ascii(s)")).contains("UTF-8 byte");
        assertThat(refused("regexp_replace(s, 'a+', 'b')")).contains("leftmost");
        assertThat(refused("regexp_extract(s, 'a(b)', 1)")).contains("leftmost");
        assertThat(refused("soundex(s)")).contains("soundex is in PostgreSQL's fuzzystrmatch extension");
        assertThat(refused("levenshtein(s, s2)")).contains("levenshtein is in PostgreSQL's fuzzystrmatch extension");
        assertThat(pushed("s = 'it\\'s é'")).isEqualTo("\"s\" = U&'it''s \\00E9'");
    }

    @Test
    void dateFunctions() {
        assertThat(pushed("year(dt)")).isEqualTo("(CAST(EXTRACT(YEAR FROM \"dt\") AS INTEGER))");
        assertThat(pushed("month(ts)")).isEqualTo("(CAST(EXTRACT(MONTH FROM \"ts\") AS INTEGER))");
        assertThat(pushed("quarter(dt)")).isEqualTo("(CAST(EXTRACT(QUARTER FROM \"dt\") AS INTEGER))");
        assertThat(pushed("dayofmonth(dt)")).isEqualTo("(CAST(EXTRACT(DAY FROM \"dt\") AS INTEGER))");
        assertThat(pushed("hour(dt)")).isEqualTo("(CAST(EXTRACT(HOUR FROM CAST(\"dt\" AS TIMESTAMP)) AS INTEGER))");
        assertThat(pushed("second(ts)")).isEqualTo("(CAST(FLOOR(EXTRACT(SECOND FROM \"ts\")) AS INTEGER))");
        assertThat(pushed("weekofyear(dt)")).isEqualTo("(CAST(EXTRACT(WEEK FROM \"dt\") AS INTEGER))");
        assertThat(pushed("to_date(ts)")).isEqualTo("(CAST(\"ts\" AS DATE))");
        assertThat(pushed("datediff(dt, DATE '2020-01-01')")).isEqualTo("(\"dt\" - DATE '2020-01-01')");
        assertThat(pushed("date_add(dt, 3)")).isEqualTo("(\"dt\" + 3)");
        assertThat(pushed("date_sub(dt, 2)")).isEqualTo("(\"dt\" - 2)");
        assertThat(refused("date_sub(dt, i)")).contains("computed or huge");
        assertThat(pushed("unix_timestamp(ts)")).isEqualTo(
                "(CAST(FLOOR(EXTRACT(EPOCH FROM CAST(\"ts\" AS TIMESTAMP))) AS BIGINT))");
        assertThat(refused("year(s)")).contains("CAST of text");
        assertThat(refused("date_format(ts, 'yyyy')")).contains("date_format");
        assertThat(refused("from_unixtime(b)")).contains("from_unixtime");
        assertThat(refused("add_months(dt, 1)")).contains("add_months");
        assertThat(pushed("dt + INTERVAL '3' DAY")).isEqualTo("(CAST(\"dt\" + INTERVAL '3' DAY AS DATE))");
    }

    @Test
    void hivesIntervalShorthandIsPushedAsAnInterval() {
        assertThat(pushed("dt + 30 days")).isEqualTo("(CAST(\"dt\" + INTERVAL '30' DAY AS DATE))");
        assertThat(pushed("dt - 2 months")).isEqualTo("(CAST(\"dt\" - INTERVAL '2' MONTH AS DATE))");
        assertThat(pushed("ts + '1-2' year to month")).contains("INTERVAL '1-2' YEAR TO MONTH");
    }

    @Test
    void anIntervalOfThreeOrMoreDigitsIsPushedWithoutAPrecisionPostgresqlRejects() {
        assertThat(pushed("dt - INTERVAL '365' DAY")).isEqualTo("(CAST(\"dt\" - INTERVAL '365' DAY AS DATE))");
        assertThat(pushed("ts + 1000 hours")).isEqualTo("(\"ts\" + INTERVAL '1000' HOUR)");
        assertThat(pushed("dt + 26 hours")).isEqualTo("(CAST(\"dt\" + INTERVAL '26' HOUR AS DATE))");
        assertThat(pushed("dt + -30 days")).isEqualTo("(CAST(\"dt\" + (- INTERVAL '30' DAY) AS DATE))");
    }

    @Test
    void mathAndConditionals() {
        assertThat(pushed("round(m, 1)")).isEqualTo("(ROUND(\"m\", 1))");
        assertThat(refused("round(d, 1)")).contains("half to even");
        assertThat(refused("bround(m, 1)")).contains("bround");
        assertThat(pushed("floor(m)")).isEqualTo("(FLOOR(\"m\"))");
        assertThat(pushed("ceil(i)")).isEqualTo("(CAST(\"i\" AS BIGINT))");
        assertThat(refused("ceil(d)")).contains("saturates");
        assertThat(pushed("abs(d)")).isEqualTo("(ABS(\"d\"))");
        assertThat(pushed("abs(i)")).isEqualTo(
                "(CAST(((ABS(CAST(\"i\" AS BIGINT)) + 2147483648) & 4294967295) - 2147483648 AS INTEGER))");
        assertThat(pushed("sign(m)")).isEqualTo("(CAST(SIGN(\"m\") AS INTEGER))");
        assertThat(pushed("sqrt(d)")).isEqualTo(
                "(SQRT(CASE WHEN \"d\" < 0 THEN NULL ELSE CAST(\"d\" AS DOUBLE PRECISION) END))");
        assertThat(refused("ln(d)")).contains("last bit");
        assertThat(refused("pow(d, 2)")).contains("pow");
        assertThat(pushed("pmod(m, 3)")).contains("MOD(MOD(\"m\", NULLIF(3, 0)) + 3, NULLIF(3, 0))");
        assertThat(refused("rand()")).contains("random");
        assertThat(pushed("greatest(i, b)")).isEqualTo(
                "(CASE WHEN \"i\" IS NULL OR \"b\" IS NULL THEN NULL ELSE GREATEST(\"i\", \"b\") END)");
        assertThat(pushed("least(s, s2)")).contains("LEAST(\"s\" COLLATE \"C\", \"s2\" COLLATE \"C\")");
        assertThat(pushed("if(bo, i, 0)")).isEqualTo("(CASE WHEN \"bo\" THEN \"i\" ELSE 0 END)");
        assertThat(pushed("nvl(i, 0)")).isEqualTo("(COALESCE(\"i\", 0))");
        assertThat(pushed("coalesce(s, s2, 'x')")).isEqualTo("(COALESCE(\"s\", \"s2\", 'x'))");
        assertThat(pushed("nullif(i, 0)")).isEqualTo("(NULLIF(\"i\", 0))");
        assertThat(pushed("nvl2(s, 1, 2)")).isEqualTo("(CASE WHEN \"s\" IS NOT NULL THEN 1 ELSE 2 END)");
        assertThat(pushed("isnull(s)")).isEqualTo("(\"s\" IS NULL)");
        assertThat(pushed("isnotnull(s)")).isEqualTo("(\"s\" IS NOT NULL)");
        assertThat(pushed("md5(s)")).isEqualTo("(MD5(\"s\"))");
        assertThat(pushed("sha2(s, 256)")).isEqualTo("(ENCODE(SHA256(CONVERT_TO(\"s\", 'UTF8')), 'hex'))");
        assertThat(pushed("hex(i)")).isEqualTo("(UPPER(TO_HEX(CAST(\"i\" AS BIGINT))))");
        assertThat(pushed("hex(s)")).isEqualTo("(UPPER(ENCODE(CONVERT_TO(\"s\", 'UTF8'), 'hex')))");
        assertThat(refused("unhex(s)")).contains("unhex");
        assertThat(refused("conv(s, 16, 10)")).contains("conv");
    }

    @Test
    void operators() {
        assertThat(pushed("i + 1")).isEqualTo(
                "(CAST(((CAST(\"i\" AS BIGINT) + CAST(1 AS BIGINT) + 2147483648) & 4294967295) - 2147483648 AS INTEGER))");
        assertThat(pushed("m * m")).isEqualTo("\"m\" * \"m\"");
        assertThat(refused("d * 2")).contains("floating-point arithmetic");
        assertThat(pushed("i / 2")).isEqualTo(
                "(CAST(\"i\" AS DOUBLE PRECISION) / NULLIF(CAST(2 AS DOUBLE PRECISION), 0))");
        assertThat(refused("m / 2")).contains("decimal division");
        assertThat(pushed("i DIV 2")).isEqualTo("(CAST(\"i\" AS BIGINT) / 2)");
        assertThat(refused("i DIV i")).contains("DIV");
        assertThat(pushed("i % b")).isEqualTo("(CAST(\"i\" % NULLIF(\"b\", 0) AS BIGINT))");
        assertThat(refused("sign(d)")).contains("NaN");
        assertThat(pushed("s < s2")).isEqualTo("(\"s\" < \"s2\" COLLATE \"C\")");
        assertThat(pushed("d > 1.5")).isEqualTo("(CASE WHEN \"d\" IS NULL OR 1.5E0 IS NULL THEN NULL WHEN CAST(\"d\" AS DOUBLE "
                + "PRECISION) = 'NaN' OR CAST(1.5E0 AS DOUBLE PRECISION) = 'NaN' THEN FALSE ELSE \"d\" > 1.5E0 END)");
        assertThat(pushed("s LIKE 'a\\\\%b%'")).isEqualTo("(\"s\" LIKE 'a\\%b%' ESCAPE '\\')");
        assertThat(refused("s LIKE s2")).contains("LIKE pattern computed per row");
        assertThat(pushed("s RLIKE '^a.c$'")).isEqualTo("(\"s\" ~ '^a[^\\n\\r\\u0085\\u2028\\u2029]c(?=(\\r\\n|[\\n\\r\\u0085\\u2028\\u2029])?$)')");
        assertThat(refused("s RLIKE '(a)\\\\1'")).contains("regular expression");
        assertThat(pushed("CAST(i AS BIGINT)")).isEqualTo("CAST(\"i\" AS BIGINT)");
        assertThat(refused("CAST(b AS INT)")).contains("narrowing");
        assertThat(refused("CAST(s AS INT)")).contains("CAST of text");
        assertThat(refused("CAST(d AS STRING)")).contains("CAST from DOUBLE");
        assertThat(pushed("CAST(i AS STRING)")).isEqualTo("CAST(\"i\" AS VARCHAR)");
    }

    @Test
    void aStringInListOrASubqueryPlans() {
        // TPC-DS q45: the IN list of strings, expanded into an OR beside the OR of the decorrelated IN subquery,
        // made a filter Calcite rejects ("RexUtil.isFlat should be true") when the chunk SQL was written
        QueryPlan plan = plan("SELECT i FROM t WHERE substr(s, 1, 2) IN ('ab', 'cd', 'ef', 'gh', 'ij', 'kl', 'mn', 'op', 'qr',"
                + " 'st') OR i IN (SELECT i FROM t WHERE b > 3)").plan();
        String sql = plan.result() instanceof QueryPlan.Direct d ? d.source().sql()
                : ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source().sql();
        assertThat(sql).contains("'ab'", "'st'", "\"b\" > 3");
    }

    @Test
    void aggregatesGetHiveResultTypes() {
        String sql = plan("SELECT si, SUM(b), SUM(f), AVG(i), AVG(m), VARIANCE(i), MIN(s) FROM t GROUP BY si")
                .explain(false);
        assertThat(sql).contains("CAST(MOD(MOD(SUM(\"b\") + 9223372036854775808, 18446744073709551616)").contains("SUM(CAST(\"f\" AS DOUBLE PRECISION))")
                .contains("AVG(CAST(\"i\" AS DOUBLE PRECISION))").contains("CAST(AVG(\"m\") AS NUMERIC(14, 6))")
                .contains("VAR_POP(CAST(\"i\" AS DOUBLE PRECISION))").contains("MIN(\"s\" COLLATE \"C\")");
    }

    @Test
    void nullOrderingIsExplicit() {
        String sql = plan("SELECT s FROM t ORDER BY s, i DESC").explain(false);
        assertThat(sql).contains("ORDER BY (\"s\" COLLATE \"C\") NULLS FIRST, \"i\" DESC NULLS LAST");
        assertThat(plan("SELECT substr(s, 1, 2) AS x, i FROM t ORDER BY x DESC").explain(false))
                .contains("ORDER BY ((SUBSTR(\"s\", 1, 2)) COLLATE \"C\") DESC NULLS LAST");
    }

    @Test
    void implicitConversionsMatchBetweenSelectAndGroupBy() {
        String sql = plan("SELECT substr(i, 1, 2), COUNT(*) FROM t GROUP BY substr(i, 1, 2)").explain(false);
        assertThat(sql).contains("SUBSTR(CAST(\"i\" AS VARCHAR), 1, 2)").contains("GROUP BY");
    }
}
