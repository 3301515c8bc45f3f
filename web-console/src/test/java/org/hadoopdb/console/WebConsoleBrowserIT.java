package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.htmlunit.BrowserVersion;
import org.htmlunit.DefaultCredentialsProvider;
import org.htmlunit.WebClient;
import org.htmlunit.html.DomElement;
import org.htmlunit.html.DomNode;
import org.htmlunit.html.HtmlCheckBoxInput;
import org.htmlunit.html.HtmlElement;
import org.htmlunit.html.HtmlPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The console as a person uses it, in a headless browser (HtmlUnit, with its JavaScript on): beside
 * a query server on two nodes, one query succeeds and one fails through our JDBC driver, and a long
 * one is watched on its page until its stages run, then stopped with the page's Cancel button. The
 * pages then show the three with their states, the stages, the SQL pushed to each node, and the
 * cluster's nodes and chunks; a node killed afterwards is shown unreachable. The tests run in order:
 * the cancel comes first, the node is killed last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class WebConsoleBrowserIT {
    private static final String USER = "alice";
    private static final String PASSWORD = "correct horse battery staple";
    /** Rows of bw_rows, in 4 chunks over the 2 nodes; its cross join runs far longer than the test waits. */
    private static final int ROWS = 5_000;
    /** Aliases named again in GROUP BY and ORDER BY: the plan the console records must leave the query as parsed. */
    private static final String OK = "SELECT a.v, count(*) FROM bw_rows a JOIN bw_rows b ON a.k = b.k GROUP BY a.v ORDER BY a.v";
    private static final String FAILS = "SELECT * FROM bw_no_such_table";
    private static final String CROSS_JOIN = "SELECT a.k, b.v FROM bw_rows a CROSS JOIN bw_rows b";
    private static final Duration WAIT = Duration.ofSeconds(90);

    private static ConsoleTestServer fixture;
    private static TestClusters.TestCluster cluster;
    private static HadoopDbEngine engine;
    private static QueryServer server;
    private static WebConsole console;
    private static WebClient browser;
    private static final ExecutorService RUNNER = Executors.newSingleThreadExecutor();

    @BeforeAll
    static void start() throws Exception {
        // the query server's own login limits: a browser's BASIC challenge and answer must not trip them
        fixture = ConsoleTestServer.start(2, Map.of(USER, PASSWORD), null);
        cluster = fixture.cluster;
        engine = fixture.engine;
        server = fixture.server;
        console = fixture.console;
        fixture.createRows("bw_rows", ROWS, 4);
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(OK)) {
            int groups = 0;
            while (rs.next()) {
                groups++;
            }
            assertThat(groups).isEqualTo(97);
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = failureOf(s, FAILS);
            assertThat((Throwable) e).isNotNull();
            assertThat(e.getSQLState()).isEqualTo("42000");
        }

        browser = new WebClient(BrowserVersion.FIREFOX);
        DefaultCredentialsProvider login = new DefaultCredentialsProvider();
        login.addCredentials(USER, PASSWORD.toCharArray());
        browser.setCredentialsProvider(login);
        // an error in the pages' own script fails the test
        browser.getOptions().setThrowExceptionOnScriptError(true);
    }

    @AfterAll
    static void stop() {
        RUNNER.shutdownNow();
        if (browser != null) {
            browser.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    private static Connection connect() throws SQLException {
        // the queries run as MapReduce jobs, so that they have stages to show
        return fixture.connect(USER, PASSWORD);
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

    // ---- the browser ------------------------------------------------------------------------------

    /** The queries page, its automatic reload turned off as a person would (the box is remembered). */
    private static HtmlPage queriesPage() throws IOException {
        HtmlPage page = browser.getPage(console.url());
        HtmlCheckBoxInput refresh = page.getHtmlElementById("refresh");
        if (refresh.isChecked()) {
            refresh.click();
        }
        return page;
    }

    /** Reloads {@code page} until {@code condition} holds, as a person watching it would. */
    private static HtmlPage until(HtmlPage page, Predicate<HtmlPage> condition, String what) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        HtmlPage now = page;
        while (!condition.test(now)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("The page never showed " + what + "; it shows:\n" + now.asNormalizedText());
            }
            Thread.sleep(100);
            now = (HtmlPage) now.refresh();
        }
        return now;
    }

    /** The row of the queries page whose statement is {@code text}, or null. */
    private static HtmlElement rowOf(HtmlPage page, String section, String text) {
        DomElement table = page.getElementById(section);
        if (table == null) {
            return null;
        }
        for (DomNode row : table.querySelectorAll("tr")) {
            if (row.querySelector("code") != null && row.querySelector("code").getTextContent().equals(text)) {
                return (HtmlElement) row;
            }
        }
        return null;
    }

    private static String cell(HtmlElement row, int index) {
        return row.getElementsByTagName("td").get(index).asNormalizedText();
    }

    /** The value in the detail page's table row named {@code name} (state, user, …). */
    private static String field(HtmlPage page, String name) {
        for (DomNode row : page.querySelectorAll("table tr")) {
            DomNode th = row.querySelector("th");
            DomNode td = row.querySelector("td");
            if (th != null && td != null && th.asNormalizedText().equals(name)) {
                return td.asNormalizedText();
            }
        }
        throw new AssertionError("No row '" + name + "' on " + page.getUrl());
    }

    private static HtmlPage detailOf(String text, String section) throws Exception {
        HtmlElement row = rowOf(queriesPage(), section, text);
        assertThat(row).as("the row of '%s' in %s", text, section).isNotNull();
        return click(row.querySelector("a"));
    }

    private static HtmlPage click(DomNode element) throws IOException {
        assertThat(element).as("the element to click").isNotNull();
        return ((HtmlElement) element).click();
    }

    // ---- the tests --------------------------------------------------------------------------------

    @Test
    @Order(1)
    void aRunningQueryShowsItsStagesAndPushedSqlAndIsCancelledWithItsButton() throws Exception {
        Connection c = connect();
        Statement s = c.createStatement();
        Future<SQLException> run = RUNNER.submit(() -> failureOf(s, CROSS_JOIN));
        try {
            HtmlPage list = until(queriesPage(), p -> {
                HtmlElement row = rowOf(p, "running", CROSS_JOIN);
                return row != null && cell(row, 1).equals("RUNNING");
            }, "the cross join running");
            HtmlPage detail = click(rowOf(list, "running", CROSS_JOIN).querySelector("a"));
            // its stage reports progress: a job id in the stages table, and a bar on the timeline
            detail = until(detail, p -> p.getElementById("stages") != null
                    && p.getElementById("stages").asNormalizedText().contains("job_"), "the stages of the running query");
            assertThat(field(detail, "state")).isEqualTo("RUNNING");
            assertThat(detail.querySelectorAll("#timeline g.stage.running")).isNotEmpty();
            assertThat(detail.querySelectorAll("div.pushed pre.sql")).isNotEmpty();

            HtmlPage afterCancel = click(detail.querySelector("form.cancel button"));
            assertThat(afterCancel.getUrl().getPath()).as("back on the query's page").isEqualTo(detail.getUrl().getPath());
            HtmlPage cancelled = until(afterCancel, p -> field(p, "state").equals("CANCELLED"), "the query cancelled");
            assertThat(field(cancelled, "error")).startsWith("HY008: ");
            assertThat((DomNode) cancelled.querySelector("form.cancel")).as("no Cancel button once it ended").isNull();
            assertThat(cancelled.querySelectorAll("#timeline g.stage.stopped")).as("its stage never ended well").isNotEmpty();

            SQLException clientSaw = run.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat((Throwable) clientSaw).as("the client's failure").isNotNull();
            assertThat(clientSaw.getSQLState()).isEqualTo("HY008");
        } finally {
            run.cancel(true);
            s.close();
            c.close();
        }
    }

    @Test
    @Order(2)
    void theQueriesPageShowsTheThreeWithTheirStates() throws Exception {
        HtmlPage page = queriesPage();
        assertThat(page.getElementById("running").querySelectorAll("tr")).as("only the header row").hasSize(1);
        assertThat(page.getElementById("recent").querySelectorAll("tr")).hasSize(4);
        assertThat(cell(rowOf(page, "recent", OK), 1)).isEqualTo("FINISHED");
        assertThat(cell(rowOf(page, "recent", FAILS), 1)).isEqualTo("FAILED");
        assertThat(cell(rowOf(page, "recent", CROSS_JOIN), 1)).isEqualTo("CANCELLED");
        assertThat(cell(rowOf(page, "recent", OK), 2)).isEqualTo(USER);
        assertThat(cell(rowOf(page, "recent", OK), 6)).as("rows").isEqualTo("97");
    }

    @Test
    @Order(3)
    void theFinishedQuerysPageShowsItsStagesTheSqlPushedToEachNodeAndItsPlan() throws Exception {
        HtmlPage page = detailOf(OK, "recent");
        assertThat(field(page, "state")).isEqualTo("FINISHED");
        assertThat(field(page, "client")).startsWith("JDBC from 127.0.0.1");
        assertThat(page.getElementById("stages").asNormalizedText()).contains("job_").contains("100%");
        assertThat(page.querySelectorAll("#timeline g.stage.done")).isNotEmpty();
        assertThat(page.querySelectorAll("#timeline g.stage.stopped")).isEmpty();

        List<DomNode> pushed = page.querySelectorAll("div.pushed");
        assertThat(pushed).isNotEmpty();
        DomNode first = pushed.get(0);
        assertThat(first.querySelector("h3").asNormalizedText()).matches("Stage 1, input \\S+: table bw_rows, 4 chunks");
        String sql = first.querySelector("pre.sql").asNormalizedText();
        assertThat(sql).startsWith("SELECT").contains("bw_rows");
        // each node with the chunks it holds: together the table's four
        List<String> nodes = new ArrayList<>();
        List<String> chunks = new ArrayList<>();
        for (DomNode row : first.querySelectorAll("tr")) {
            List<HtmlElement> cells = ((HtmlElement) row).getElementsByTagName("td");
            if (!cells.isEmpty()) {
                nodes.add(cells.get(0).asNormalizedText());
                chunks.addAll(List.of(cells.get(1).asNormalizedText().split(", ")));
            }
        }
        assertThat(nodes).containsExactlyInAnyOrderElementsOf(engine.catalog().nodes().stream().map(NodeInfo::id).toList());
        assertThat(chunks).containsExactlyInAnyOrder("0", "1", "2", "3");
        assertThat(page.querySelector("pre.plan").asNormalizedText()).contains("STAGES").contains(sql);
    }

    @Test
    @Order(4)
    void theFailedQuerysPageShowsTheError() throws Exception {
        HtmlPage page = detailOf(FAILS, "recent");
        assertThat(field(page, "state")).isEqualTo("FAILED");
        assertThat(field(page, "error")).startsWith("42000: ").containsIgnoringCase("bw_no_such_table");
        assertThat(page.querySelectorAll("div.pushed")).as("nothing was planned").isEmpty();
        assertThat((DomNode) page.querySelector("form.cancel")).isNull();
    }

    @Test
    @Order(5)
    void theClusterPageShowsTheNodesAndTheTablesChunks() throws Exception {
        HtmlPage page = click(queriesPage().getAnchorByText("Cluster"));
        for (NodeInfo n : engine.catalog().nodes()) {
            HtmlElement row = page.getHtmlElementById("node-" + n.id());
            assertThat(cell(row, 2)).isEqualTo("UP");
            assertThat(cell(row, 3)).startsWith("PostgreSQL ");
            assertThat(Long.parseLong(cell(row, 4))).as("connections").isPositive();
            assertThat(cell(row, 5)).endsWith("MiB");
        }
        HtmlElement table = null;
        for (DomNode row : page.querySelectorAll("tr")) {
            if (row.querySelector("td") != null && row.querySelector("td").asNormalizedText().equals("bw_rows")) {
                table = (HtmlElement) row;
            }
        }
        assertThat(table).as("the row of bw_rows").isNotNull();
        assertThat(cell(table, 1)).isEqualTo("HASH");
        assertThat(cell(table, 2)).as("chunks").isEqualTo("4");
        assertThat(cell(table, 4)).as("rows").isEqualTo(Integer.toString(ROWS));
    }

    @Test
    @Order(6)
    void aNodeThatStoppedIsShownUnreachableWithoutTheClusterPageHanging() throws Exception {
        NodeInfo victim = engine.catalog().nodes().get(1);
        EmbeddedNode node = new EmbeddedCluster(cluster.config()).embeddedNodes(cluster.catalog()).stream()
                .filter(n -> n.id().equals(victim.id())).findFirst().orElseThrow();
        TestClusters.kill(node);
        long started = System.nanoTime();
        HtmlPage page = browser.getPage(console.url() + "cluster");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertThat(cell(page.getHtmlElementById("node-" + victim.id()), 2)).startsWith("UNREACHABLE: ");
        assertThat(cell(page.getHtmlElementById("node-" + engine.catalog().nodes().get(0).id()), 2)).isEqualTo("UP");
    }
}
