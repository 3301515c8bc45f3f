package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * The generated files load into PostgreSQL with plain {@code COPY}, under BENCHMARK.md's schema, and the
 * paper's queries see what the generator promises (Grep matches, Selection count, every visit joining, the
 * UDF task's link counts equal to pageRank, Documents contents intact).
 */
class PostgresLoadIT {

    private static final long SEED = 11;

    @TempDir
    static Path dir;
    static Connection db;
    static PavloDataGenerator generator;
    static GenerationSummary summary;

    @BeforeAll
    static void generateAndLoad() throws Exception {
        Path out = dir.resolve("data");
        generator = PavloDataGenerator.builder().seed(SEED).scale(Scale.paperFraction(0.0005, 1)).threads(2)
                .outputDir(out).rowsPerPart(PavloTable.USERVISITS, 30_000).rowsPerPart(PavloTable.DOCUMENTS, 120)
                .build();
        summary = generator.generate(GenerationProgressListener.NONE);

        NodeInfo node = TestClusters.shared(1).catalog().nodes().get(0);
        db = TestClusters.connect(node);
        // the shared test cluster outlives this class: private schema, dropped first in case of an earlier failed run
        execute("DROP SCHEMA IF EXISTS datagen_it CASCADE; CREATE SCHEMA datagen_it; SET search_path TO datagen_it");
        execute("""
                CREATE TABLE rankings (pageRank INT, pageURL VARCHAR(100), avgDuration INT);
                CREATE TABLE uservisits (sourceIP VARCHAR(16), destURL VARCHAR(100), visitDate DATE,
                    adRevenue FLOAT, userAgent VARCHAR(64), countryCode CHAR(3), languageCode CHAR(6),
                    searchWord VARCHAR(32), duration INT);
                CREATE TABLE documents (url VARCHAR(100), contents TEXT);
                CREATE TABLE grep_lines (line TEXT);
                CREATE TABLE data (key VARCHAR(10), field VARCHAR(90));
                """);
        String text = "(FORMAT text, DELIMITER '|')";
        copy("rankings", out.resolve("rankings"), text);
        copy("uservisits", out.resolve("uservisits"), text);
        copy("documents", out.resolve("documents"), text);
        // Grep records are fixed-width random ASCII, backslashes included: read each line whole, then split
        copy("grep_lines", out.resolve("grep"), "(FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')");
        execute("INSERT INTO data SELECT substr(line, 1, 10), substr(line, 11) FROM grep_lines");
    }

    @AfterAll
    static void dropSchema() throws Exception {
        if (db != null) {
            execute("DROP SCHEMA IF EXISTS datagen_it CASCADE");
            db.close();
        }
    }

    @Test
    void everyRowLoads() throws Exception {
        for (PavloTable t : PavloTable.values()) {
            String table = t == PavloTable.GREP ? "data" : t.directoryName();
            assertThat(queryLong("SELECT count(*) FROM " + table)).as(table).isEqualTo(generator.scale().rows(t));
        }
        assertThat(queryLong("SELECT count(*) FROM data WHERE length(key) <> 10 OR length(field) <> 90")).isZero();
    }

    @Test
    void grepFindsThePlantedPattern() throws Exception {
        assertThat(queryLong("SELECT count(*) FROM data WHERE field LIKE '%XYZ%'"))
                .isEqualTo(generator.expectedGrepMatches()).isPositive();
    }

    @Test
    void selectionSelectsTheReportedCount() throws Exception {
        SelectionThreshold st = summary.selectionThreshold().orElseThrow();
        assertThat(queryLong("SELECT count(*) FROM rankings WHERE pageRank > " + st.threshold()))
                .isEqualTo(st.expectedRows());
    }

    @Test
    void everyVisitJoinsARanking() throws Exception {
        assertThat(queryLong("SELECT count(*) FROM uservisits uv LEFT JOIN rankings r ON r.pageURL = uv.destURL "
                + "WHERE r.pageURL IS NULL")).isZero();
        assertThat(queryLong("SELECT count(*) FROM uservisits WHERE visitDate BETWEEN '2000-01-15' AND '2000-01-22'"))
                .isPositive();
    }

    @Test
    void udfLinkCountsEqualPageRank() throws Exception {
        assertThat(queryLong("""
                WITH links AS (
                    SELECT 'http://' || (regexp_matches(contents,
                               '<a href="http://([\\w./\\d]+\\.html)">link</a>', 'gi'))[1] AS url
                    FROM documents),
                counted AS (SELECT url, count(*) AS n FROM links GROUP BY url)
                SELECT count(*) FROM counted FULL JOIN rankings r ON r.pageURL = counted.url
                WHERE counted.n IS DISTINCT FROM r.pageRank
                """)).isZero();
        assertThat(queryLong("SELECT sum(pageRank) FROM rankings")).isEqualTo(generator.totalLinks());
    }

    @Test
    void documentsContentsSurviveTheEscaping() throws Exception {
        Map<String, String> loaded = new HashMap<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery("SELECT url, contents FROM documents")) {
            while (rs.next()) {
                loaded.put(rs.getString(1), rs.getString(2));
            }
        }
        String hadoop = new String(TestFiles.concatenated(dir.resolve("data").resolve("documents-hadoop")),
                StandardCharsets.US_ASCII);
        UrlPool urls = new UrlPool(generator.scale().rows(PavloTable.RANKINGS), SEED);
        int doc = 0;
        int from = 0;
        while (from < hadoop.length()) {
            int end = hadoop.indexOf("</html>\n", from) + "</html>".length();
            assertThat(loaded.get(urls.url(doc))).as("document %d", doc).isEqualTo(hadoop.substring(from, end));
            from = end + 1;
            doc++;
        }
        assertThat(doc).isEqualTo(loaded.size());
        assertThat(queryLong("SELECT count(*) FROM documents WHERE position(E'\\n' IN contents) > 0"))
                .isEqualTo(loaded.size());
    }

    private static void copy(String table, Path directory, String options) throws Exception {
        CopyManager copy = db.unwrap(PGConnection.class).getCopyAPI();
        for (Path part : TestFiles.parts(directory)) {
            try (Reader r = Files.newBufferedReader(part, StandardCharsets.US_ASCII)) {
                copy.copyIn("COPY " + table + " FROM STDIN " + options, r);
            }
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    private static long queryLong(String sql) throws SQLException {
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
