package org.hadoopdb.benchmarks.mr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.datagen.PavloDataGenerator;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.datagen.Scale;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's hand-coded tasks over a 3-node cluster whose chunks have two copies each: every job's
 * output equals the same computation by one PostgreSQL holding all the rows.
 */
class HandCodedJobsIT {
    private static HadoopDbEngine engine;
    private static NodeInfo reference;
    private static Configuration conf;
    private static org.apache.hadoop.fs.Path catalog;

    @TempDir
    static Path data;
    @TempDir
    static Path out;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(3).config(), msg -> { });
        conf = engine.config().hadoopConf();
        catalog = engine.catalogStore().directory();
        reference = engine.catalog().nodes().get(0);
        Scale scale = Scale.paperFraction(0.0001, 3).withRows(PavloTable.RANKINGS, 3000).withRows(PavloTable.USERVISITS, 15000)
                .withRows(PavloTable.GREP, 30000).withRows(PavloTable.DOCUMENTS, 120);
        PavloDataGenerator.builder().seed(7).scale(scale).threads(2).outputDir(data).overwrite(true)
                .tables(EnumSet.allOf(PavloTable.class)).build().generate(p -> { });
        String replicated = " TBLPROPERTIES ('hadoopdb.replication'='2')";
        try (Session s = engine.openSession(Map.of())) {
            for (String t : List.of("rankings", "uservisits", "grep", "documents")) {
                s.execute("DROP TABLE IF EXISTS " + t, StatementListener.NONE);
            }
            s.execute("CREATE TABLE rankings (pagerank INT, pageurl STRING, avgduration INT) CLUSTERED BY (pageurl) INTO 6 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'" + replicated, StatementListener.NONE);
            s.execute("CREATE TABLE uservisits (sourceip STRING, desturl STRING, visitdate DATE, adrevenue DOUBLE, useragent STRING, "
                    + "countrycode STRING, languagecode STRING, searchword STRING, duration INT) CLUSTERED BY (desturl) INTO 6 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'" + replicated, StatementListener.NONE);
            s.execute("CREATE TABLE grep (record STRING) CLUSTERED BY (record) INTO 6 BUCKETS" + replicated, StatementListener.NONE);
            s.execute("CREATE TABLE documents (url STRING, contents STRING) CLUSTERED BY (url) INTO 3 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' ESCAPED BY '\\\\' TBLPROPERTIES ('hadoopdb.replication'='2', "
                    + "'serialization.escape.crlf'='true')", StatementListener.NONE);
            for (String t : List.of("rankings", "uservisits", "grep", "documents")) {
                s.execute("LOAD DATA LOCAL INPATH '" + data.resolve(t) + "' INTO TABLE " + t, StatementListener.NONE);
            }
        }
        TableInfo rankings = engine.catalog().table("rankings");
        assertThat(rankings.chunks()).allMatch(c -> c.replicas().size() == 1);
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS mr_reference CASCADE");
            st.execute("CREATE SCHEMA mr_reference");
            st.execute("CREATE TABLE mr_reference.rankings (pagerank int, pageurl text, avgduration int)");
            st.execute("CREATE TABLE mr_reference.uservisits (sourceip text, desturl text, visitdate date, adrevenue float8, "
                    + "useragent text, countrycode text, languagecode text, searchword text, duration int)");
            st.execute("CREATE TABLE mr_reference.grep (record text)");
            st.execute("CREATE TABLE mr_reference.documents (url text, contents text)");
            copy(c, "rankings", "DELIMITER '|'");
            copy(c, "uservisits", "DELIMITER '|'");
            copy(c, "grep", "FORMAT csv, DELIMITER E'\\001', QUOTE E'\\002'"); // backslashes are data here
            copy(c, "documents", "DELIMITER '|'");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS mr_reference CASCADE");
        }
        engine.close();
    }

    @Test
    void grepAndSelection() throws Exception {
        assertThat(run(HandCodedJobs.grep(conf, catalog, "XYZ", path("grep")))).containsExactlyInAnyOrderElementsOf(
                reference("SELECT record FROM grep WHERE strpos(record, 'XYZ') > 0")).hasSize(3);
        assertThat(run(HandCodedJobs.selection(conf, catalog, 10, path("selection")))).containsExactlyInAnyOrderElementsOf(
                reference("SELECT pageurl || E'\\t' || pagerank FROM rankings WHERE pagerank > 10")).isNotEmpty();
    }

    @Test
    void aggregations() throws Exception {
        assertThat(rounded(run(HandCodedJobs.aggregation(conf, catalog, false, path("agg-large"))))).containsExactlyInAnyOrderElementsOf(
                rounded(reference("SELECT sourceip || E'\\t' || sum(adrevenue) FROM uservisits GROUP BY sourceip")));
        assertThat(rounded(run(HandCodedJobs.aggregation(conf, catalog, true, path("agg-small"))))).containsExactlyInAnyOrderElementsOf(
                rounded(reference("SELECT substr(sourceip, 1, 7) || E'\\t' || sum(adrevenue) FROM uservisits GROUP BY substr(sourceip, 1, 7)")));
    }

    @Test
    void joinKeepsTheSourceWithTheMostRevenue() throws Exception {
        List<String> job = run(HandCodedJobs.join(conf, catalog, LocalDate.parse("2000-01-15"), LocalDate.parse("2000-01-22"),
                path("join")));
        List<String> expected = reference("SELECT uv.sourceip || E'\\t' || sum(uv.adrevenue) || E'\\t' || avg(r.pagerank)::float8 "
                + "FROM uservisits uv JOIN rankings r ON r.pageurl = uv.desturl "
                + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
                + "GROUP BY uv.sourceip ORDER BY sum(uv.adrevenue) DESC, uv.sourceip LIMIT 1");
        assertThat(rounded(job)).isEqualTo(rounded(expected));
    }

    @Test
    void udfAggregationCountsInlinks() throws Exception {
        List<String> job = run(HandCodedJobs.inlinks(conf, catalog, path("inlinks")));
        // BENCHMARK.md's link pattern, matched by PostgreSQL's regular expressions
        List<String> expected = reference("SELECT m[1] || E'\\t' || count(*) FROM documents, "
                + "regexp_matches(contents, '" + HandCodedJobs.LinkCount.LINK.pattern() + "', 'gi') AS m GROUP BY m[1]");
        assertThat(job).containsExactlyInAnyOrderElementsOf(expected).isNotEmpty();
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static org.apache.hadoop.fs.Path path(String name) {
        return new org.apache.hadoop.fs.Path(out.resolve(name).toUri());
    }

    private static List<String> run(Job job) throws Exception {
        assertThat(job.waitForCompletion(false)).as(job.getJobName()).isTrue();
        Path dir = Path.of(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.getOutputPath(job).toUri());
        List<String> lines = new ArrayList<>();
        try (Stream<Path> parts = Files.list(dir)) {
            for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                lines.addAll(Files.readAllLines(p));
            }
        }
        return lines;
    }

    private static List<String> reference(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("SET search_path TO mr_reference");
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Tab-separated lines with every number rounded to 6 decimals (sums of doubles differ in the last bits). */
    private static List<String> rounded(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.split("\t");
            for (int i = 1; i < f.length; i++) {
                f[i] = new BigDecimal(f[i]).setScale(6, RoundingMode.HALF_UP).toPlainString();
            }
            out.add(String.join("\t", f));
        }
        return out;
    }

    private static void copy(Connection c, String table, String options) throws SQLException, IOException {
        try (Stream<Path> parts = Files.list(data.resolve(table))) {
            for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                try (Reader in = Files.newBufferedReader(p)) {
                    c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                            .copyIn("COPY mr_reference." + table + " FROM STDIN WITH (" + (options.contains("FORMAT") ? "" : "FORMAT text, ") + options + ")", in);
                }
            }
        }
    }
}
