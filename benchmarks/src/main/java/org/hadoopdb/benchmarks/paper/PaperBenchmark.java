package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.benchmarks.data.PavloTable;
import org.hadoopdb.benchmarks.mr.HandCodedJobs;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.planner.ast.QueryStatement;
import org.hadoopdb.planner.ast.SourceSpan;
import org.hadoopdb.planner.exec.ResultStream;
import org.hadoopdb.planner.parse.HiveQlParser;
import org.hadoopdb.planner.session.HadoopDbEngine;
import org.hadoopdb.planner.session.Session;
import org.hadoopdb.planner.session.StatementListener;
import org.hadoopdb.planner.session.StatementResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench}: the HadoopDB paper's tasks (section 6) on every system side by side, in one
 * run, on the same generated data: HadoopDB through HiveQL (the SMS planner), HadoopDB's hand-coded
 * MapReduce jobs over the chunks, Hadoop MapReduce over the text files (the paper's Hadoop), and one
 * PostgreSQL holding all the data (a single-node stand-in for the paper's parallel databases).
 * Prints seconds per task and system, the rows each returned, SMS planning time, and the ratios the
 * issues set targets for (SMS over hand-coded, Hadoop over SMS).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run the HadoopDB paper's tasks on HadoopDB (HiveQL and hand-coded), Hadoop over text files and one "
                + "PostgreSQL, side by side.")
public final class PaperBenchmark extends BaseCommand {
    private static final LocalDate JOIN_FROM = LocalDate.parse("2000-01-15");
    private static final LocalDate JOIN_TO = LocalDate.parse("2000-01-22");

    @Option(names = "--uservisits-rows", defaultValue = "2000000", description = "UserVisits rows (default ${DEFAULT-VALUE}).")
    long userVisitsRows;

    @Option(names = "--rankings-rows", defaultValue = "200000", description = "Rankings rows (default ${DEFAULT-VALUE}).")
    long rankingsRows;

    @Option(names = "--grep-rows", defaultValue = "1000000", description = "Grep records (default ${DEFAULT-VALUE}).")
    long grepRows;

    @Option(names = "--seed", defaultValue = "42", description = "Data generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--rounds", defaultValue = "1", description = "Runs of each task per system; the best counts (default ${DEFAULT-VALUE}).")
    int rounds;

    private record Task(String name, String sql, String singleSql) {
    }

    private record Timing(double seconds, long rows) {
    }

    @Override
    public Integer call() throws Exception {
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            PaperData data = PaperData.generate(config().home().root().resolve("bench-data"), rankingsRows, userVisitsRows, grepRows,
                    seed, nodes, console()::note);
            long loadStart = System.nanoTime();
            data.load(session, nodes, s -> { });
            double hadoopDbLoad = seconds(loadStart);
            NodeInfo single = engine.catalog().nodes().get(0);
            double singleLoad = loadSingle(engine, single, data);
            console().note(String.format(Locale.ROOT, "Load: HadoopDB %.1f s on %d nodes, one PostgreSQL %.1f s", hadoopDbLoad,
                    nodes, singleLoad));

            long threshold = data.selectionThreshold();
            String join = "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
                    + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
                    + "WHERE uv.visitdate BETWEEN DATE '" + JOIN_FROM + "' AND DATE '" + JOIN_TO + "' "
                    + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1";
            List<Task> tasks = List.of(
                    new Task("Grep", "SELECT record FROM grep WHERE record LIKE '%XYZ%'",
                            "SELECT record FROM grep WHERE record LIKE '%XYZ%'"),
                    new Task("Selection", "SELECT pageurl, pagerank FROM rankings WHERE pagerank > " + threshold,
                            "SELECT pageurl, pagerank FROM rankings WHERE pagerank > " + threshold),
                    new Task("Aggregation small", "SELECT SUBSTR(sourceip, 1, 7), SUM(adrevenue) FROM uservisits "
                            + "GROUP BY SUBSTR(sourceip, 1, 7)",
                            "SELECT substr(sourceip, 1, 7), SUM(adrevenue) FROM uservisits GROUP BY substr(sourceip, 1, 7)"),
                    new Task("Aggregation large", "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip",
                            "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip"),
                    new Task("Join", join, join));

            Configuration conf = config().hadoopConf();
            org.apache.hadoop.fs.Path catalog = engine.catalogStore().directory();
            org.apache.hadoop.fs.Path scratch = new org.apache.hadoop.fs.Path(config().home().jobScratch(), "bench-" + UUID.randomUUID());
            List<String> lines = new ArrayList<>();
            lines.add(String.format(Locale.ROOT, "%-18s %10s %10s %10s %10s %8s %9s %9s   %s", "TASK", "SMS s", "HAND s", "HADOOP s",
                    "PG-1 s", "PLAN ms", "SMS/HAND", "HADOOP/SMS", "ROWS (sms/hand/hadoop/pg)"));
            for (Task t : tasks) {
                console().note("-- " + t.name());
                Map<String, Timing> best = new LinkedHashMap<>();
                double planMs = planMillis(session, t.sql());
                for (int r = 0; r < rounds; r++) {
                    keepBest(best, "sms", sms(session, t.sql()));
                    keepBest(best, "hand", hand(t.name(), conf, catalog, threshold, new org.apache.hadoop.fs.Path(scratch, "hand" + r + t.name().replace(' ', '-'))));
                    keepBest(best, "hadoop", hadoop(t.name(), conf, data, threshold, new org.apache.hadoop.fs.Path(scratch, "text" + r + t.name().replace(' ', '-'))));
                    keepBest(best, "pg", single(engine, single, t.singleSql()));
                }
                Timing sms = best.get("sms");
                Timing hand = best.get("hand");
                Timing hadoop = best.get("hadoop");
                Timing pg = best.get("pg");
                lines.add(String.format(Locale.ROOT, "%-18s %10.2f %10.2f %10.2f %10.2f %8.1f %9.2f %9.2f   %d/%d/%d/%d", t.name(),
                        sms.seconds(), hand.seconds(), hadoop.seconds(), pg.seconds(), planMs, sms.seconds() / hand.seconds(),
                        hadoop.seconds() / sms.seconds(), sms.rows(), hand.rows(), hadoop.rows(), pg.rows()));
                console().note(lines.get(lines.size() - 1));
            }
            scratch.getFileSystem(conf).delete(scratch, true);
            console().out().println();
            console().out().printf(Locale.ROOT, "%d nodes; UserVisits %,d rows, Rankings %,d rows, Grep %,d records; load: HadoopDB %.1f s, "
                    + "one PostgreSQL %.1f s%n", nodes, userVisitsRows, rankingsRows, grepRows, hadoopDbLoad, singleLoad);
            lines.forEach(console().out()::println);
            console().out().flush();
            dropSingle(engine, single);
        }
        return 0;
    }

    private static void keepBest(Map<String, Timing> best, String system, Timing t) {
        best.merge(system, t, (a, b) -> a.seconds() <= b.seconds() ? a : b);
    }

    private static double planMillis(Session session, String sql) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        session.plan(q); // warm
        return session.plan(q).planningNanos() / 1e6;
    }

    private static Timing sms(Session session, String sql) {
        long start = System.nanoTime();
        long rows = 0;
        try (ResultStream r = ((StatementResult.Rows) session.execute(sql, StatementListener.NONE)).rows()) {
            while (r.next()) {
                rows++;
            }
        }
        return new Timing(seconds(start), rows);
    }

    private static Timing hand(String task, Configuration conf, org.apache.hadoop.fs.Path catalog, long threshold,
                               org.apache.hadoop.fs.Path out) throws Exception {
        long start = System.nanoTime();
        Job job = switch (task) {
            case "Grep" -> HandCodedJobs.grep(conf, catalog, "XYZ", out);
            case "Selection" -> HandCodedJobs.selection(conf, catalog, threshold, out);
            case "Aggregation small" -> HandCodedJobs.aggregation(conf, catalog, true, out);
            case "Aggregation large" -> HandCodedJobs.aggregation(conf, catalog, false, out);
            default -> HandCodedJobs.join(conf, catalog, JOIN_FROM, JOIN_TO, out);
        };
        run(job);
        return new Timing(seconds(start), lines(out, conf));
    }

    private static Timing hadoop(String task, Configuration conf, PaperData data, long threshold, org.apache.hadoop.fs.Path out)
            throws Exception {
        long start = System.nanoTime();
        org.apache.hadoop.fs.Path rankings = path(data.files(PavloTable.RANKINGS));
        org.apache.hadoop.fs.Path visits = path(data.files(PavloTable.USERVISITS));
        switch (task) {
            case "Grep" -> run(TextBaselineJobs.grep(conf, path(data.files(PavloTable.GREP)), "XYZ", out));
            case "Selection" -> run(TextBaselineJobs.selection(conf, rankings, threshold, out));
            case "Aggregation small" -> run(TextBaselineJobs.aggregation(conf, visits, true, out));
            case "Aggregation large" -> run(TextBaselineJobs.aggregation(conf, visits, false, out));
            default -> {
                org.apache.hadoop.fs.Path phase1 = new org.apache.hadoop.fs.Path(out.toString() + "-phase1");
                run(TextBaselineJobs.joinPhase1(conf, rankings, visits, JOIN_FROM, JOIN_TO, phase1));
                run(TextBaselineJobs.joinBest(conf, phase1, out));
            }
        }
        return new Timing(seconds(start), lines(out, conf));
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toUri());
    }

    private static void run(Job job) throws Exception {
        if (!job.waitForCompletion(false)) {
            throw new IllegalStateException(job.getJobName() + " failed: " + job.getStatus().getFailureInfo());
        }
    }

    private static long lines(org.apache.hadoop.fs.Path dir, Configuration conf) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        long n = 0;
        for (FileStatus f : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(fs.open(f.getPath()),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    n++;
                }
            }
        }
        return n;
    }

    private static Timing single(HadoopDbEngine engine, NodeInfo node, String sql) throws SQLException {
        long start = System.nanoTime();
        long rows = 0;
        try (Connection c = engine.pools().connect(node)) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("SET LOCAL search_path TO bench_single, pg_catalog");
                st.setFetchSize(10_000);
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        rows++;
                    }
                }
            }
            c.rollback();
        }
        return new Timing(seconds(start), rows);
    }

    private static double loadSingle(HadoopDbEngine engine, NodeInfo node, PaperData data) throws SQLException, IOException {
        long start = System.nanoTime();
        try (Connection c = engine.pools().connect(node); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS bench_single CASCADE");
            st.execute("CREATE SCHEMA bench_single");
            st.execute("CREATE TABLE bench_single.rankings (pagerank int, pageurl text, avgduration int)");
            st.execute("CREATE TABLE bench_single.uservisits (sourceip text, desturl text, visitdate date, adrevenue float8, "
                    + "useragent text, countrycode text, languagecode text, searchword text, duration int)");
            st.execute("CREATE TABLE bench_single.grep (record text)");
            copy(c, "rankings", data.files(PavloTable.RANKINGS), "FORMAT text, DELIMITER '|'");
            copy(c, "uservisits", data.files(PavloTable.USERVISITS), "FORMAT text, DELIMITER '|'");
            copy(c, "grep", data.files(PavloTable.GREP), "FORMAT csv, DELIMITER E'\\001', QUOTE E'\\002'");
            st.execute("CREATE INDEX ON bench_single.uservisits (visitdate)");
            st.execute("CREATE INDEX ON bench_single.rankings (pagerank)");
            st.execute("ANALYZE bench_single.rankings");
            st.execute("ANALYZE bench_single.uservisits");
            st.execute("ANALYZE bench_single.grep");
        }
        return seconds(start);
    }

    private static void dropSingle(HadoopDbEngine engine, NodeInfo node) throws SQLException {
        try (Connection c = engine.pools().connect(node); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS bench_single CASCADE");
        }
    }

    private static void copy(Connection c, String table, Path dir, String options) throws SQLException, IOException {
        try (Stream<Path> parts = Files.list(dir)) {
            for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
                try (Reader in = Files.newBufferedReader(p)) {
                    c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                            .copyIn("COPY bench_single." + table + " FROM STDIN WITH (" + options + ")", in);
                }
            }
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
