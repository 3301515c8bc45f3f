package org.hadoopdb.engine.session;

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
 * INTERSECT and EXCEPT (and MINUS), DISTINCT and ALL, over inputs co-located on their key (computed
 * in the chunks), inputs on different keys and replicated ones (computed in MapReduce), with
 * duplicate rows and NULLs (equal to each other in set operations). Each answer must equal one
 * PostgreSQL's on the same rows.
 */
class SetOperationDifferentialIT {
    /** name, HiveQL columns, PostgreSQL columns, partitioning ("" for replicated). */
    private static final String[][] TABLES = {
        {"sa", "k INT, g INT, s STRING", "k int, g int, s text COLLATE \"C\"", "k"},
        {"sb", "k INT, g INT, s STRING", "k int, g int, s text COLLATE \"C\"", "k"},
        {"sc", "s STRING, k INT, g INT", "s text COLLATE \"C\", k int, g int", "s"},
        {"sr", "k INT, g INT, s STRING", "k int, g int, s text COLLATE \"C\"", ""},
        {"se", "k INT, g INT, s STRING", "k int, g int, s text COLLATE \"C\"", "k"},
    };
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential diff;
    /** The same queries with every stage a MapReduce job. */
    private static Differential asJobs;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        NodeInfo reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "setop_reference", 9);
        asJobs = diff.through(engine.openSession(Differential.AS_JOBS));
        diff.load(Differential.Table.of(TABLES), data(), files);
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        asJobs.session().close();
        session.close();
        engine.close();
    }

    /** Small value ranges, so rows repeat within and across tables; every column has NULLs. */
    private static Map<String, String> data() {
        Random r = new Random(26);
        String[] strings = {"red", "green", "blue", "", "Red"};
        StringBuilder[] rows = new StringBuilder[4];
        for (int t = 0; t < rows.length; t++) {
            rows[t] = new StringBuilder();
            for (int i = 0; i < 160; i++) {
                String k = r.nextInt(25) == 0 ? "\\N" : String.valueOf(r.nextInt(40));
                String g = r.nextInt(8) == 0 ? "\\N" : String.valueOf(r.nextInt(4));
                String s = r.nextInt(9) == 0 ? "\\N" : strings[r.nextInt(strings.length)];
                rows[t].append(t == 2 ? s + '|' + k + '|' + g : k + '|' + g + '|' + s).append('\n');
            }
        }
        return Map.of("sa", rows[0].toString(), "sb", rows[1].toString(), "sc", rows[2].toString(), "sr", rows[3].toString());
    }

    private record Query(String hive, String pg, boolean ordered) {
        Query(String both) {
            this(both, both, false);
        }
    }

    static List<Query> queries() {
        List<Query> q = new ArrayList<>();
        String[][] pairs = {
            {"SELECT k, g FROM sa", "SELECT k, g FROM sb"},                  // co-located, the key in the same column
            {"SELECT k, g, s FROM sa WHERE g < 3", "SELECT k, g, s FROM sb"}, // co-located, three columns
            {"SELECT g, s FROM sa", "SELECT g, s FROM sb"},                  // co-located tables, the key not selected
            {"SELECT k, g FROM sa", "SELECT g, k FROM sb"},                  // the key in different columns
            {"SELECT k, g FROM sa", "SELECT k, g FROM sc"},                  // different keys
            {"SELECT g, s FROM sc", "SELECT g, s FROM sr"},                  // chunked and replicated
            {"SELECT k, g FROM sr", "SELECT k, g FROM sa"},                  // replicated first
            {"SELECT g, s FROM sr WHERE k < 30", "SELECT g, s FROM sr"},     // both replicated
            {"SELECT k, g FROM sa", "SELECT k, g FROM se"},                  // empty
            {"SELECT k, g FROM se", "SELECT k, g FROM sa"},
        };
        String[] operators = {"INTERSECT", "INTERSECT ALL", "INTERSECT DISTINCT", "EXCEPT", "EXCEPT ALL", "EXCEPT DISTINCT"};
        for (String[] p : pairs) {
            for (String op : operators) {
                q.add(new Query(p[0] + " " + op + " " + p[1]));
            }
        }
        q.add(new Query("SELECT g FROM sa MINUS SELECT g FROM sc", "SELECT g FROM sa EXCEPT SELECT g FROM sc", false));
        q.add(new Query("SELECT g, s FROM sa MINUS ALL SELECT g, s FROM sb", "SELECT g, s FROM sa EXCEPT ALL SELECT g, s FROM sb", false));
        // chains (left to right, one precedence), with UNION
        q.add(new Query("SELECT g FROM sa INTERSECT SELECT g FROM sb INTERSECT SELECT g FROM sc"));
        q.add(new Query("(SELECT g, s FROM sa UNION ALL SELECT g, s FROM sb) EXCEPT ALL SELECT g, s FROM sc",
                "(SELECT g, s FROM sa UNION ALL SELECT g, s FROM sb) EXCEPT ALL SELECT g, s FROM sc", false));
        q.add(new Query("SELECT k FROM sa EXCEPT SELECT k FROM sb UNION ALL SELECT k FROM sr",
                "(SELECT k FROM sa EXCEPT SELECT k FROM sb) UNION ALL SELECT k FROM sr", false));
        // expressions, widened types, under an aggregate, ordered, in a sub-query
        q.add(new Query("SELECT g + 1 FROM sa INTERSECT ALL SELECT k FROM sc"));
        q.add(new Query("SELECT k FROM sa INTERSECT SELECT CAST(k AS BIGINT) FROM sc"));
        q.add(new Query("SELECT upper(s) FROM sa EXCEPT ALL SELECT s FROM sr"));
        q.add(new Query("SELECT COUNT(*), COUNT(g), SUM(k) FROM (SELECT k, g FROM sa INTERSECT ALL SELECT k, g FROM sb) t"));
        q.add(new Query("SELECT g, COUNT(*) FROM (SELECT g, s FROM sa EXCEPT ALL SELECT g, s FROM sc) t GROUP BY g"));
        q.add(new Query("SELECT g, s FROM sa INTERSECT SELECT g, s FROM sc ORDER BY g, s",
                "SELECT g, s FROM sa INTERSECT SELECT g, s FROM sc ORDER BY g NULLS FIRST, s NULLS FIRST", true));
        q.add(new Query("SELECT k FROM sa WHERE k IN (SELECT k FROM sb EXCEPT SELECT k FROM sc)"));
        q.add(new Query("SELECT a.k, b.s FROM (SELECT k FROM sa INTERSECT SELECT k FROM sb) a JOIN sr b ON a.k = b.k"));
        return q;
    }

    @TestFactory
    Stream<DynamicTest> everyQueryGivesPostgresqlsAnswer() {
        return queries().stream().map(q -> DynamicTest.dynamicTest(q.hive(), () -> {
            List<String> ours = diff.hadoopDb(q.hive());
            List<String> jobs = asJobs.hadoopDb(q.hive());
            List<String> theirs = diff.postgres(q.pg());
            Differential.assertSameRows(q.hive(), q.ordered(), ours, jobs, theirs);
        }));
    }
}
