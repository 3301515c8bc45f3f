package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join, sub-query and window differential suite: every join type over every placement (co-located
 * on the partitioning key, repartitioned on a string key, with a replicated table, with an empty
 * table), NULL join keys, semi joins, IN / NOT IN / EXISTS with NULLs, windows, multi-way joins,
 * CTEs and grouping sets. Each query's answer must equal one PostgreSQL's on the same rows.
 */
class JoinDifferentialIT {
    /** name, HiveQL columns, PostgreSQL columns, partitioning ("" for replicated). */
    private static final String[][] TABLES = {
        {"jf", "k INT, g INT, s STRING, v DOUBLE, d DECIMAL(10,2)", "k int, g int, s text COLLATE \"C\", v float8, d numeric(10,2)", "k"},
        {"jc", "k INT, name STRING, w INT", "k int, name text COLLATE \"C\", w int", "k"},
        {"jt", "s STRING, label STRING, n INT", "s text COLLATE \"C\", label text COLLATE \"C\", n int", "s"},
        {"jr", "g INT, gname STRING", "g int, gname text COLLATE \"C\"", ""},
        {"je", "k INT, name STRING", "k int, name text COLLATE \"C\"", "k"},
    };
    private static HadoopDbEngine engine;
    private static Session session;
    private static NodeInfo reference;
    private static Differential diff;
    /** The same queries with every stage a MapReduce job. */
    private static Differential asJobs;
    /** Sessions that broadcast no join input: in the client, and every stage a job. */
    private static Differential repartitioned;
    private static Differential repartitionedJobs;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "join_reference", 9);
        asJobs = diff.through(engine.openSession(Differential.AS_JOBS));
        Map<String, String> noBroadcast = Map.of("hadoopdb.join.broadcast.max-bytes", "0");
        Map<String, String> noBroadcastAsJobs = new java.util.HashMap<>(Differential.AS_JOBS);
        noBroadcastAsJobs.putAll(noBroadcast);
        repartitioned = diff.through(engine.openSession(noBroadcast));
        repartitionedJobs = diff.through(engine.openSession(noBroadcastAsJobs));
        diff.load(Differential.Table.of(TABLES), data(), files);
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        asJobs.session().close();
        repartitioned.session().close();
        repartitionedJobs.session().close();
        session.close();
        engine.close();
    }

    private static Map<String, String> data() {
        Random r = new Random(2011);
        String[] strings = {"red", "green", "blue", "cyan", "Red", "", "violet"};
        StringBuilder jf = new StringBuilder();
        for (int k = 0; k < 300; k++) {
            jf.append(k).append('|').append(k % 17 == 3 ? "\\N" : String.valueOf(r.nextInt(10))).append('|')
                    .append(k % 11 == 4 ? "\\N" : strings[r.nextInt(strings.length)]).append('|')
                    .append(k % 13 == 6 ? "\\N" : String.valueOf(Math.round(r.nextGaussian() * 1000) / 8.0)).append('|')
                    .append(k % 9 == 2 ? "\\N" : (r.nextInt(100_000) - 50_000) / 100 + "." + (10 + r.nextInt(90))).append('\n');
        }
        StringBuilder jc = new StringBuilder();
        for (int k = 0; k < 400; k += 2) {
            jc.append(k).append('|').append(k % 10 == 8 ? "\\N" : "n" + (k % 7)).append('|').append(r.nextInt(50)).append('\n');
        }
        jc.append("\\N|nokey|1\n");
        String jt = "red|warm|1\ngreen|cold|2\nblue|cold|3\nblue|deep|4\nblack|dark|5\n|empty|6\n\\N|nullkey|7\n";
        StringBuilder jr = new StringBuilder();
        for (int g = 0; g < 8; g++) {
            jr.append(g).append("|group").append(g).append('\n');
        }
        jr.append("\\N|nullgroup\n");
        return Map.of("jf", jf.toString(), "jc", jc.toString(), "jt", jt, "jr", jr.toString());
    }

    private record Query(String hive, String pg, boolean ordered) {
        Query(String both) {
            this(both, both, false);
        }
    }

    /** The queries: generated over every join type and placement, then written by hand. */
    static List<Query> queries() {
        List<Query> q = new ArrayList<>();
        String[][] pairs = {
            // left, right, condition, a right column, what the placement is
            {"jf a", "jc b", "a.k = b.k", "b.name"},          // co-located on the key
            {"jf a", "jt b", "a.s = b.s", "b.label"},         // repartitioned on a string
            {"jf a", "jr b", "a.g = b.g", "b.gname"},         // replicated
            {"jf a", "je b", "a.k = b.k", "b.name"},          // empty
            {"jc a", "jt b", "a.name = b.s", "b.label"},      // no matches but NULLs
        };
        String[] types = {"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"};
        for (String[] p : pairs) {
            for (String t : types) {
                String from = " FROM " + p[0] + " " + t + " " + p[1] + " ON " + p[2];
                q.add(new Query("SELECT a.k, " + p[3] + from));
                q.add(new Query("SELECT a.k, " + p[3] + from + " WHERE a.k < 150 OR a.k IS NULL"));
                q.add(new Query("SELECT " + p[3] + ", COUNT(*), COUNT(a.k), SUM(a.k)" + from + " GROUP BY " + p[3]));
                q.add(new Query("SELECT COUNT(*), COUNT(" + p[3] + "), MIN(a.k), MAX(a.k)" + from));
            }
            String leftTable = p[0].split(" ")[0];
            String rightTable = p[1].split(" ")[0];
            q.add(new Query("SELECT a.k FROM " + p[0] + " LEFT SEMI JOIN " + p[1] + " ON " + p[2],
                    "SELECT a.k FROM " + p[0] + " WHERE EXISTS (SELECT 1 FROM " + p[1] + " WHERE " + p[2] + ")", false));
            q.add(new Query("SELECT a.k, " + p[3] + " FROM " + p[0] + ", " + p[1] + " WHERE " + p[2] + " AND a.k % 3 = 0"));
            assertThat(leftTable).isNotEmpty();
            assertThat(rightTable).isNotEmpty();
        }
        // sub-queries: IN, NOT IN (NULLs in the list make it empty), EXISTS, NOT EXISTS, scalar, correlated
        for (String[] sub : new String[][] {{"k", "jc", "k"}, {"s", "jt", "s"}, {"g", "jr", "g"}, {"k", "je", "k"}}) {
            q.add(new Query("SELECT k FROM jf WHERE " + sub[0] + " IN (SELECT " + sub[2] + " FROM " + sub[1] + ")"));
            q.add(new Query("SELECT k FROM jf WHERE " + sub[0] + " NOT IN (SELECT " + sub[2] + " FROM " + sub[1] + ")"));
            q.add(new Query("SELECT k FROM jf WHERE " + sub[0] + " NOT IN (SELECT " + sub[2] + " FROM " + sub[1] + " WHERE "
                    + sub[2] + " IS NOT NULL)"));
            q.add(new Query("SELECT k FROM jf a WHERE EXISTS (SELECT 1 FROM " + sub[1] + " b WHERE b." + sub[2] + " = a." + sub[0] + ")"));
            q.add(new Query("SELECT k FROM jf a WHERE NOT EXISTS (SELECT 1 FROM " + sub[1] + " b WHERE b." + sub[2] + " = a." + sub[0] + ")"));
        }
        // [NOT] EXISTS as semi (anti) joins placed on the input they filter (ExistsJoins), with residual conditions on
        // columns both sides name alike (k), co-located, repartitioned, on a replicated input, under OR, beside joins
        q.add(new Query("SELECT a.k FROM jf a LEFT SEMI JOIN jc b ON a.k = b.k AND b.w > a.g",
                "SELECT a.k FROM jf a WHERE EXISTS (SELECT 1 FROM jc b WHERE a.k = b.k AND b.w > a.g)", false));
        q.add(new Query("SELECT a.k, a.s FROM jf a WHERE EXISTS (SELECT 1 FROM jc b WHERE b.k = a.k AND b.w > a.g)"
                + " AND NOT EXISTS (SELECT 1 FROM jc c WHERE c.k = a.k AND c.name = 'n3')"));
        q.add(new Query("SELECT r.gname, COUNT(*) FROM jf a, jr r WHERE a.g = r.g AND EXISTS (SELECT * FROM jc b WHERE b.k = a.k"
                + " AND b.w <> a.g) AND NOT EXISTS (SELECT * FROM jc c WHERE c.k = a.k AND c.w < 10) GROUP BY r.gname"));
        q.add(new Query("SELECT a.k FROM jf a JOIN jr r ON a.g = r.g WHERE EXISTS (SELECT 1 FROM jt t WHERE t.n = r.g)"));
        q.add(new Query("SELECT k FROM jf a WHERE NOT EXISTS (SELECT 1 FROM jt b WHERE b.s = a.s AND b.n > 2)"));
        q.add(new Query("SELECT k FROM jf a WHERE a.k < 5 OR EXISTS (SELECT 1 FROM jc b WHERE b.k = a.k AND b.w > 40)"));
        q.add(new Query("SELECT a.k, b.name FROM jf a LEFT JOIN jc b ON a.k = b.k WHERE EXISTS (SELECT 1 FROM jt t WHERE t.s = a.s)"));
        q.add(new Query("SELECT a.k, b.name FROM jf a LEFT JOIN jc b ON a.k = b.k WHERE NOT EXISTS (SELECT 1 FROM jt t WHERE t.label = b.name)"));
        q.add(new Query("SELECT a.k FROM jf a WHERE EXISTS (SELECT 1 FROM jc b WHERE b.k = a.k AND EXISTS (SELECT 1 FROM jt t WHERE t.n = b.w))"));
        q.add(new Query("SELECT k FROM jf a WHERE NOT EXISTS (SELECT * FROM jc b, jr r WHERE b.k = a.k AND b.w = r.g AND r.gname <> 'group3')"));
        q.add(new Query("SELECT k FROM jf a WHERE EXISTS (SELECT * FROM jc b, jr r WHERE b.k = a.k AND b.w = r.g AND r.gname <> 'group3')"));
        // a scalar sub-query's comparison beside a [NOT] EXISTS that moves rows filters the lookup's keys first
        // (ScalarFiltersFirst): under a projection, with an empty sub-query's NULL, above a grouping
        q.add(new Query("SELECT a.s, COUNT(*), SUM(a.d) FROM jf a WHERE a.v > (SELECT avg(v) FROM jf WHERE v > 0)"
                + " AND NOT EXISTS (SELECT 1 FROM jt b WHERE b.s = a.s) GROUP BY a.s"));
        q.add(new Query("SELECT upper(a.s), a.k FROM jf a WHERE a.d < (SELECT max(d) / 2 FROM jf)"
                + " AND EXISTS (SELECT 1 FROM jt t WHERE t.s = a.s AND t.n > 1)"));
        q.add(new Query("SELECT a.k FROM jf a WHERE a.v > (SELECT avg(v) FROM jf WHERE v > 1e9)"
                + " AND NOT EXISTS (SELECT 1 FROM jt b WHERE b.s = a.s)"));
        q.add(new Query("SELECT x.k, x.rn FROM (SELECT a.k, row_number() OVER (ORDER BY a.k) AS rn FROM jf a"
                + " WHERE NOT EXISTS (SELECT 1 FROM jt b WHERE b.s = a.s)) x WHERE x.rn > (SELECT avg(g) * 10 FROM jf)"));
        // a join without equal keys with a one-row input is a broadcast join: inner, left, and an empty one row
        q.add(new Query("SELECT a.k, m.mx FROM jf a LEFT JOIN (SELECT max(w) AS mx FROM jc) m ON a.g * 5 > m.mx"));
        q.add(new Query("SELECT a.k FROM jf a, (SELECT avg(w) AS aw FROM jc WHERE name = 'n3') m WHERE a.g * 5 > m.aw"));
        q.add(new Query("SELECT a.k, m.c FROM jf a LEFT JOIN (SELECT count(*) AS c FROM jc HAVING count(*) > 1000) m ON a.k > m.c"));
        // a filtered replicated table joined only with a chunked table other than the largest joins it in its chunks
        // (JoinOrder's satellites); one filtered only by an OR over two replicated tables gets the filter it implies
        q.add(new Query("SELECT a.k, t.label, r.gname FROM jf a, jt t, jr r WHERE a.s = t.s AND t.n = r.g"
                + " AND r.gname IN ('group1', 'group2', 'group4')"));
        q.add(new Query("SELECT a.k, t.label, r1.gname, r2.gname FROM jf a, jt t, jr r1, jr r2 WHERE a.s = t.s AND t.n = r1.g"
                + " AND a.g = r2.g AND ((r1.gname = 'group1' AND r2.gname = 'group2') OR (r1.gname = 'group3' AND r2.gname <> 'group5'))"));
        q.add(new Query("SELECT k, (SELECT MAX(w) FROM jc) FROM jf WHERE k < 5"));
        q.add(new Query("SELECT k FROM jf WHERE v > (SELECT AVG(v) FROM jf)"));
        q.add(new Query("SELECT a.k FROM jf a WHERE a.v > (SELECT AVG(b.v) FROM jf b WHERE b.g = a.g)"));
        q.add(new Query("SELECT a.k, (SELECT COUNT(*) FROM jc b WHERE b.w > a.g) FROM jf a WHERE a.k < 20"));
        // self joins, non-equi parts, multi-way joins, cross joins
        q.add(new Query("SELECT a.k, b.k FROM jf a JOIN jf b ON a.g = b.g AND a.k < b.k WHERE a.k < 40"));
        q.add(new Query("SELECT a.k, b.k FROM jf a LEFT JOIN jf b ON a.g = b.g AND b.v > a.v WHERE a.k < 30"));
        q.add(new Query("SELECT a.g, COUNT(*) FROM jf a JOIN jf b ON a.s = b.s GROUP BY a.g"));
        q.add(new Query("SELECT a.k, b.name, c.gname FROM jf a JOIN jc b ON a.k = b.k JOIN jr c ON a.g = c.g"));
        q.add(new Query("SELECT a.k, b.name, c.label FROM jf a LEFT JOIN jc b ON a.k = b.k LEFT JOIN jt c ON a.s = c.s"));
        q.add(new Query("SELECT c.gname, t.label, COUNT(*), SUM(a.d) FROM jf a JOIN jr c ON a.g = c.g JOIN jt t ON a.s = t.s "
                + "GROUP BY c.gname, t.label"));
        q.add(new Query("SELECT a.k, b.k FROM jf a, jc b WHERE a.k = b.k AND b.w > 25"));
        q.add(new Query("SELECT x.g, y.g FROM jr x CROSS JOIN jr y WHERE x.g < 3"));
        q.add(new Query("SELECT COUNT(*) FROM jr x CROSS JOIN jt y"));
        q.add(new Query("SELECT a.k, b.name FROM jf a FULL JOIN jc b ON a.k = b.k WHERE a.k IS NULL OR b.k IS NULL"));
        q.add(new Query("SELECT a.k FROM jf a JOIN jc b ON a.k = b.k + 1"));
        q.add(new Query("SELECT a.k, b.k FROM jf a JOIN jc b ON a.g = b.w"));
        // windows, over a table and over a join
        q.add(new Query("SELECT k, g, ROW_NUMBER() OVER (PARTITION BY g ORDER BY k) FROM jf"));
        q.add(new Query("SELECT k, RANK() OVER (PARTITION BY g ORDER BY s, k) FROM jf",
                "SELECT k, RANK() OVER (PARTITION BY g ORDER BY s NULLS FIRST, k) FROM jf", false));
        q.add(new Query("SELECT k, DENSE_RANK() OVER (ORDER BY g) FROM jf", "SELECT k, DENSE_RANK() OVER (ORDER BY g NULLS FIRST) FROM jf", false));
        q.add(new Query("SELECT k, SUM(v) OVER (PARTITION BY g) FROM jf"));
        q.add(new Query("SELECT k, COUNT(*) OVER (PARTITION BY s) FROM jf"));
        q.add(new Query("SELECT k, MIN(k) OVER (PARTITION BY g), MAX(k) OVER (PARTITION BY g) FROM jf"));
        q.add(new Query("SELECT k, AVG(d) OVER (PARTITION BY g) FROM jf",
                "SELECT k, round(AVG(d) OVER (PARTITION BY g), 6) FROM jf", false));
        q.add(new Query("SELECT k, SUM(k) OVER (PARTITION BY g ORDER BY k ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM jf"));
        q.add(new Query("SELECT k, SUM(k) OVER (PARTITION BY g ORDER BY k) FROM jf"));
        q.add(new Query("SELECT k, LAG(k) OVER (PARTITION BY g ORDER BY k), LEAD(k) OVER (PARTITION BY g ORDER BY k) FROM jf"));
        q.add(new Query("SELECT k, LAG(k, 2) OVER (ORDER BY k) FROM jf"));
        q.add(new Query("SELECT k, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v) FROM jf"));
        q.add(new Query("SELECT a.k, b.name, COUNT(*) OVER (PARTITION BY b.name) FROM jf a JOIN jc b ON a.k = b.k"));
        q.add(new Query("SELECT a.k, RANK() OVER (PARTITION BY c.gname ORDER BY a.k) FROM jf a JOIN jr c ON a.g = c.g"));
        q.add(new Query("SELECT g, n FROM (SELECT g, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, g) AS rn "
                + "FROM jf WHERE g IS NOT NULL GROUP BY g) t WHERE rn <= 3"));
        // CTEs used twice, UNION (distinct), grouping sets
        q.add(new Query("WITH x AS (SELECT g, COUNT(*) AS n FROM jf GROUP BY g) SELECT a.g, a.n, b.n FROM x a JOIN x b ON a.g = b.g + 1"));
        q.add(new Query("WITH x AS (SELECT k, s FROM jf WHERE k < 50) SELECT COUNT(*) FROM x a JOIN x b ON a.s = b.s"));
        q.add(new Query("SELECT s FROM jf UNION SELECT s FROM jt"));
        q.add(new Query("SELECT g FROM jf UNION SELECT g FROM jr"));
        q.add(new Query("SELECT k FROM jf WHERE k < 10 UNION SELECT k FROM jc WHERE k < 20"));
        q.add(new Query("SELECT g, s, COUNT(*) FROM jf GROUP BY GROUPING SETS ((g, s), (g), ())"));
        q.add(new Query("SELECT g, SUM(v) FROM jf GROUP BY GROUPING SETS ((g), ())"));
        q.add(new Query("SELECT s, g, COUNT(*) FROM jf WHERE k < 100 GROUP BY ROLLUP (s, g)",
                "SELECT s, g, COUNT(*) FROM jf WHERE k < 100 GROUP BY ROLLUP (s, g)", false));
        q.add(new Query("SELECT g, s, MAX(k) FROM jf GROUP BY CUBE (g, s)"));
        // every set aggregated from one aggregate on all the grouped columns: sums of decimals and doubles, counts with
        // NULLs, minima and maxima, GROUPING(), a finest set not among the sets, sets over a join
        q.add(new Query("SELECT g, s, SUM(d), COUNT(v), MIN(s), MAX(d), GROUPING(g, s) FROM jf GROUP BY CUBE (g, s)"));
        q.add(new Query("SELECT g, s, COUNT(*), SUM(v), MIN(k) FROM jf GROUP BY GROUPING SETS ((g), (s))"));
        q.add(new Query("SELECT a.g, t.label, SUM(a.d), COUNT(*), MAX(t.n) FROM jf a JOIN jt t ON a.s = t.s "
                + "GROUP BY ROLLUP (a.g, t.label)"));
        // over no rows, the set of no columns still gives its one row (a count of 0)
        q.add(new Query("SELECT k, COUNT(*), SUM(k), MAX(name) FROM je GROUP BY ROLLUP (k)"));
        // averages too, from the one aggregate's sums and counts: of decimals (rounded once, to Hive's scale), doubles and
        // integers, groups whose values are all NULL (k % 9 = 2), sets holding the partitioning key (the one aggregate in
        // the chunks), over a join with GROUPING, over no rows
        q.add(new Query("SELECT g, s, AVG(d), AVG(v), AVG(k), COUNT(*) FROM jf GROUP BY ROLLUP (g, s)",
                "SELECT g, s, round(AVG(d), 6), AVG(v), AVG(k), COUNT(*) FROM jf GROUP BY ROLLUP (g, s)", false));
        q.add(new Query("SELECT k, g, AVG(d), SUM(v), MIN(s) FROM jf WHERE k < 120 GROUP BY ROLLUP (k, g)",
                "SELECT k, g, round(AVG(d), 6), SUM(v), MIN(s) FROM jf WHERE k < 120 GROUP BY ROLLUP (k, g)", false));
        q.add(new Query("SELECT a.g, t.label, AVG(a.d), AVG(t.n), GROUPING(a.g, t.label) FROM jf a JOIN jt t ON a.s = t.s "
                + "GROUP BY CUBE (a.g, t.label)", "SELECT a.g, t.label, round(AVG(a.d), 6), AVG(t.n), GROUPING(a.g, t.label) "
                + "FROM jf a JOIN jt t ON a.s = t.s GROUP BY CUBE (a.g, t.label)", false));
        q.add(new Query("SELECT k, AVG(k), COUNT(k) FROM je GROUP BY ROLLUP (k)"));
        // ordered results after joins (Hive sorts NULLs first ascending)
        q.add(new Query("SELECT a.k, b.name FROM jf a JOIN jc b ON a.k = b.k ORDER BY a.k LIMIT 15",
                "SELECT a.k, b.name FROM jf a JOIN jc b ON a.k = b.k ORDER BY a.k LIMIT 15", true));
        q.add(new Query("SELECT b.gname, COUNT(*) AS n FROM jf a JOIN jr b ON a.g = b.g GROUP BY b.gname ORDER BY n DESC, b.gname",
                "SELECT b.gname, COUNT(*) AS n FROM jf a JOIN jr b ON a.g = b.g GROUP BY b.gname ORDER BY n DESC, b.gname NULLS FIRST", true));
        // counts, minima and maxima of a LEFT join's right rows per left group: computed on the right input first
        q.add(new Query("SELECT a.k, count(b.name) FROM jf a LEFT JOIN jc b ON a.k = b.k GROUP BY a.k"));
        q.add(new Query("SELECT a.g, count(t.label), min(t.n), max(t.label) FROM jf a LEFT JOIN jt t ON a.s = t.s GROUP BY a.g"));
        q.add(new Query("SELECT a.s, count(b.w) FROM jf a LEFT JOIN jc b ON a.k = b.k AND b.w > 10 GROUP BY a.s"));
        q.add(new Query("SELECT c, count(*) FROM (SELECT a.k, count(b.name) AS c FROM jf a LEFT JOIN jc b ON a.g = b.w GROUP BY a.k) x "
                + "GROUP BY c"));
        q.add(new Query("SELECT a.g, count(*), count(t.n) FROM jf a LEFT JOIN jt t ON a.s = t.s GROUP BY a.g"));
        // sums, counts, minima and maxima of one input of a join that moves rows, grouped on the other's columns: that
        // input is aggregated on its join keys first (NULL keys and arguments, a replicated input joined above)
        q.add(new Query("SELECT t.label, SUM(a.d), COUNT(a.v), MIN(a.k), MAX(a.s), COUNT(*) FROM jf a JOIN jt t ON a.s = t.s "
                + "GROUP BY t.label"));
        q.add(new Query("SELECT r.gname, t.label, SUM(a.d * 2), COUNT(a.v) FROM jf a JOIN jt t ON a.s = t.s JOIN jr r ON t.n = r.g "
                + "GROUP BY r.gname, t.label"));
        q.add(new Query("SELECT b.name, b.k, SUM(a.g + a.k), MAX(a.d) FROM jc b JOIN jf a ON b.w = a.g GROUP BY b.name, b.k"));
        q.add(new Query("SELECT t.label, SUM(a.d), COUNT(*) FROM jf a CROSS JOIN jt t GROUP BY t.label"));
        q.add(new Query("SELECT label, SUM(rn) FROM (SELECT t.label, ROW_NUMBER() OVER (PARTITION BY a.g ORDER BY a.k, t.label) AS rn "
                + "FROM jf a JOIN jt t ON a.s = t.s) x GROUP BY label"));
        // an OR across the inputs implies an OR on each, filtered in the chunks (NULLs in the branches' columns)
        q.add(new Query("SELECT a.k, b.name FROM jf a JOIN jc b ON a.k = b.k WHERE (a.g = 1 AND b.w > 10) OR (a.g = 2 AND b.name = 'n3') "
                + "OR (a.s IS NULL AND b.w < 5)"));
        q.add(new Query("SELECT a.k, t.label FROM jf a JOIN jt t ON a.s = t.s WHERE (a.v > 100 AND t.n < 3) OR (a.d < 0 AND t.label = 'cold')"));
        // inputs reduced by a small filtered input's keys (semi-join reduction, key filters in the chunk statements):
        // strings compared as Hive does ('Red' is not 'red', '' is a key, NULL none)
        q.add(new Query("SELECT a.k, t.label FROM jf a JOIN jt t ON a.s = t.s WHERE t.n < 4"));
        q.add(new Query("SELECT a.k, b.name FROM jf a JOIN jc b ON a.g = b.w WHERE b.name = 'n3'"));
        q.add(new Query("SELECT sum(a.v), count(*) FROM jf a JOIN jt t ON a.s = t.s WHERE t.label = 'cold' "
                + "AND a.v < (SELECT avg(b.v) FROM jf b WHERE b.s = t.s)"));
        q.add(new Query("SELECT a.k FROM jf a JOIN jt t ON a.s = t.s WHERE t.label IN ('empty', 'warm') "
                + "AND a.d > (SELECT min(b.d) FROM jf b WHERE b.s = a.s)"));
        // [NOT] EXISTS over a join of replicated tables only: looked up after the join, for its rows (NULL keys among them)
        q.add(new Query("SELECT r1.gname, r2.gname FROM jr r1, jr r2 WHERE r1.g = r2.g AND r2.gname <> 'group3' "
                + "AND EXISTS (SELECT 1 FROM jf a WHERE a.g = r1.g AND a.v > 0)"));
        q.add(new Query("SELECT r1.gname FROM jr r1 JOIN jr r2 ON r2.g = r1.g + 1 WHERE r2.gname <> 'group5' "
                + "AND NOT EXISTS (SELECT 1 FROM jc b WHERE b.w = r1.g * 7) AND EXISTS (SELECT 1 FROM jf a WHERE a.g = r2.g)"));
        q.add(new Query("SELECT a.k, t.label FROM jf a LEFT JOIN jt t ON a.s = t.s ORDER BY a.k, t.label LIMIT 40",
                "SELECT a.k, t.label FROM jf a LEFT JOIN jt t ON a.s = t.s ORDER BY a.k, t.label NULLS FIRST LIMIT 40", true));
        return q;
    }

    /**
     * Joins that broadcast nothing, so that an earlier stage's output meets a chunk statement in a repartition join,
     * which filters the statement by that output's keys in PostgreSQL (the inner side of inner, left, semi and anti
     * joins; never a preserved side): NULL keys, '' and 'Red' beside 'red', integers of two widths.
     */
    static List<Query> repartitionedQueries() {
        String groups = "(SELECT s, count(*) AS c FROM jf WHERE g < 5 GROUP BY s) x";
        String wides = "(SELECT g, count(*) AS c FROM jf WHERE v > 0 GROUP BY g) x";
        return List.of(
                new Query("SELECT x.s, x.c, t.label FROM " + groups + " JOIN jt t ON t.s = x.s"),
                new Query("SELECT x.s, x.c, t.label FROM " + groups + " LEFT JOIN jt t ON t.s = x.s"),
                new Query("SELECT x.s, x.c, t.label FROM " + groups + " RIGHT JOIN jt t ON t.s = x.s"),
                new Query("SELECT t.label FROM jt t WHERE t.s IN (SELECT s FROM jf WHERE g < 5 GROUP BY s HAVING count(*) > 3)"),
                new Query("SELECT t.label FROM jt t WHERE NOT EXISTS (SELECT 1 FROM " + groups + " WHERE x.s = t.s)"),
                new Query("SELECT x.g, x.c FROM " + wides + " WHERE NOT EXISTS (SELECT 1 FROM jc b WHERE b.w = x.g)"),
                new Query("SELECT x.g, x.c, b.k FROM " + wides + " JOIN jc b ON CAST(b.w AS BIGINT) = x.g WHERE b.name <> 'n1'"),
                new Query("SELECT a.k, t.label, b.name FROM jf a JOIN jt t ON a.s = t.s JOIN jc b ON b.w = a.g WHERE t.n < 4"));
    }

    @TestFactory
    Stream<DynamicTest> repartitionJoinsFilteredByAnEarlierStagesKeysGivePostgresqlsAnswer() {
        return repartitionedQueries().stream().map(q -> DynamicTest.dynamicTest(q.hive(), () -> sameAnswer(q, repartitioned,
                repartitionedJobs)));
    }

    @TestFactory
    Stream<DynamicTest> everyQueryGivesPostgresqlsAnswer() {
        List<Query> queries = queries();
        assertThat(queries).hasSizeGreaterThanOrEqualTo(150);
        return queries.stream().map(q -> DynamicTest.dynamicTest(q.hive(), () -> sameAnswer(q, diff, asJobs)));
    }

    /** {@code q}'s answer through both sessions (stages in the client, every stage a job) is one PostgreSQL's. */
    private static void sameAnswer(Query q, Differential inClient, Differential jobs) throws Exception {
        List<String> ours = inClient.hadoopDb(q.hive());
        List<String> asJob = jobs.hadoopDb(q.hive());
        List<String> theirs = diff.postgres(q.pg());
        Differential.assertSameRows(q.hive(), q.ordered(), ours, asJob, theirs);
    }
}
