package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few hundred generated malformed and odd statements ({@link StatementFuzzer}, seeded) through one
 * embedded JDBC connection: each must end, within its query timeout, with a result or an
 * SQLException that has a message and a real SQLState, never an unchecked exception, a JVM error
 * or a hang. All the statements run; the failures are reported together.
 */
class StatementFuzzIT {
    private static final Logger LOG = LoggerFactory.getLogger(StatementFuzzIT.class);
    private static final long SEED = 19;
    private static final int STATEMENTS = 300;
    private static final int QUERY_TIMEOUT_SECONDS = 20;
    /** How long past its query timeout a statement may take before it counts as hung. */
    private static final int GRACE_SECONDS = 20;
    /** Rows read of a result: enough to run the statement to its end on the test table. */
    private static final int MAX_ROWS = 100_000;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyStatementEndsWithAResultOrAProperError() throws Exception {
        String url = "jdbc:hadoopdb:home=" + TestClusters.shared(2).config().home().root();
        List<String> statements = new StatementFuzzer(SEED, "jfz_").generate(STATEMENTS);
        List<String> failures = new ArrayList<>();
        int results = 0;
        int errors = 0;
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            // deep nesting must fail with an error, not need a thread with a huge stack
            Thread thread = new Thread(r, "fuzz-statement");
            thread.setDaemon(true);
            return thread;
        });
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url)) {
            DriverContract.createTables(c, "jfz_");
            for (String sql : statements) {
                Future<Object> outcome = runner.submit(() -> run(c, sql));
                Object o;
                try {
                    o = outcome.get(QUERY_TIMEOUT_SECONDS + GRACE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    failures.add("hung: " + shorten(sql));
                    break;
                }
                if (o instanceof SQLException e) {
                    errors++;
                    String problem = problem(e);
                    if (problem != null) {
                        failures.add(problem + ": " + shorten(sql) + " -> " + e);
                    }
                } else if (o instanceof Throwable t) {
                    failures.add("threw " + t + ": " + shorten(sql));
                } else {
                    results++;
                }
            }
        } finally {
            runner.shutdownNow();
        }
        LOG.info("{} statements in {} s: {} results, {} errors, {} failures", statements.size(),
                (System.nanoTime() - started) / 1_000_000_000, results, errors, failures.size());
        assertThat(failures).as("statements that did not end with a result or a proper SQLException").isEmpty();
        assertThat(results).as("valid statements still run").isGreaterThanOrEqualTo(new StatementFuzzer(SEED, "jfz_")
                .valid().size());
    }

    /** The statement's outcome: null for a result read to its end, the SQLException, or what else was thrown. */
    private static Object run(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            if (s.execute(sql)) {
                try (ResultSet rs = s.getResultSet()) {
                    for (int i = 0; i < MAX_ROWS && rs.next(); i++) {
                        rs.getObject(1);
                    }
                }
            }
            return null;
        } catch (Throwable t) {
            // every Throwable, Errors included: the test must report them, not die of them
            return t;
        }
    }

    /** What is wrong with an error the client got, or null. */
    private static String problem(SQLException e) {
        if (e.getMessage() == null || e.getMessage().isBlank()) {
            return "no message";
        }
        if (e.getSQLState() == null || e.getSQLState().equals("00000")) {
            return "SQLState " + e.getSQLState();
        }
        return null;
    }

    private static String shorten(String sql) {
        StringBuilder s = new StringBuilder("[");
        sql.codePoints().limit(160).forEach(cp -> s.append(cp < 0x20 || cp > 0x7e ? String.format("\\u%04X", cp)
                : Character.toString(cp)));
        return s.append(sql.length() > 160 ? "…(" + sql.length() + " chars)]" : "]").toString();
    }
}
