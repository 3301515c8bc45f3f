package org.hadoopdb.benchmarks.tpcds;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.testing.Differential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TPC-DS: the queries (their text as Apache Spark's tests keep it, read from Spark's test jar, which
 * is HiveQL but for a few spellings) over dsdgen data, each answer on HadoopDB equal to the same query
 * on one PostgreSQL holding all the rows. Fact tables are hashed on the item key (sales and returns
 * co-located), dimensions replicated.
 *
 * <p>{@code ./mvnw verify} runs a fast subset at scale factor 0.01; {@code HADOOPDB_TPCDS=all} runs all
 * 103 query texts (99 queries, four of them in two parts) and writes {@code target/tpcds-report.txt}
 * with each query's outcome and time next to PostgreSQL's.
 */
class TpcdsDifferentialIT {
    private static final Logger LOG = LoggerFactory.getLogger(TpcdsDifferentialIT.class);
    /** {@code all}, or a comma-separated list of query names (e.g. {@code q5,q14a}) to run instead of the fast subset. */
    private static final String CHOSEN = System.getenv().getOrDefault("HADOOPDB_TPCDS", "");
    private static final boolean ALL = !CHOSEN.isBlank();
    private static final double SCALE = Double.parseDouble(System.getenv().getOrDefault("HADOOPDB_TPCDS_SCALE", "0.01"));
    /** The subset of every build: star joins of a fact table with replicated dimensions, grouped and ordered. */
    private static final List<String> FAST = List.of("q3", "q42", "q52", "q55", "q96");
    private static final String SCHEMA = "tpcds_reference";
    private static final long LIMIT_SECONDS = 180;
    private static final Path REPORT_FILE = Path.of("target", "tpcds-report.txt");
    private static final java.util.concurrent.ScheduledExecutorService TIMER =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tpcds-query-limit");
                t.setDaemon(true);
                return t;
            });

    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential diff;
    private static Map<String, String> queries;
    private static final Map<String, String> REPORT = new LinkedHashMap<>();

    @TempDir
    static Path data;

    @BeforeAll
    static void load() throws Exception {
        if (ALL) {
            Files.createDirectories(REPORT_FILE.getParent());
            Files.deleteIfExists(REPORT_FILE);
        }
        queries = TpcdsQueries.load(CHOSEN.equalsIgnoreCase("all") ? null : ALL ? List.of(CHOSEN.split(",")) : FAST);
        Set<String> tables = TpcdsSetup.tablesOf(queries.values());
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of("mapreduce.task.io.sort.mb", "32", "hadoopdb.stages.parallel", "1"));
        NodeInfo reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, SCHEMA, 8);
        try (Connection c = engine.pools().connect(reference)) {
            TpcdsSetup.load(session, c, SCHEMA, data, SCALE, tables, 4);
        }
        LOG.info("TPC-DS at scale {}: {} tables loaded", SCALE, tables.size());
    }

    @AfterAll
    static void stop() throws Exception {
        if (ALL) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "TPC-DS at scale factor %s: %d queries%n", SCALE,
                    REPORT.size()));
            REPORT.forEach((q, line) -> sb.append(q).append('\t').append(line).append('\n'));
            Files.writeString(REPORT_FILE, sb.toString());
        }
        if (diff != null) {
            diff.dropReference();
        }
        if (session != null) {
            session.close();
            engine.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> queriesGivePostgresqlsAnswer() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, String> q : queries.entrySet()) {
            tests.add(DynamicTest.dynamicTest(q.getKey(), () -> {
                long t0 = System.nanoTime();
                List<String> theirs;
                try {
                    theirs = diff.postgres(TpcdsQueries.postgresSpelling(q.getValue()), TpcdsSetup.referenceSettings(SCALE));
                } catch (SQLException e) {
                    if (!"57014".equals(e.getSQLState())) {
                        throw e;
                    }
                    report(q.getKey(), "NO REFERENCE\tPostgreSQL did not answer within its bound: " + e.getMessage());
                    org.junit.jupiter.api.Assumptions.abort(q.getKey() + ": the reference PostgreSQL did not answer in time");
                    return;
                }
                long t1 = System.nanoTime();
                List<String> ours;
                // the whole suite bounds each query (the fast subset needs no bound): a cancel stops it
                var bound = ALL ? TIMER.schedule(session::cancel, LIMIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS) : null;
                try {
                    ours = diff.hadoopDb(q.getValue());
                } catch (RuntimeException e) {
                    boolean late = System.nanoTime() - t1 > LIMIT_SECONDS * 1_000_000_000L;
                    report(q.getKey(), (late ? "TIMEOUT\t" : "FAILED\t") + String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
                    throw e;
                } finally {
                    if (bound != null) {
                        bound.cancel(false);
                    }
                }
                long t2 = System.nanoTime();
                // the same multiset of rows: what the assertion below checks, for the report
                boolean same = sorted(ours).equals(sorted(theirs));
                report(q.getKey(), String.format(Locale.ROOT, "%s\t%d rows\tours %.2f s\tpostgresql %.2f s",
                        same ? "same" : "DIFFERENT", ours.size(), (t2 - t1) / 1e9, (t1 - t0) / 1e9));
                assertThat(ours).as(q.getKey()).containsExactlyInAnyOrderElementsOf(theirs);
            }));
        }
        return tests.stream();
    }

    /** A query's outcome, kept for the report and appended to it at once (a long run stopped half-way keeps what it did). */
    private static void report(String query, String line) throws IOException {
        REPORT.put(query, line);
        if (ALL) {
            Files.writeString(REPORT_FILE, query + "\t" + line + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(null);
        return out;
    }
}
