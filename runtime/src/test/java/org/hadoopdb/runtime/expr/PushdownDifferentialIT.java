package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.row.ResultSetRowReader;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.runtime.expr.ExpressionHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The proof that pushdown never changes an answer: every expression the policy pushes is evaluated
 * on a table of tricky values both by the SQL sent to a real PostgreSQL and by the Java compiled for
 * MapReduce, and the results must be equal row by row.
 */
class PushdownDifferentialIT {
    private static final String SCHEMA = "pushdown_it";
    private static final QueryPlanner PLANNER = PlannerServices.queryPlanner();
    private static Connection db;
    private static final List<Row> ROWS = new ArrayList<>();

    /** Every expression must be pushed (the test fails if the policy refuses one). */
    private static final List<String> EXPRESSIONS = List.of(
            // strings
            "substr(s, 2, 3)", "substr(s, 0)", "substr(s, -3, 2)", "substr(s, 5)", "substring(s, 1, 1)",
            "concat(s, '-', i)", "concat(s, s2)", "concat_ws(',', s, s2)", "concat_ws('', s, n, s2)",
            "trim(s)", "ltrim(s)", "rtrim(s)", "length(s)", "reverse(s)", "repeat(s, 2)", "lpad(s, 6, 'xy')",
            "rpad(s, 3, 'é')", "instr(s, 'a')", "locate('b', s)", "space(ti)", "translate(s, 'abé', 'x')",
            "replace(s, 'a', 'XY')", "CAST(s AS VARCHAR(2))", "CAST(i AS STRING)", "CAST(b AS STRING)",
            "s = s2", "s <> s2", "s < s2", "s >= 'b'", "s > s2", "s IN ('a', 'abc')", "s BETWEEN 'a' AND 'b'",
            "s LIKE 'a%'", "s LIKE '%\\\\%%'", "s LIKE '_b%'", "s NOT LIKE '%c'",
            "s RLIKE '^a.c'", "s RLIKE 'b+$'", "s RLIKE '[0-9]+'", "s RLIKE '\\\\d\\\\s'", "s RLIKE 'a|é'",
            "s RLIKE '(ab)+c?$'", "s RLIKE '^.*$'", "s RLIKE '[^a-c]'", "s RLIKE 'c$'", "s RLIKE '\\\\.'",
            "s RLIKE 'x.$'", "s RLIKE '\\\\\\\\'", "s RLIKE '[.]b'", "s RLIKE 'a{1,2}b*'", "s RLIKE '^$'",
            "repeat(s, ti)", "lpad(s, 0, 'x')", "substr(s, 1, 0)", "concat_ws(s2, s, s)", "translate(s, s2, 'x')",
            "replace(s, s2, '')", "instr(s, s2)", "md5(concat(s, s2))", "length(concat(s, s2))", "reverse(s2)",
            "nvl(s, NULL)", "coalesce(NULL, i)", "substr(v, 2)", "s = v",
            "least(s, s2)", "greatest(s, s2, 'b')", "nvl(s, 'x')", "nullif(s, '')", "md5(s)", "sha2(s, 256)",
            "sha2(s, 512)", "hex(s)",
            // integers
            "i + 1", "i - b", "i * i", "b * 2", "b + b", "-i", "-b", "si * si", "ti + ti", "i / 2", "i / si",
            "i DIV 3", "i % 3", "i % si", "b % i", "abs(i)", "abs(b)", "ceil(i)", "round(i)", "greatest(i, b)",
            "least(i, 0)", "CAST(i AS BIGINT)", "CAST(i AS DECIMAL(12,2))", "CAST(si AS INT)", "CAST(i AS DOUBLE)",
            "hex(i)", "hex(b)", "i = b", "i < si", "i BETWEEN -5 AND 5", "i IN (1, 2, 3)", "i IS DISTINCT FROM n",
            "i <=> si", "coalesce(n, i, 0)", "nullif(i, 0)", "isnull(i)", "isnotnull(n)",
            "CAST(i AS BOOLEAN)",
            // decimals
            "m + m", "m * m", "m * m * m * m * m", "CAST(m AS DECIMAL(38,20)) + m", "CAST(i AS DECIMAL(10,0)) * CAST(b AS DECIMAL(19,0)) * m", "m - 1", "m + i", "m % 3", "m % i", "round(m, 1)", "round(m)", "round(m, -1)",
            "floor(m)", "ceil(m)", "abs(m)", "sign(m)", "pmod(m, 3)", "greatest(m, 1)", "m > 1", "m = i",
            "CAST(m AS DECIMAL(12,3))", "CAST(m AS DECIMAL(12,1))", "m IN (1.5, 2)",
            // floating point
            "d > 1.5", "d < 1.5", "d >= 0", "d <= 0", "d = d", "d <> d", "d = f", "d <> f", "f > 0", "d > i",
            "abs(d)", "sqrt(d)", "CAST(f AS DOUBLE)", "d IN (1.5, 0.0)", "d BETWEEN -1 AND 1",
            // dates and timestamps
            "year(dt)", "month(dt)", "day(dt)", "quarter(dt)", "weekofyear(dt)", "dayofweek(dt)", "hour(ts)",
            "minute(ts)", "second(ts)", "year(ts)", "weekofyear(ts)", "hour(dt)", "to_date(ts)",
            "datediff(dt, DATE '2000-01-01')", "datediff(to_date(ts), dt)", "date_add(dt, 30)", "date_sub(dt, 400)",
            "dt + INTERVAL '30' DAY", "dt - INTERVAL '2' MONTH", "ts + INTERVAL '1' HOUR", "ts - INTERVAL '1' YEAR",
            "dt < DATE '2000-01-01'", "ts >= TIMESTAMP '2020-01-01 00:00:00'", "CAST(dt AS TIMESTAMP)",
            "CAST(ts AS DATE)", "unix_timestamp(ts)", "unix_timestamp(dt)", "dt = CAST('2024-02-29' AS DATE)",
            "EXTRACT(MONTH FROM ts)", "dt + 30 days", "dt + -30 days", "dt - 26 hours", "dt - 365 days", "dt + 1 month", "ts + 1000 hours",
            "ts - '1-2' year to month", "ts + INTERVAL '1 02:03:04' DAY TO SECOND",
            // logic and conditionals
            "bo AND i > 0", "bo OR n > 0", "NOT bo", "bo IS TRUE", "bo IS NOT FALSE",
            "if(i > 0, s, s2)", "nvl2(s, 1, 2)", "CASE WHEN i > 0 THEN 'p' WHEN i < 0 THEN 'n' END",
            "CASE si WHEN 0 THEN 'zero' ELSE 'other' END", "coalesce(s, s2)");

    @BeforeAll
    static void createTable() throws Exception {
        NodeInfo node = TestClusters.shared(1).catalog().nodes().get(0);
        db = TestClusters.connect(node);
        try (Statement st = db.createStatement()) {
            // the shared test cluster outlives this class: a private schema, dropped first in case of a failed run
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            st.execute("CREATE SCHEMA " + SCHEMA);
            st.execute("SET search_path TO " + SCHEMA);
            st.execute("CREATE TABLE t (i integer, b bigint, si smallint, ti smallint, d double precision, f real, "
                    + "m numeric(10,2), s text, s2 text, dt date, ts timestamp, bo boolean, bin bytea, v varchar(5), "
                    + "n integer, id integer)");
        }
        Object[][] rows = {
                {1, 1L, (short) 1, (byte) 1, 1.5, 1.5f, "1.25", "abc", "abd", "2024-02-29", "2024-02-29 10:11:12.5", true},
                {-7, -7L, (short) 0, (byte) 0, -0.0, 0.0f, "-2.50", "", "a", "1970-01-01", "1969-12-31 23:59:59.999", false},
                {Integer.MAX_VALUE, Long.MAX_VALUE, Short.MAX_VALUE, (byte) 3, Double.NaN, Float.NaN, "99999999.99",
                        "  padded  ", "padded", "1999-12-31", "1999-12-31 23:59:59", null},
                {Integer.MIN_VALUE, Long.MIN_VALUE, Short.MIN_VALUE, (byte) -2, Double.POSITIVE_INFINITY,
                        Float.NEGATIVE_INFINITY, "-99999999.99", "é\uD83D\uDE00ß", "\uFFFF", "2000-01-01", "2000-01-01 00:00:00", true},
                {0, 0L, (short) 0, (byte) 0, 0.0, -0.0f, "0.00", "ab\n", "ab", "2020-12-31", "2021-01-03 12:00:00", false},
                {2, 3L, (short) 2, (byte) 2, -1e300, 1e30f, "2.50", "a%b_c\\d", "A%B", "2021-01-03", "2008-12-29 00:00:01", true},
                {3, -3L, (short) -3, (byte) 5, 1e-300, 1.1f, "-0.05", "12 34", "1a", "1900-02-28", "1900-03-01 06:30:00.123456", null},
                {null, null, null, null, null, null, null, null, null, null, null, null},
                {5, 10L, (short) 7, (byte) 1, 2.0, 2.0f, "5.55", "a\nc", "a.c", "2016-02-29", "2016-02-29 23:59:59.9", false},
                {-1, -1L, (short) -1, (byte) -1, -2.5, -2.5f, "0.55", "bb", null, "2004-12-31", "2005-01-02 00:00:00", true},
                {10, 20L, (short) 3, (byte) 4, 0.1, 0.1f, "10.00", "xyzzy", "xyz", "1987-06-15", "1987-06-15 15:15:15", false},
                {4, 2L, (short) 4, (byte) 0, 1e15, 3.4e38f, "-1.25", "b", "b", "2023-01-01", "2023-01-01 00:00:00.000001", true},
                {6, 6L, (short) 6, (byte) 6, 0.5, 0.5f, "2.45", "abc\r\n", "c", "0001-01-01", "0001-01-01 00:00:00", false},
                {-6, -6L, (short) -6, (byte) -6, -0.5, -0.5f, "-2.45", "x\u2028", "\u2028", "9999-12-31", "9999-12-31 23:59:59.999999", true},
                {7, 7L, (short) 7, (byte) 7, 123.456, 1e-30f, "0.01", "a.b", ".", "2000-02-29", "2000-02-29 12:00:00", false},
                {8, 8L, (short) 8, (byte) 8, -1e-320, -3.4e38f, "-0.01", "'quoted' \\", "\\", "1600-03-01", "1582-10-15 00:00:00", null},
        };
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO " + SCHEMA + ".t VALUES "
                + "(?, ?, ?, ?, ?, ?, ?::numeric, ?, ?, ?::date, ?::timestamp, ?, NULL, NULL, NULL, ?)")) {
            int id = 0;
            for (Object[] r : rows) {
                for (int c = 0; c < r.length; c++) {
                    Object v = r[c] instanceof Byte by ? Short.valueOf(by) : r[c];
                    ps.setObject(c + 1, v);
                }
                ps.setInt(13, id++);
                ps.executeUpdate();
            }
        }
        // the rows as a map task receives them: read back through the connector's reader
        RowSchema schema = ExpressionHarness.SCHEMA;
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT i, b, si, ti, d, f, m, s, s2, dt, ts, bo, bin, v, n, id FROM " + SCHEMA + ".t ORDER BY id")) {
            ResultSetRowReader reader = new ResultSetRowReader(schema, rs);
            Row row = new Row(schema);
            while (reader.next(row)) {
                ROWS.add(row.copy());
            }
        }
        assertThat(ROWS).hasSize(rows.length);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        if (db != null) {
            try (Statement st = db.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            }
            db.close();
        }
    }

    @Test
    void pushedExpressionsGiveTheSameResultsAsCompiledJava() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (String expr : EXPRESSIONS) {
            ChunkSource source = pushedSource("SELECT " + expr + " FROM t", mismatches);
            if (source == null) {
                continue;
            }
            List<Object> sql = new ArrayList<>();
            String select = source.sql().replace(" FROM \"t\"", " FROM " + SCHEMA + ".t ORDER BY id");
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(select)) {
                ResultSetRowReader reader = new ResultSetRowReader(source.schema(), rs);
                Row row = new Row(source.schema());
                while (reader.next(row)) {
                    sql.add(row.get(0));
                }
            } catch (SQLException | RuntimeException e) {
                mismatches.add(expr + ": reading " + select + " failed: " + e.getMessage());
                continue;
            }
            for (int r = 0; r < ROWS.size(); r++) {
                Object java = ExpressionHarness.eval(expr, ROWS.get(r));
                if (!same(java, sql.get(r))) {
                    mismatches.add(expr + " on row " + r + ": Java " + show(java) + ", PostgreSQL " + show(sql.get(r))
                            + " (" + source.sql() + ")");
                }
            }
        }
        assertThat(mismatches).as(String.join("\n", mismatches)).isEmpty();
    }

    @Test
    void pushedFiltersKeepTheSameRows() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (String expr : EXPRESSIONS) {
            if (!isBoolean(expr)) {
                continue;
            }
            ChunkSource source = pushedSource("SELECT id FROM t WHERE " + expr, mismatches);
            if (source == null) {
                continue;
            }
            List<Integer> sql = new ArrayList<>();
            String select = source.sql().replace(" FROM \"t\"", " FROM " + SCHEMA + ".t") + " ORDER BY 1";
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(select)) {
                while (rs.next()) {
                    sql.add(rs.getInt(1));
                }
            }
            List<Integer> java = new ArrayList<>();
            for (Row row : ROWS) {
                if (ExpressionHarness.test(expr, row)) {
                    java.add(row.getInt(ExpressionHarness.SCHEMA.fieldIndex("id")));
                }
            }
            if (!java.equals(sql)) {
                mismatches.add("WHERE " + expr + ": Java keeps " + java + ", PostgreSQL " + sql + " (" + source.sql() + ")");
            }
        }
        assertThat(mismatches).as(String.join("\n", mismatches)).isEmpty();
    }

    @Test
    void pushedAggregatesArriveWithHiveTypesAndValues() throws Exception {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(
                "SELECT SUM(b), SUM(i), SUM(f), AVG(i), AVG(m), MIN(s), MAX(s), COUNT(d), VAR_POP(si), SUM(m) FROM t"));
        QueryPlan plan = PLANNER.plan(ExpressionHarness.CATALOG, q.query(), PlanningOptions.DEFAULTS).plan();
        ChunkSource source = plan.result() instanceof QueryPlan.Direct d ? d.source()
                : ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source();
        String select = source.sql().replace(" FROM \"t\"", " FROM " + SCHEMA + ".t");
        Row row = new Row(source.schema());
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(select)) {
            assertThat(new ResultSetRowReader(source.schema(), rs).next(row)).as(select).isTrue();
        }
        long sumB = 0;
        long sumI = 0;
        for (Row r : ROWS) {
            sumB += r.isNull(1) ? 0 : r.getLong(1);
            sumI += r.isNull(0) ? 0 : r.getLong(0);
        }
        // the partial states of this single chunk: the sums wrap like Java's long arithmetic
        assertThat(row.get(0)).as(select).isEqualTo(sumB);
        assertThat(row.get(1)).as(select).isEqualTo(sumI);
    }

    @Test
    void pushedOrderByRunsAndOrdersByCodePoint() throws Exception {
        for (String sql : List.of("SELECT s, id FROM t ORDER BY s, id", "SELECT substr(s, 1, 2) AS x, id FROM t ORDER BY x DESC, id")) {
            QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
            QueryPlan plan = PLANNER.plan(ExpressionHarness.CATALOG, q.query(), PlanningOptions.DEFAULTS).plan();
            ChunkSource source = plan.result() instanceof QueryPlan.Direct d ? d.source()
                    : ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source();
            String select = source.sql().replace(" FROM \"t\"", " FROM " + SCHEMA + ".t");
            List<String> got = new ArrayList<>();
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(select)) {
                while (rs.next()) {
                    got.add(rs.getString(1));
                }
            }
            List<String> expected = new ArrayList<>(got);
            boolean desc = sql.contains("DESC");
            expected.sort((a, b) -> a == null ? (b == null ? 0 : desc ? 1 : -1) : b == null ? (desc ? -1 : 1)
                    : desc ? org.hadoopdb.functions.impl.HiveComparisons.compare(b, a) : org.hadoopdb.functions.impl.HiveComparisons.compare(a, b));
            assertThat(got).as(select).isEqualTo(expected);
        }
    }

    private static boolean isBoolean(String expr) {
        for (Row row : ROWS) {
            Object v = ExpressionHarness.eval(expr, row);
            if (v != null) {
                return v instanceof Boolean;
            }
        }
        return false;
    }

    /** The chunk SQL of {@code sql}, or null (and a mismatch) when the policy did not push all of it. */
    private static ChunkSource pushedSource(String sql, List<String> mismatches) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        QueryPlanner.PlannedQuery planned = PLANNER.plan(ExpressionHarness.CATALOG, q.query(), PlanningOptions.DEFAULTS);
        for (String note : planned.plan().notes()) {
            if (note.contains("runs in MapReduce")) {
                mismatches.add(sql + " is not pushed: " + note);
                return null;
            }
        }
        QueryPlan plan = planned.plan();
        return plan.result() instanceof QueryPlan.Direct d ? d.source()
                : ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source();
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (a instanceof Double x && b instanceof Double y) {
            return Double.doubleToLongBits(x) == Double.doubleToLongBits(y) || x.equals(y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return Objects.equals(a, b);
    }

    private static String show(Object v) {
        if (v instanceof String s) {
            return "'" + s.replace("\n", "\\n") + "'";
        }
        if (v instanceof LocalDate || v instanceof LocalDateTime) {
            return v.toString();
        }
        return String.valueOf(v) + (v == null ? "" : " (" + v.getClass().getSimpleName() + ")");
    }
}
