package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.engine.testing.HiveUdfJar;
import org.hadoopdb.hiveql.HiveQlException;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive's own UDF classes, run unchanged: a GenericUDF and an old-style UDF compiled here against Hive's
 * jar, and one of Hive's bundled GenericUDFs, called from queries in the map tasks over chunk rows and
 * in the reducers above a GROUP BY (as MapReduce jobs on the local runner, and as stages in the client),
 * never pushed; their errors, SHOW and DESCRIBE, DROP, and a permanent function in a later session.
 */
class UserFunctionIT {
    private static final String TAG = """
            package hdbtest;

            import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
            import org.apache.hadoop.hive.ql.exec.UDFArgumentLengthException;
            import org.apache.hadoop.hive.ql.exec.UDFArgumentTypeException;
            import org.apache.hadoop.hive.ql.metadata.HiveException;
            import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
            import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
            import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
            import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector.PrimitiveCategory;
            import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;

            /** tag(s, n): "s#n"; NULL for a NULL s. */
            public class Tag extends GenericUDF {
                private PrimitiveObjectInspector text;
                private PrimitiveObjectInspector number;

                @Override
                public ObjectInspector initialize(ObjectInspector[] args) throws UDFArgumentException {
                    if (args.length != 2) {
                        throw new UDFArgumentLengthException("tag takes a string and an int");
                    }
                    if (!(args[0] instanceof PrimitiveObjectInspector t) || t.getPrimitiveCategory() != PrimitiveCategory.STRING) {
                        throw new UDFArgumentTypeException(0, "tag takes a string first, not " + args[0].getTypeName());
                    }
                    text = t;
                    number = (PrimitiveObjectInspector) args[1];
                    return PrimitiveObjectInspectorFactory.javaStringObjectInspector;
                }

                @Override
                public Object evaluate(DeferredObject[] args) throws HiveException {
                    Object s = args[0].get();
                    if (s == null) {
                        return null;
                    }
                    String v = text.getPrimitiveJavaObject(s).toString();
                    if (v.equals("boom")) {
                        throw new IllegalStateException("bad tag value " + v);
                    }
                    if (v.equals("unlinked")) {
                        throw new NoClassDefFoundError("hdbtest/Dependency"); // a jar the function needs is missing
                    }
                    Object n = args[1].get();
                    return v + "#" + (n == null ? "?" : number.getPrimitiveJavaObject(n));
                }

                @Override
                public String getDisplayString(String[] children) {
                    return "tag(" + String.join(", ", children) + ")";
                }
            }
            """;
    private static final String TWICE = """
            package hdbtest;

            /** An old-style UDF: evaluate overloads Hive's bridge chooses from. */
            public class Twice extends org.apache.hadoop.hive.ql.exec.UDF {
                public Long evaluate(Long x) {
                    return x == null ? null : 2 * x;
                }

                public String evaluate(String s) {
                    return s == null ? null : s + s;
                }
            }
            """;

    private static final String JOINED = """
            package hdbtest;

            import org.apache.hadoop.hive.ql.exec.UDAF;
            import org.apache.hadoop.hive.ql.exec.UDAFEvaluator;

            /** An old-style UDAF: joined(s) is the group's non-NULL strings sorted and joined with '+', NULL for none. */
            public class Joined extends UDAF {
                public static class Evaluator implements UDAFEvaluator {
                    private java.util.TreeSet<String> seen;

                    public Evaluator() {
                        init();
                    }

                    public void init() {
                        seen = new java.util.TreeSet<>();
                    }

                    public boolean iterate(String s) {
                        if (s != null) {
                            seen.add(s);
                        }
                        return true;
                    }

                    public String terminatePartial() {
                        return terminate();
                    }

                    public boolean merge(String partial) {
                        if (partial != null) {
                            seen.addAll(java.util.Arrays.asList(partial.split("\\\\+")));
                        }
                        return true;
                    }

                    public String terminate() {
                        return seen.isEmpty() ? null : String.join("+", seen);
                    }
                }
            }
            """;

    private static final String COUNTED = """
            package hdbtest;

            import java.util.List;
            import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
            import org.apache.hadoop.hive.ql.metadata.HiveException;
            import org.apache.hadoop.hive.ql.udf.generic.GenericUDTF;
            import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
            import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
            import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
            import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;

            /** counted(s): a row (s, its length) per call, and at the end a row ('total', rows made). */
            public class Counted extends GenericUDTF {
                private int rows;

                @Override
                public StructObjectInspector initialize(StructObjectInspector args) throws UDFArgumentException {
                    if (args.getAllStructFieldRefs().size() != 1) {
                        throw new UDFArgumentException("counted takes one string");
                    }
                    return ObjectInspectorFactory.getStandardStructObjectInspector(List.of("word", "len"), List.of(
                            PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                            PrimitiveObjectInspectorFactory.javaIntObjectInspector));
                }

                @Override
                public void process(Object[] args) throws HiveException {
                    if (args[0] != null) {
                        String s = args[0].toString();
                        rows++;
                        forward(new Object[] {s, s.length()});
                    }
                }

                @Override
                public void close() throws HiveException {
                    forward(new Object[] {"total", rows});
                }
            }
            """;

    @TempDir
    static Path temp;
    private static Path jar;
    private static HadoopDbEngine engine;
    /** Every stage as a MapReduce job on the local runner. */
    private static Session jobs;
    /** Stages in the client where they are small (the default). */
    private static Session client;
    private static Map<String, String> settings;

    @BeforeAll
    static void start() throws Exception {
        jar = HiveUdfJar.build(temp, "udfs", Map.of("hdbtest.Tag", TAG, "hdbtest.Twice", TWICE, "hdbtest.Joined", JOINED, "hdbtest.Counted", COUNTED,
                "hdbtest.NotAUdf", "package hdbtest; public class NotAUdf { }"));
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        settings = Map.of("hadoopdb.udf.hive-lib", HiveUdfJar.hiveLib().toString());
        Map<String, String> asJobs = new HashMap<>(settings);
        asJobs.putAll(Differential.AS_JOBS);
        asJobs.put("hadoopdb.fetch.direct", "false");
        jobs = engine.openSession(asJobs);
        client = engine.openSession(settings);
        run(jobs, "DROP TABLE IF EXISTS udf_t");
        run(jobs, "DROP FUNCTION IF EXISTS udf_twice");
        run(jobs, "CREATE TABLE udf_t (id INT, name STRING, grp INT) CLUSTERED BY (id) INTO 4 BUCKETS");
        List<String> rows = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            rows.add("(" + i + ", " + (i == 5 ? "NULL" : "'n" + i + "'") + ", " + i % 3 + ")");
        }
        run(jobs, "INSERT INTO udf_t VALUES " + String.join(", ", rows));
        for (Session s : List.of(jobs, client)) {
            run(s, "ADD JAR '" + jar + "'");
            run(s, "CREATE TEMPORARY FUNCTION tag AS 'hdbtest.Tag'");
            run(s, "CREATE TEMPORARY FUNCTION twice AS 'hdbtest.Twice' USING JAR '" + jar + "'");
            run(s, "CREATE TEMPORARY FUNCTION hive_abs AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDFAbs'");
            run(s, "CREATE TEMPORARY FUNCTION hive_sum AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDAFSum'");
            run(s, "CREATE TEMPORARY FUNCTION hive_pctl AS 'org.apache.hadoop.hive.ql.udf.UDAFPercentile'");
            run(s, "CREATE TEMPORARY FUNCTION joined AS 'hdbtest.Joined'");
            run(s, "CREATE TEMPORARY FUNCTION counted AS 'hdbtest.Counted'");
            run(s, "CREATE TEMPORARY FUNCTION hive_stack AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDTFStack'");
        }
    }

    @AfterAll
    static void stop() {
        try {
            run(jobs, "DROP TABLE IF EXISTS udf_t");
            run(jobs, "DROP FUNCTION IF EXISTS udf_twice");
        } finally {
            jobs.close();
            client.close();
            engine.close();
        }
    }

    private static StatementResult run(Session s, String sql) {
        return s.execute(sql, StatementListener.NONE);
    }

    private static List<String> query(Session s, String sql) {
        return new Differential(s, engine, engine.catalog().nodes().get(0), "unused", 9).hadoopDb(sql);
    }

    @Test
    void functionsRunInTheMapTasksOverChunkRows() {
        String sql = "SELECT id, tag(name, 7), twice(id), hive_abs(id - 10), twice(name) FROM udf_t"
                + " WHERE twice(id) > 16 OR id = 5 ORDER BY id";
        List<String> expected = List.of("5 | NULL | 10 | 5 | NULL", "9 | n9#7 | 18 | 1 | n9n9", "10 | n10#7 | 20 | 0 | n10n10",
                "11 | n11#7 | 22 | 1 | n11n11", "12 | n12#7 | 24 | 2 | n12n12");
        assertThat(query(jobs, sql)).containsExactlyElementsOf(expected);
        assertThat(query(client, sql)).containsExactlyElementsOf(expected);
        assertThat(query(jobs, "EXPLAIN " + sql)).anySatisfy(line -> assertThat(line).startsWith("      Map: ").contains("twice("));
    }

    @Test
    void functionsRunInTheReducersAboveAGroupBy() {
        String sql = "SELECT grp, tag(concat('g', CAST(grp AS STRING)), count(*)), twice(sum(id)) FROM udf_t GROUP BY grp ORDER BY grp";
        List<String> expected = List.of("0 | g0#4 | 60", "1 | g1#4 | 44", "2 | g2#4 | 52");
        assertThat(query(jobs, sql)).containsExactlyElementsOf(expected);
        assertThat(query(client, sql)).containsExactlyElementsOf(expected);
        assertThat(query(jobs, "EXPLAIN " + sql)).anySatisfy(line -> assertThat(line).startsWith("    Reduce: ").contains("tag("));
    }

    @Test
    void userAggregatesRunInTheReducers() {
        // Hive's own GenericUDAFResolver2 (sum), an old-style UDAF of Hive's with a constant argument (percentile),
        // and an old-style UDAF compiled here, next to a built-in aggregate
        String sql = "SELECT grp, hive_sum(id), hive_pctl(id, 0.5), joined(name), count(*) FROM udf_t GROUP BY grp ORDER BY grp";
        List<String> expected = List.of("0 | 30 | 7.5 | n12+n3+n6+n9 | 4", "1 | 22 | 5.5 | n1+n10+n4+n7 | 4",
                "2 | 26 | 6.5 | n11+n2+n8 | 4");
        for (Session s : List.of(jobs, client)) {
            assertThat(query(s, sql)).containsExactlyElementsOf(expected);
            assertThat(query(s, "SELECT hive_sum(id), joined(name) FROM udf_t WHERE id > 10")).containsExactly("23 | n11+n12");
            // a global aggregate over no row: the function's own answer for an empty group
            assertThat(query(s, "SELECT hive_sum(id), joined(name), count(*) FROM udf_t WHERE id > 100")).containsExactly("NULL | NULL | 0");
        }
        String plan = String.join("\n", query(jobs, "EXPLAIN " + sql));
        assertThat(plan).contains("hive_sum($").contains("has no PostgreSQL equivalent");
        assertThatThrownBy(() -> run(jobs, "SELECT hive_sum(array(id)) FROM udf_t")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Wrong arguments for temporary function hive_sum");
    }

    @Test
    void userTableFunctionsRunInLateralViewsAndAloneInTheSelectList() {
        // Hive's GenericUDTFStack (a constant first argument), over chunk rows in the map tasks
        String stack = "SELECT id, k, v FROM udf_t LATERAL VIEW hive_stack(2, 'a', id, 'b', CAST(twice(id) AS INT)) s AS k, v WHERE id <= 2 ORDER BY id, k";
        List<String> expected = List.of("1 | a | 1", "1 | b | 2", "2 | a | 2", "2 | b | 4");
        for (Session s : List.of(jobs, client)) {
            assertThat(query(s, stack)).containsExactlyElementsOf(expected);
            assertThat(query(s, "SELECT hive_stack(2, 'x', 1, 'y', 2) AS (k, v)")).containsExactly("x | 1", "y | 2");
        }
        // a UDTF compiled here, whose close forwards one more row per task: as many 'total' rows as tasks read rows,
        // their counts adding up to the rows made
        List<String> words = query(jobs, "SELECT c.word, c.len FROM udf_t LATERAL VIEW counted(name) c WHERE c.word <> 'total' "
                + "ORDER BY c.word");
        assertThat(words).hasSize(11).startsWith("n1 | 2", "n10 | 3");
        assertThat(query(jobs, "SELECT sum(c.len) FROM udf_t LATERAL VIEW counted(name) c WHERE c.word = 'total'")).containsExactly("11");
        assertThat(query(client, "SELECT word, len FROM (SELECT counted(name) AS (word, len) FROM udf_t) g WHERE word = 'total'"))
                .isNotEmpty().allSatisfy(row -> assertThat(row).startsWith("total | "));
        assertThatThrownBy(() -> run(jobs, "SELECT counted(name) FROM udf_t")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("is a table function (GenericUDTF), not a scalar function: call it in LATERAL VIEW");
        assertThatThrownBy(() -> run(jobs, "SELECT * FROM udf_t LATERAL VIEW twice(id) t AS x")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("twice");
    }

    @Test
    void explainSaysTheyRunInMapReduceNeverInPostgres() {
        String plan = String.join("\n", query(jobs, "EXPLAIN SELECT id FROM udf_t WHERE tag(name, 1) = 'n3#1'"));
        assertThat(plan).contains("runs in MapReduce").contains("user temporary function tag (class hdbtest.Tag) runs only in "
                + "MapReduce: HadoopDB never pushes a user function into PostgreSQL");
        assertThat(plan).doesNotContainIgnoringCase("tag(\"name\"");
        assertThat(query(jobs, "SELECT id FROM udf_t WHERE tag(name, 1) = 'n3#1'")).containsExactly("3");
    }

    @Test
    void errorsNameTheFunctionItsClassAndTheCause() {
        assertThatThrownBy(() -> run(jobs, "SELECT tag(id, 1) FROM udf_t")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Wrong arguments for temporary function tag (class hdbtest.Tag) called with (int, int)")
                .hasMessageContaining("tag takes a string first, not int");
        assertThatThrownBy(() -> run(jobs, "SELECT tag(name) FROM udf_t")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("tag takes a string and an int");
        assertThatThrownBy(() -> run(jobs, "CREATE TEMPORARY FUNCTION nope AS 'hdbtest.Missing'")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Class 'hdbtest.Missing' of function nope is not in its jars [" + jar + "] nor in Hive's");
        assertThatThrownBy(() -> run(jobs, "CREATE TEMPORARY FUNCTION nope AS 'hdbtest.NotAUdf'")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Class hdbtest.NotAUdf of function nope is none of Hive's function classes");
        assertThatThrownBy(() -> run(jobs, "CREATE TEMPORARY FUNCTION nope AS 'x.Y' USING JAR '/nowhere/x.jar'"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("Jar '/nowhere/x.jar' does not exist");
        assertThatThrownBy(() -> run(jobs, "ADD JAR /nowhere/y.jar")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Jar '/nowhere/y.jar' does not exist");
        assertThatThrownBy(() -> run(jobs, "CREATE TEMPORARY FUNCTION upper AS 'hdbtest.Tag'")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("upper is a built-in function");
        // thrown by the function in a map task, and in a stage in the client
        String boom = "SELECT tag(CASE WHEN id = 3 THEN 'boom' ELSE name END, 1) FROM udf_t";
        for (Session s : List.of(jobs, client)) {
            assertThatThrownBy(() -> query(s, boom)).isInstanceOf(HiveQlException.class)
                    .hasMessageContaining("Temporary function tag (class hdbtest.Tag) failed")
                    .hasMessageContaining("bad tag value boom");
        }
    }

    @Test
    void anErrorThrownWhileAChunkIsReadFailsTheQueryInsteadOfDroppingTheChunksRows() {
        // in a stage run in the client the map operators run in the threads that read the chunks: such a thread died
        // of an Error (an OutOfMemoryError at TPC-DS scale factor 1, here a class a function needs) and the stage went
        // on without that chunk's rows
        String sql = "SELECT grp, count(*) FROM udf_t WHERE tag(CASE WHEN id = 3 THEN 'unlinked' ELSE name END, 1) <> '' GROUP BY grp";
        for (Session s : List.of(client, jobs)) {
            assertThatThrownBy(() -> query(s, sql)).isInstanceOf(HiveQlException.class).hasMessageContaining("hdbtest/Dependency");
        }
    }

    @Test
    void showListDescribeAndDrop() {
        assertThat(query(jobs, "SHOW FUNCTIONS LIKE 'ta*|twice'")).containsExactly("tag", "twice");
        assertThat(query(jobs, "LIST JARS")).containsExactly(jar.toString());
        assertThat(query(jobs, "DESCRIBE FUNCTION twice")).containsExactly(
                "twice(...) - temporary user function, class hdbtest.Twice, jars " + jar);
        run(jobs, "CREATE TEMPORARY FUNCTION short_lived AS 'hdbtest.Twice'");
        assertThat(query(jobs, "SELECT short_lived('ab')")).containsExactly("abab");
        run(jobs, "DROP TEMPORARY FUNCTION short_lived");
        assertThatThrownBy(() -> run(jobs, "SELECT short_lived('ab')")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("short_lived");
        assertThatThrownBy(() -> run(jobs, "DROP TEMPORARY FUNCTION short_lived")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Temporary function 'short_lived' does not exist");
        run(jobs, "DROP TEMPORARY FUNCTION IF EXISTS short_lived");
    }

    @Test
    void aPermanentFunctionSurvivesANewSessionUntilDropped() {
        run(jobs, "CREATE FUNCTION udf_twice AS 'hdbtest.Twice' USING JAR '" + jar + "'");
        assertThatThrownBy(() -> run(jobs, "CREATE FUNCTION udf_twice AS 'hdbtest.Twice'")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Function default.udf_twice already exists");
        try (Session later = engine.openSession(settings)) {
            assertThat(query(later, "SELECT id, udf_twice(id), default.udf_twice(name) FROM udf_t WHERE id = 4")).containsExactly("4 | 8 | n4n4");
            assertThat(query(later, "SHOW FUNCTIONS LIKE 'default.udf*'")).containsExactly("default.udf_twice");
            assertThat(query(later, "DESCRIBE FUNCTION udf_twice")).containsExactly(
                    "default.udf_twice(...) - permanent user function, class hdbtest.Twice, jars " + jar);
            // the session's temporary functions are not another session's
            assertThatThrownBy(() -> run(later, "SELECT tag(name, 1) FROM udf_t")).isInstanceOf(SemanticException.class);
            run(later, "DROP FUNCTION udf_twice");
        }
        try (Session after = engine.openSession(settings)) {
            assertThatThrownBy(() -> run(after, "SELECT udf_twice(id) FROM udf_t")).isInstanceOf(SemanticException.class)
                    .hasMessageContaining("udf_twice");
            assertThatThrownBy(() -> run(after, "DROP FUNCTION udf_twice")).isInstanceOf(SemanticException.class)
                    .hasMessageContaining("Function default.udf_twice does not exist");
        }
    }
}
