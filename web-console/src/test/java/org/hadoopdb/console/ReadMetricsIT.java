package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.TabularData;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.jdbc.queries.QueryServerMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The metrics of what the statements did on the nodes: the same table read whole three ways (straight
 * from the chunks, by a stage in the server's process, by a MapReduce job's map tasks) counts its rows
 * and bytes three times on the nodes holding its chunks; the job and its tasks, the queue's waits and
 * the process's node sessions are there too, in {@code /metrics} and over JMX.
 */
class ReadMetricsIT {
    private static final String USER = "carol";
    private static final String PASSWORD = "a long enough password";
    private static final int ROWS = 3_000;
    private static final RowSchema SCHEMA = RowSchema.builder().add("k", "int").add("v", "int").build();
    private static final String DIRECT = "SELECT k, v FROM rm_rows";
    private static final String IN_CLIENT = "SELECT k, v FROM rm_rows ORDER BY k";
    private static final String AS_JOB = "SELECT k, v FROM rm_rows ORDER BY v, k";

    private static ConsoleTestServer fixture;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws Exception {
        fixture = ConsoleTestServer.start(2, Map.of(USER, PASSWORD), null);
        fixture.createRows("rm_rows", ROWS, 2);
        assertThat(readAll(connection(Map.of()), DIRECT)).isEqualTo(ROWS);
        assertThat(readAll(connection(Map.of("hadoopdb.fetch.direct", "false")), IN_CLIENT)).isEqualTo(ROWS);
        assertThat(readAll(fixture.connect(USER, PASSWORD), AS_JOB)).isEqualTo(ROWS);
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static Connection connection(Map<String, String> settings) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        settings.forEach(p::setProperty);
        return DriverManager.getConnection(fixture.server.jdbcUrl(), p);
    }

    private static long readAll(Connection c, String sql) throws SQLException {
        long n = 0;
        try (c; Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                n++;
            }
        }
        return n;
    }

    /** Rows of rm_rows on each node's primary copies: where a read that finds every node up reads them. */
    private static Map<String, Long> rowsByPrimary() {
        TableInfo table = fixture.engine.catalog().table("rm_rows");
        Map<String, Long> out = new HashMap<>();
        for (ChunkInfo chunk : table.chunks()) {
            out.merge(chunk.primary(), chunk.rows(), Long::sum);
        }
        return out;
    }

    /** The bytes of rm_rows' rows as chunk reads count them: their binary row encoding. */
    private static long tableBytes() {
        long bytes = 0;
        for (int i = 0; i < ROWS; i++) {
            bytes += Row.of(SCHEMA, i, i % 97).encodedLength();
        }
        return bytes;
    }

    @Test
    void rowsAndBytesReadAreCountedPerNodeForEveryWayOfReading() throws Exception {
        Map<String, Double> m = PrometheusTextParser.parse(get("/metrics"));
        Map<String, Long> primaries = rowsByPrimary();
        assertThat(primaries.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(ROWS);
        long bytes = 0;
        for (NodeInfo node : fixture.engine.catalog().nodes()) {
            long rows = primaries.getOrDefault(node.id(), 0L);
            assertThat(m).as("rows read from %s", node.id())
                    .containsEntry("hadoopdb_node_rows_read_total{node=\"" + node.id() + "\"}", 3.0 * rows);
            bytes += m.get("hadoopdb_node_bytes_read_total{node=\"" + node.id() + "\"}").longValue();
        }
        assertThat(bytes).isEqualTo(3 * tableBytes());
    }

    @Test
    void jobsAndTheirTasksAreCounted() throws Exception {
        // the stages of the three statements as the console recorded them: only the last ran as a job
        JsonNode recent = JSON.readTree(get("/api/queries")).get("recent");
        long jobs = 0;
        for (JsonNode q : recent) {
            for (JsonNode stage : q.get("stages")) {
                if (!stage.get("jobId").asText().equals("client")) {
                    jobs++;
                }
            }
        }
        assertThat(jobs).isEqualTo(1);
        Map<String, Double> m = PrometheusTextParser.parse(get("/metrics"));
        assertThat(m).containsEntry("hadoopdb_jobs_total", 1.0)
                // one map task per chunk of the table
                .containsEntry("hadoopdb_tasks_total{type=\"map\"}", (double) fixture.engine.catalog().table("rm_rows").chunks().size());
        assertThat(m.get("hadoopdb_tasks_total{type=\"reduce\"}")).isGreaterThanOrEqualTo(1.0);
    }

    @Test
    void everyStatementsWaitForARunningSlotIsInTheQueueHistogram() throws Exception {
        Map<String, Double> m = PrometheusTextParser.parse(get("/metrics"));
        assertThat(m).containsEntry("hadoopdb_statements_queued", 0.0)
                .containsEntry("hadoopdb_queue_wait_seconds_count", 3.0)
                .containsEntry("hadoopdb_queue_wait_seconds_bucket{le=\"+Inf\"}", 3.0);
    }

    @Test
    void theProcessesNodeSessionsAreShownPerNodeAndPool() throws Exception {
        Map<String, Double> m = PrometheusTextParser.parse(get("/metrics"));
        for (NodeInfo node : fixture.engine.catalog().nodes()) {
            String labels = "{node=\"" + node.id() + "\",pool=\"chunk-reads\",state=\"";
            assertThat(m).as("no read runs now").containsEntry("hadoopdb_node_pool_connections" + labels + "active\"}", 0.0)
                    .containsKey("hadoopdb_node_pool_connections" + labels + "idle\"}");
        }
    }

    @Test
    void theSameCountsOverJmx() throws Exception {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = QueryServerMetrics.nameFor(fixture.server.port());
        assertThat(jmx.getAttribute(name, "Jobs")).isEqualTo(1L);
        assertThat(jmx.getAttribute(name, "MapTasks")).isEqualTo((long) fixture.engine.catalog().table("rm_rows").chunks().size());
        assertThat(jmx.getAttribute(name, "QueueWaitCount")).isEqualTo(3L);
        TabularData rows = (TabularData) jmx.getAttribute(name, "RowsReadByNode");
        rowsByPrimary().forEach((node, n) -> assertThat(rows.get(new Object[] {node}).get("value")).isEqualTo(3 * n));
        TabularData idle = (TabularData) jmx.getAttribute(name, "NodeConnectionsIdle");
        for (NodeInfo node : fixture.engine.catalog().nodes()) {
            assertThat(idle.get(new Object[] {node.id() + "/chunk-reads"})).as(node.id()).isNotNull();
        }
    }

    private static String get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(fixture.console.url()).resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD)
                        .getBytes(StandardCharsets.UTF_8))).GET().build();
        HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }
}
