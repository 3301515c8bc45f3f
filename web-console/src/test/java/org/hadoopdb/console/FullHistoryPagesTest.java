package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.hadoopdb.jdbc.queries.PushedSql;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.junit.jupiter.api.Test;

/**
 * With a full history (1,000 finished statements, each with stages and a plan) the queries page, the
 * API's list and a statement's page answer with what they should show. How fast they answer is a
 * measurement, not a test condition (a loaded machine must not fail a test): run {@link #main} to
 * print the median time of each page.
 */
class FullHistoryPagesTest {
    private static final int HISTORY = 1000;

    private static final String[] PAGES = {"/", "/api/queries", "/queries/500", "/api/queries/500"};

    @Test
    void everyPageAnswersWithAThousandFinishedStatements() throws Exception {
        QueryRegistry registry = filled();
        try (Console console = new Console(registry)) {
            HttpClient http = HttpClient.newHttpClient();
            String list = get(http, console.base + "/api/queries");
            assertThat(list).contains("WHERE v > 999").contains("WHERE v > 0");
            assertThat(get(http, console.base + "/")).contains("WHERE v &gt; 999");
            assertThat(get(http, console.base + "/queries/500")).contains("WHERE v &gt; 499").contains("job_local_499");
            assertThat(get(http, console.base + "/api/queries/500")).contains("WHERE v > 499").contains("SELECT \\\"k\\\"");
        }
    }

    /** Prints the median time of each page over HTTP with a full history (a measurement, run by hand). */
    public static void main(String[] args) throws Exception {
        try (Console console = new Console(filled())) {
            HttpClient http = HttpClient.newHttpClient();
            for (String path : PAGES) {
                System.out.printf("GET %-18s median %d ms%n", path, medianMillis(http, URI.create(console.base + path)));
            }
        }
    }

    private static String get(HttpClient http, String uri) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(uri)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(uri).isEqualTo(200);
        return r.body();
    }

    /** The console's handler on a loopback port. */
    private static final class Console implements AutoCloseable {
        private final Server jetty = new Server();
        private final String base;

        Console(QueryRegistry registry) throws Exception {
            ServerConnector connector = new ServerConnector(jetty);
            connector.setHost("127.0.0.1");
            jetty.addConnector(connector);
            jetty.setHandler(new ConsoleHandler(registry, null, org.hadoopdb.jdbc.meta.QueryGate.unbounded(), java.util.List::of,
                    YarnLinks.NONE, java.util.Set.of()));
            jetty.start();
            base = "http://127.0.0.1:" + connector.getLocalPort();
        }

        @Override
        public void close() throws Exception {
            jetty.stop();
        }
    }

    private static QueryRegistry filled() {
        QueryRegistry registry = new QueryRegistry(HISTORY);
        String plan = "STAGES\n  Stage 1: map + reduce (1 reducer)\n    SQL: SELECT \"k\", \"v\" FROM \"t\"\n".repeat(20);
        for (int i = 0; i < HISTORY; i++) {
            QueryRecord q = registry.start("alice", QueryRegistry.JDBC, "127.0.0.1", "query",
                    "SELECT k, count(*) FROM t WHERE v > " + i + " GROUP BY k");
            q.running();
            q.planned(plan, List.of(new PushedSql(1, "t0", "t", java.util.Map.of("node1", List.of(0, 1)),
                    "SELECT \"k\", \"v\" FROM \"t\"")));
            q.progress(1, 2, "job_local_" + i, 1f, 1f);
            q.stageFinished(1, 2, "job_local_" + i);
            q.progress(2, 2, "client", 1f, 0f);
            q.addRows(i);
            if (i % 3 == 0) {
                q.failed("Table 't' not found", "42000");
            } else {
                q.finished();
            }
        }
        assertThat(registry.recent()).hasSize(HISTORY);
        return registry;
    }

    private static long medianMillis(HttpClient http, URI uri) throws Exception {
        HttpRequest get = HttpRequest.newBuilder(uri).GET().build();
        for (int i = 0; i < 5; i++) {
            assertThat(http.send(get, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
        }
        long[] times = new long[11];
        for (int i = 0; i < times.length; i++) {
            long started = System.nanoTime();
            HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
            times[i] = (System.nanoTime() - started) / 1_000_000;
            assertThat(r.statusCode()).isEqualTo(200);
        }
        Arrays.sort(times);
        return times[times.length / 2];
    }
}
