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
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An {@code INSERT … SELECT} and a {@code CREATE TABLE … AS SELECT} run through the query server show the
 * plan of their SELECT and the SQL it pushes to the chunks, as a query does.
 */
class InsertPlansIT {
    private static final String USER = "dave";
    private static final String PASSWORD = "yet another long password";
    private static final String CTAS = "CREATE TABLE ip_copy AS SELECT k, v FROM ip_src WHERE k < 100";
    private static final String INSERT = "INSERT INTO ip_copy SELECT k, v FROM ip_src WHERE k >= 100";
    private static final String DDL = "CREATE TABLE ip_empty (k INT)";

    private static ConsoleTestServer fixture;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws Exception {
        fixture = ConsoleTestServer.start(1, Map.of(USER, PASSWORD), null);
        fixture.createRows("ip_src", 300, 2);
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        try (Connection c = DriverManager.getConnection(fixture.server.jdbcUrl(), p); Statement s = c.createStatement()) {
            s.execute(CTAS);
            assertThat(s.executeUpdate(INSERT)).isEqualTo(200);
            s.execute(DDL);
        }
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void createTableAsSelectShowsItsSelectsPlanAndPushedSql() throws Exception {
        assertPlanned(statement(CTAS), "WHERE \"k\" < 100");
    }

    @Test
    void insertSelectShowsItsSelectsPlanAndPushedSql() throws Exception {
        JsonNode insert = statement(INSERT);
        assertThat(insert.get("rows").asLong()).isEqualTo(200);
        assertPlanned(insert, "WHERE \"k\" >= 100");
    }

    @Test
    void aStatementWithoutQueryHasNoPlan() throws Exception {
        JsonNode ddl = statement(DDL);
        assertThat(ddl.get("plan").isNull()).isTrue();
        assertThat(ddl.get("pushed")).isEmpty();
    }

    private static void assertPlanned(JsonNode statement, String condition) throws Exception {
        assertThat(statement.get("state").asText()).isEqualTo("FINISHED");
        assertThat(statement.get("plan").asText()).as("the plan as EXPLAIN prints it").contains("SQL: ");
        assertThat(statement.get("pushed")).hasSize(1);
        JsonNode pushed = statement.get("pushed").get(0);
        assertThat(pushed.get("table").asText()).isEqualTo("ip_src");
        assertThat(pushed.get("sql").asText()).as("the filter is pushed").contains(condition);
        assertThat(statement.get("plan").asText()).contains(pushed.get("sql").asText());
        String node = fixture.engine.catalog().nodes().get(0).id();
        assertThat(pushed.get("chunksByNode").get(node)).extracting(JsonNode::asInt).containsExactly(0, 1);
        // the query's page shows the same
        String page = get("/queries/" + statement.get("id").asLong());
        assertThat(page).contains(Html.escape(pushed.get("sql").asText()));
    }

    /** The console's answer for the statement whose text is {@code text}. */
    private static JsonNode statement(String text) throws Exception {
        for (JsonNode q : JSON.readTree(get("/api/queries")).get("recent")) {
            if (q.get("text").asText().equals(text)) {
                return JSON.readTree(get("/api/queries/" + q.get("id").asLong()));
            }
        }
        throw new AssertionError("The console does not list " + text);
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
