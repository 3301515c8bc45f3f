package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.LoginLimits;
import org.hadoopdb.jdbc.server.QueryServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The console beside a real query server: through our JDBC driver one query succeeds, one fails and
 * one is cancelled from the console's cancel API while it runs; the API, the pages and
 * {@code /metrics} then show exactly those three, and nothing is served without a valid login.
 */
class WebConsoleIT {
    private static final String USER = "alice";
    private static final String PASSWORD = "correct horse battery staple";
    private static final String OTHER = "bob";
    private static final String OTHER_PASSWORD = "another long password";
    /** Rows of wc_rows: its cross join (25 million rows, as MapReduce jobs) runs far longer than the test waits. */
    private static final int ROWS = 5_000;
    private static final String OK = "SELECT count(*) FROM wc_rows";
    private static final String FAILS = "SELECT * FROM wc_no_such_table";
    private static final String CROSS_JOIN = "SELECT a.k, b.v FROM wc_rows a CROSS JOIN wc_rows b";

    private static ConsoleTestServer fixture;
    private static HadoopDbEngine engine;
    private static QueryServer server;
    private static WebConsole console;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static long okId;
    private static long failedId;
    private static long cancelledId;
    private static int cancelStatus;

    @BeforeAll
    static void start() throws Exception {
        // the login test fails many logins on purpose; throttling is LoginThrottleIT's subject
        fixture = ConsoleTestServer.start(1, Map.of(USER, PASSWORD, OTHER, OTHER_PASSWORD),
                new LoginLimits(0, 0, Duration.ofMinutes(1)));
        engine = fixture.engine;
        server = fixture.server;
        console = fixture.console;
        fixture.createRows("wc_rows", ROWS, 2);
        java.nio.file.Path files = java.nio.file.Files.createDirectories(fixture.dir.resolve("wc_files"));
        java.nio.file.Files.writeString(files.resolve("part.txt"), "1|a\n2|b\n");
        fixture.execute("CREATE TABLE wc_parts (k INT) PARTITIONED BY (dt STRING)",
                "INSERT INTO wc_parts PARTITION (dt = '2026-11-01') VALUES (1), (2)",
                "INSERT INTO wc_parts PARTITION (dt = '2026-11-02') VALUES (3)",
                "CREATE EXTERNAL TABLE wc_files (k INT, s STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '"
                        + files.toUri() + "'");
        runTheThreeQueries();
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static Connection connect() throws SQLException {
        // the cross join runs as MapReduce jobs and its rows are not read straight from the chunks
        return fixture.connect(USER, PASSWORD);
    }

    private static void runTheThreeQueries() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(OK)) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(ROWS);
        }
        okId = idOf(OK, "FINISHED");

        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = failureOf(s, FAILS);
            assertThat((Throwable) e).isNotNull();
            assertThat(e.getSQLState()).isEqualTo("42000");
        }
        failedId = idOf(FAILS, "FAILED");

        ExecutorService runner = Executors.newSingleThreadExecutor();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            Future<SQLException> run = runner.submit(() -> failureOf(s, CROSS_JOIN));
            cancelledId = awaitQuery(CROSS_JOIN, q -> q.get("state").asText().equals("RUNNING"));
            HttpResponse<String> cancel = send(post("/api/queries/" + cancelledId + "/cancel", USER, PASSWORD));
            cancelStatus = cancel.statusCode();
            SQLException e = run.get(120, TimeUnit.SECONDS);
            assertThat((Throwable) e).as("the cancelled statement's failure").isNotNull();
            assertThat(e.getSQLState()).isEqualTo("HY008");
        } finally {
            runner.shutdownNow();
        }
        awaitQuery(CROSS_JOIN, q -> q.get("state").asText().equals("CANCELLED"));
    }

    private static SQLException failureOf(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                // read on until the cancel stops the rows
            }
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    private static long idOf(String text, String state) throws Exception {
        return awaitQuery(text, q -> q.get("state").asText().equals(state));
    }

    /** Polls /api/queries until a statement with {@code text} matches, and returns its id. */
    private static long awaitQuery(String text, Predicate<JsonNode> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = apiQueries();
            for (String list : new String[] {"running", "recent"}) {
                for (JsonNode q : last.get(list)) {
                    if (q.get("text").asText().equals(text) && condition.test(q)) {
                        return q.get("id").asLong();
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("No query '" + text + "' reached the expected state; the console shows " + last);
    }

    private static JsonNode apiQueries() throws Exception {
        HttpResponse<String> r = send(get("/api/queries", USER, PASSWORD));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static HttpRequest get(String path, String user, String password) {
        return request(path, user, password).GET().build();
    }

    private static HttpRequest post(String path, String user, String password) {
        return request(path, user, password).POST(HttpRequest.BodyPublishers.noBody()).build();
    }

    private static HttpRequest.Builder request(String path, String user, String password) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(console.url()).resolve(path)).timeout(Duration.ofSeconds(60));
        if (user != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        return b;
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void theApiShowsTheThreeQueriesWithTheirStates() throws Exception {
        assertThat(cancelStatus).isEqualTo(202);
        JsonNode all = apiQueries();
        assertThat(all.get("running")).isEmpty();
        assertThat(all.get("recent")).hasSize(3);

        JsonNode ok = query(okId);
        assertThat(ok.get("state").asText()).isEqualTo("FINISHED");
        assertThat(ok.get("user").asText()).isEqualTo(USER);
        assertThat(ok.get("client").asText()).isEqualTo("JDBC");
        assertThat(ok.get("remoteAddress").asText()).isEqualTo("127.0.0.1");
        assertThat(ok.get("kind").asText()).isEqualTo("query");
        assertThat(ok.get("rows").asLong()).isEqualTo(1);
        assertThat(ok.get("ended").isNull()).isFalse();
        assertThat(ok.get("error").isNull()).isTrue();
        // the plan as EXPLAIN prints it, the SQL pushed to the chunks by node, and when each stage ran
        assertThat(ok.get("plan").asText()).contains("STAGES").contains("SQL: ");
        assertThat(ok.get("pushed")).isNotEmpty();
        JsonNode pushed = ok.get("pushed").get(0);
        assertThat(pushed.get("table").asText()).isEqualTo("wc_rows");
        assertThat(pushed.get("stage").asInt()).isEqualTo(1);
        assertThat(ok.get("plan").asText()).contains(pushed.get("sql").asText());
        String node = engine.catalog().nodes().get(0).id();
        assertThat(pushed.get("chunksByNode").get(node)).extracting(JsonNode::asInt).containsExactly(0, 1);
        assertThat(ok.get("stages")).isNotEmpty().allSatisfy(stage -> {
            assertThat(stage.get("started").isNull()).isFalse();
            assertThat(stage.get("ended").isNull()).as("stage %s ended well", stage).isFalse();
        });

        JsonNode failed = query(failedId);
        assertThat(failed.get("state").asText()).isEqualTo("FAILED");
        assertThat(failed.get("sqlState").asText()).isEqualTo("42000");
        assertThat(failed.get("error").asText()).containsIgnoringCase("wc_no_such_table");
        assertThat(failed.get("plan").isNull()).as("a query that cannot be planned has no plan").isTrue();
        assertThat(failed.get("pushed")).isEmpty();

        JsonNode cancelled = query(cancelledId);
        assertThat(cancelled.get("state").asText()).isEqualTo("CANCELLED");
        assertThat(cancelled.get("sqlState").asText()).isEqualTo("HY008");
        assertThat(cancelled.get("text").asText()).isEqualTo(CROSS_JOIN);
        assertThat(cancelled.get("pushed")).as("planned before it was cancelled").isNotEmpty();

        JsonNode list = apiQueries().get("recent").get(0);
        assertThat(list.has("plan")).as("lists leave the plans to each statement's own answer").isFalse();
    }

    private static JsonNode query(long id) throws Exception {
        HttpResponse<String> r = send(get("/api/queries/" + id, USER, PASSWORD));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    @Test
    void onlyTheOwnerMayCancelAndAnEndedQueryHasNothingToCancel() throws Exception {
        assertThat(send(post("/api/queries/" + okId + "/cancel", OTHER, OTHER_PASSWORD)).statusCode()).isEqualTo(403);
        assertThat(send(post("/api/queries/" + okId + "/cancel", USER, PASSWORD)).statusCode()).isEqualTo(409);
        assertThat(send(post("/api/queries/999999/cancel", USER, PASSWORD)).statusCode()).isEqualTo(404);
        assertThat(send(get("/api/queries/" + okId + "/cancel", USER, PASSWORD)).statusCode()).isEqualTo(405);
        // a form posted from another site's page, which the browser sends with the user's credentials
        HttpResponse<String> crossSite = send(request("/queries/" + okId + "/cancel", USER, PASSWORD)
                .header("Origin", "https://evil.example").POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(crossSite.statusCode()).isEqualTo(403);
        assertThat(crossSite.body()).contains("another site");
    }

    @Test
    void thePagesShowTheQueriesAndTheCluster() throws Exception {
        HttpResponse<String> list = send(get("/", USER, PASSWORD));
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(list.body())
                .contains("<tr id=\"q" + okId + "\"><td><a href=\"/queries/" + okId + "\">" + okId + "</a></td><td class=\"FINISHED\">")
                .contains("<tr id=\"q" + failedId + "\"><td><a href=\"/queries/" + failedId + "\">" + failedId
                        + "</a></td><td class=\"FAILED\">")
                .contains("<tr id=\"q" + cancelledId + "\"><td><a href=\"/queries/" + cancelledId + "\">" + cancelledId
                        + "</a></td><td class=\"CANCELLED\">")
                .contains(CROSS_JOIN).contains(OK).contains(FAILS).contains("Recent (3)").contains("Running (0)");

        HttpResponse<String> detail = send(get("/queries/" + failedId, USER, PASSWORD));
        assertThat(detail.statusCode()).isEqualTo(200);
        assertThat(detail.body()).contains("<pre>" + FAILS + "</pre>").contains("42000: ").contains("wc_no_such_table");

        HttpResponse<String> clusterPage = send(get("/cluster", USER, PASSWORD));
        assertThat(clusterPage.statusCode()).isEqualTo(200);
        assertThat(clusterPage.body()).contains("<td>wc_rows</td><td>HASH</td><td>2</td><td>0</td><td>" + ROWS + "</td>")
                .contains("<td>UP</td><td title=\"PostgreSQL ");

        JsonNode clusterJson = JSON.readTree(send(get("/api/cluster", USER, PASSWORD)).body());
        assertThat(clusterJson.get("nodes")).hasSize(1);
        JsonNode node = clusterJson.get("nodes").get(0);
        assertThat(node.get("up").asBoolean()).isTrue();
        // what the node's PostgreSQL answered: its version, the sessions on its database (this one at least), its size
        assertThat(node.get("version").asText()).startsWith("PostgreSQL ");
        assertThat(node.get("connections").asLong()).isPositive();
        assertThat(node.get("databaseBytes").asLong()).isGreaterThan(1_000_000);
        JsonNode table = null;
        for (JsonNode t : clusterJson.get("tables")) {
            if (t.get("name").asText().equals("wc_rows")) {
                table = t;
            }
        }
        assertThat(table).isNotNull();
        assertThat(table.get("chunks").asInt()).isEqualTo(2);
        assertThat(table.get("rows").asLong()).isEqualTo(ROWS);
        assertThat(table.get("generation").asLong()).isEqualTo(1);
        assertThat(table.get("partitions").asInt()).isEqualTo(-1);
        assertThat(table.get("location").isNull()).isTrue();
        // the catalog's history of loads, newest first: wc_rows's first generation with all its rows
        JsonNode load = null;
        for (JsonNode l : clusterJson.get("loads")) {
            if (l.get("table").asText().equals("wc_rows") && l.get("generation").asLong() == 1) {
                load = l;
            }
        }
        assertThat(load).isNotNull();
        assertThat(load.get("rowsLoaded").asLong()).isEqualTo(ROWS);
        assertThat(load.get("rowsRejected").asLong()).isZero();
        assertThat(load.get("mode").asText()).isEqualTo("append");
        assertThat(clusterPage.body()).contains("<h2>Loads (the last ").containsPattern("<td>wc_rows</td><td>1</td><td>append</td>"
                + "<td>\\d+</td><td>" + ROWS + "</td><td>0</td></tr>");
    }

    @Test
    void theClusterPageShowsPartitionsGenerationsAndExternalFiles() throws Exception {
        String page = send(get("/cluster", USER, PASSWORD)).body();
        // two inserts into two partitions: two generations, two partitions
        assertThat(page).containsPattern("<td>wc_parts</td><td>\\w+</td><td>\\d+</td><td>0</td><td>3</td><td>\\d+</td><td>2</td>"
                + "<td>2</td><td></td></tr>");
        assertThat(page).contains("<td>wc_files</td><td>EXTERNAL</td>").containsPattern("<td>0</td><td></td><td>[^<]*wc_files[^<]*</td></tr>");
        JsonNode tables = JSON.readTree(send(get("/api/cluster", USER, PASSWORD)).body()).get("tables");
        for (JsonNode t : tables) {
            if (t.get("name").asText().equals("wc_parts")) {
                assertThat(t.get("partitions").asInt()).isEqualTo(2);
                assertThat(t.get("generation").asLong()).isEqualTo(2);
            }
            if (t.get("name").asText().equals("wc_files")) {
                assertThat(t.get("location").asText()).endsWith("wc_files/");
            }
        }
    }

    @Test
    void theMetricsParseAndCountTheQueries() throws Exception {
        HttpResponse<String> r = send(get("/metrics", USER, PASSWORD));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain; version=0.0.4"));
        Map<String, Double> m = PrometheusTextParser.parse(r.body());
        assertThat(m).containsEntry("hadoopdb_statements_started_total{kind=\"query\"}", 3.0)
                .containsEntry("hadoopdb_statements_finished_total{kind=\"query\"}", 1.0)
                .containsEntry("hadoopdb_statements_failed_total{kind=\"query\"}", 1.0)
                .containsEntry("hadoopdb_statements_cancelled_total{kind=\"query\"}", 1.0)
                .containsEntry("hadoopdb_statement_duration_seconds_count", 3.0)
                .containsEntry("hadoopdb_statement_duration_seconds_bucket{le=\"+Inf\"}", 3.0)
                .containsEntry("hadoopdb_statements_queued", 0.0)
                .containsEntry("hadoopdb_statements_running", 0.0)
                // the count's one stage ran as a job (these connections turn stages in the client off); the failed
                // statement planned none, the cancelled one's never ended
                .containsEntry("hadoopdb_stages_total{ran=\"job\"}", 1.0)
                .containsEntry("hadoopdb_stages_total{ran=\"client\"}", 0.0)
                .containsKey("hadoopdb_stage_seconds_total{ran=\"job\"}");
        String node = engine.catalog().nodes().get(0).id();
        assertThat(m).containsEntry("hadoopdb_node_up{node=\"" + node + "\"}", 1.0);

        // the same counts over JMX, as jconsole or a JMX exporter reads them
        javax.management.MBeanServer jmx = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        javax.management.ObjectName name = org.hadoopdb.jdbc.queries.QueryServerMetrics.nameFor(server.port());
        assertThat(jmx.getAttribute(name, "Finished")).isEqualTo(1L);
        assertThat(jmx.getAttribute(name, "Failed")).isEqualTo(1L);
        assertThat(jmx.getAttribute(name, "Cancelled")).isEqualTo(1L);
        assertThat(jmx.getAttribute(name, "LatencyCount")).isEqualTo(3L);
        assertThat(jmx.getAttribute(name, "StagesAsJobs")).isEqualTo(1L);
        assertThat(jmx.getAttribute(name, "StagesInClient")).isEqualTo(0L);
        assertThat(jmx.getAttribute(name, "Running")).isEqualTo(0);
        assertThat(jmx.getAttribute(name, "Queued")).isEqualTo(0);
        javax.management.openmbean.TabularData started = (javax.management.openmbean.TabularData) jmx.getAttribute(name,
                "StartedByKind");
        assertThat(started.get(new Object[] {"query"}).get("value")).isEqualTo(3L);
    }

    @Test
    @Timeout(60)
    void nothingIsServedWithoutAValidLogin() throws Exception {
        for (String path : new String[] {"/", "/cluster", "/queries/" + okId, "/api/queries", "/api/queries/" + okId,
                "/api/cluster", "/metrics", "/nothing-here"}) {
            assertThat(send(get(path, null, null)).statusCode()).as("GET %s without credentials", path).isEqualTo(401);
            assertThat(send(get(path, USER, "wrong")).statusCode()).as("GET %s with a wrong password", path).isEqualTo(401);
            assertThat(send(get(path, "mallory", PASSWORD)).statusCode()).as("GET %s as an unknown user", path).isEqualTo(401);
        }
        assertThat(send(post("/api/queries/" + okId + "/cancel", null, null)).statusCode()).isEqualTo(401);
        assertThat(send(post("/api/queries/" + okId + "/cancel", USER, "wrong")).statusCode()).isEqualTo(401);
    }
}
