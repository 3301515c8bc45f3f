package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query run again is not planned again, and its answer follows the data: a load, a new database
 * context or other planning settings plan it anew; a plan holding the time is never reused.
 */
class PlanCacheIT {
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential rows;

    @TempDir
    static Path files;

    @BeforeAll
    static void start() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        rows = new Differential(session, engine, engine.catalog().nodes().get(0), "unused", 9);
        run("DROP TABLE IF EXISTS pc_items");
        run("CREATE TABLE pc_items (id INT, name STRING) CLUSTERED BY (id) INTO 2 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("LOAD DATA LOCAL INPATH '" + Files.writeString(files.resolve("a.txt"), "1|one\n2|two\n3|three\n")
                + "' INTO TABLE pc_items");
    }

    @AfterAll
    static void stop() {
        run("DROP TABLE IF EXISTS pc_items");
        session.close();
        engine.close();
    }

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    private static List<String> query(String sql) {
        return rows.hadoopDb(sql);
    }

    @Test
    void aQueryRunAgainReusesItsPlanUntilTheCatalogChanges() throws Exception {
        String count = "SELECT COUNT(*), MAX(name) FROM pc_items WHERE id > 1";
        long hits = engine.plans().hits();
        assertThat(query(count)).containsExactly("2 | two");
        assertThat(query(count)).containsExactly("2 | two");
        assertThat(engine.plans().hits()).isEqualTo(hits + 1);

        // a load publishes a new catalog version: the plan (which lists the chunks) is made anew
        run("LOAD DATA LOCAL INPATH '" + Files.writeString(files.resolve("b.txt"), "4|zzz\n") + "' INTO TABLE pc_items");
        assertThat(query(count)).containsExactly("3 | zzz");
        assertThat(engine.plans().hits()).isEqualTo(hits + 1);

        // other planning settings, other plans; the same settings again find theirs
        run("SET hadoopdb.fetch.direct=false");
        assertThat(query(count)).containsExactly("3 | zzz");
        assertThat(engine.plans().hits()).isEqualTo(hits + 1);
        run("SET hadoopdb.fetch.direct=true");
        assertThat(query(count)).containsExactly("3 | zzz");
        assertThat(engine.plans().hits()).isEqualTo(hits + 2);
    }

    @Test
    void planningAfreshBypassesTheCache() {
        var q = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of("SELECT name FROM pc_items WHERE id > 0"));
        assertThat(session.plan(q)).isSameAs(session.plan(q)); // the cached plan, and its first planning's time
        long hits = engine.plans().hits();
        assertThat(session.planAfresh(q)).isNotSameAs(session.planAfresh(q)).isNotSameAs(session.plan(q));
        assertThat(engine.plans().hits()).isEqualTo(hits + 1);
    }

    @Test
    void theSameTextWithOtherValuesOrInAnotherDatabaseIsAnotherQuery() {
        long hits = engine.plans().hits();
        assertThat(query("SELECT name FROM pc_items WHERE id = 1")).containsExactly("one");
        assertThat(query("SELECT name FROM pc_items WHERE id = 2")).containsExactly("two");
        assertThat(engine.plans().hits()).isEqualTo(hits);
        run("CREATE DATABASE IF NOT EXISTS pc_db");
        try {
            run("CREATE TABLE pc_db.pc_items (id INT, name STRING)");
            run("INSERT INTO pc_db.pc_items VALUES (1, 'other one')");
            run("USE pc_db");
            assertThat(query("SELECT name FROM pc_items WHERE id = 1")).containsExactly("other one");
        } finally {
            run("USE default");
            run("DROP DATABASE pc_db CASCADE");
        }
        assertThat(query("SELECT name FROM pc_items WHERE id = 1")).containsExactly("one");
    }

    @Test
    void aPlanHoldingTheTimeIsNeverReused() {
        long hits = engine.plans().hits();
        String now = "SELECT id, current_timestamp FROM pc_items WHERE id = 1";
        String first = query(now).get(0);
        String second = query(now).get(0);
        assertThat(engine.plans().hits()).isEqualTo(hits);
        assertThat(second).startsWith("1 | ");
        assertThat(first).startsWith("1 | ");
    }
}
