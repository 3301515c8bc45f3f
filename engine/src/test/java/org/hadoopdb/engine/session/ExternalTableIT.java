package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.engine.testing.EngineSession;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CREATE EXTERNAL TABLE … LOCATION}: delimited text files queried where they are, alone and joined
 * with a table in the node databases (the paper's hybrid), bad lines skipped and reported, copied into a
 * managed table with INSERT … SELECT, never written or deleted by HadoopDB. Each answer is checked against
 * the same rows loaded into a managed table.
 */
class ExternalTableIT {
    private static final List<String> TABLES = List.of("ext_visits", "ext_loaded", "ext_ranks", "ext_copy", "ext_none");
    private static EngineSession db;
    private static HadoopDbEngine engine;
    private static Session session;

    @TempDir
    static Path files;
    private static Path dir;

    @BeforeAll
    static void start() throws Exception {
        db = EngineSession.start(2);
        engine = db.engine();
        session = db.session();
        TABLES.forEach(t -> run("DROP TABLE IF EXISTS " + t));
        dir = Files.createDirectories(files.resolve("visits"));
        Files.createDirectories(dir.resolve("day=2"));
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 200; i++) {
            (i % 2 == 0 ? a : b).append("url").append(i % 17).append(',').append(i).append(',').append(i * 0.5).append(",2020-01-")
                    .append(String.format("%02d", 1 + i % 28)).append('\n');
        }
        Files.writeString(dir.resolve("part-1.csv"), a);
        Files.writeString(dir.resolve("day=2/part-2.csv"), b);
        Files.writeString(dir.resolve("_SUCCESS"), "not rows");
        Files.writeString(dir.resolve(".hidden"), "not,rows,either,x\n");
        run("CREATE EXTERNAL TABLE ext_visits (url STRING, id INT, revenue DOUBLE, day DATE)"
                + " ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' LOCATION '" + dir.toUri() + "'");
        run("CREATE TABLE ext_loaded (url STRING, id INT, revenue DOUBLE, day DATE) CLUSTERED BY (id) INTO 4 BUCKETS"
                + " ROW FORMAT DELIMITED FIELDS TERMINATED BY ','");
        run("LOAD DATA LOCAL INPATH '" + dir + "' INTO TABLE ext_loaded");
        run("CREATE TABLE ext_ranks (url STRING, rank INT) CLUSTERED BY (url) INTO 4 BUCKETS");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            values.add("('url" + i + "', " + (i * 3 % 11) + ")");
        }
        run("INSERT INTO ext_ranks VALUES " + String.join(", ", values));
    }

    @AfterAll
    static void stop() {
        db.close(TABLES);
    }

    private static StatementResult run(String sql) {
        return db.run(sql);
    }

    private static List<String> query(String sql) {
        return db.query(sql);
    }

    /** The same query over the files and over the loaded rows. */
    private static void sameAsLoaded(String sql) {
        List<String> external = query(sql.replace("$v", "ext_visits"));
        assertThat(external).as(sql).isNotEmpty().isEqualTo(query(sql.replace("$v", "ext_loaded")));
    }

    @Test
    void filesAreQueriedWhereTheyAreAsTheLoadedRowsAre() {
        assertThat(query("SELECT count(*) FROM ext_visits")).containsExactly("200");
        sameAsLoaded("SELECT url, count(*), sum(id), round(sum(revenue), 2), min(day) FROM $v GROUP BY url ORDER BY url");
        sameAsLoaded("SELECT id, url FROM $v WHERE revenue > 90 AND day < '2020-01-10' ORDER BY id");
        sameAsLoaded("SELECT v.url, r.rank, count(*) FROM $v v JOIN ext_ranks r ON v.url = r.url WHERE r.rank > 4"
                + " GROUP BY v.url, r.rank ORDER BY v.url");
        sameAsLoaded("SELECT count(DISTINCT url) FROM $v");
        sameAsLoaded("SELECT id FROM $v ORDER BY revenue DESC, id LIMIT 5");
        assertThat(String.join("\n", query("EXPLAIN SELECT count(*) FROM ext_visits")))
                .contains("Map input: files of external table ext_visits at " + dir.toUri().toString().replaceAll("/$", ""));
    }

    @Test
    void badLinesAreSkippedCountedAndReported() throws Exception {
        Path bad = Files.createDirectories(files.resolve("bad"));
        Files.writeString(bad.resolve("a.txt"), "1|one\nnot a number|two\n3|three|extra\n4|four\n");
        run("DROP TABLE IF EXISTS ext_copy");
        run("CREATE EXTERNAL TABLE ext_copy (n INT, word STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '"
                + bad + "'");
        List<String> messages = new ArrayList<>();
        StatementListener listener = new StatementListener() {
            @Override
            public void progress(int stage, int stages, String jobId, float map, float reduce) {
            }

            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        List<String> got = new ArrayList<>();
        try (var result = ((StatementResult.Rows) session.execute("SELECT n, word FROM ext_copy ORDER BY n", listener)).rows()) {
            while (result.next()) {
                got.add(result.row().get(0) + " " + result.row().get(1));
            }
        }
        assertThat(got).containsExactly("1 one", "4 four");
        assertThat(messages).anySatisfy(m -> assertThat(m).startsWith("WARNING: ").contains("skipped 2 line(s)"));
    }

    @Test
    void rowsAreCopiedIntoManagedTablesAndFilesAreNeverTouched() throws Exception {
        run("DROP TABLE IF EXISTS ext_copy");
        run("CREATE TABLE ext_copy (url STRING, total BIGINT) CLUSTERED BY (url) INTO 2 BUCKETS");
        run("INSERT INTO ext_copy SELECT url, sum(id) FROM ext_visits GROUP BY url");
        assertThat(query("SELECT sum(total) FROM ext_copy")).containsExactly("20100");
        assertThatThrownBy(() -> run("LOAD DATA LOCAL INPATH '" + dir + "' INTO TABLE ext_visits"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("does not work on external table 'ext_visits'");
        assertThatThrownBy(() -> run("INSERT INTO ext_visits SELECT * FROM ext_loaded"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("its rows are the files at");
        assertThatThrownBy(() -> run("TRUNCATE TABLE ext_visits")).isInstanceOf(SemanticException.class);
        String ddl = String.join("\n", query("SHOW CREATE TABLE ext_visits"));
        assertThat(ddl).startsWith("CREATE EXTERNAL TABLE `ext_visits`").contains("LOCATION '" + dir.toUri());
        assertThat(query("DESCRIBE FORMATTED ext_visits")).contains("Table Type: | EXTERNAL_TABLE | NULL");
        run("DROP TABLE ext_visits");
        assertThat(Files.exists(dir.resolve("part-1.csv"))).isTrue();
        assertThat(Files.exists(dir.resolve("day=2/part-2.csv"))).isTrue();
        run(ddl);
        assertThat(query("SELECT count(*) FROM ext_visits")).containsExactly("200");
    }

    @Test
    void aLocationWithNothingHasNoRowsAndMistakesAreNamed() {
        run("CREATE EXTERNAL TABLE ext_none (a INT) LOCATION '" + files.resolve("nothing-here").toUri() + "'");
        assertThat(query("SELECT count(*) FROM ext_none")).containsExactly("0");
        assertThatThrownBy(() -> run("CREATE EXTERNAL TABLE ext_x (a INT)"))
                .hasMessageContaining("needs LOCATION 'path'");
        assertThatThrownBy(() -> run("CREATE TABLE ext_x (a INT) LOCATION '/tmp/x'"))
                .hasMessageContaining("LOCATION needs CREATE EXTERNAL TABLE");
    }
}
