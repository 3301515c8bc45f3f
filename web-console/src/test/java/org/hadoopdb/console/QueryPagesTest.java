package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.jdbc.queries.PushedSql;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.junit.jupiter.api.Test;

/** What users typed reaches the pages escaped: a statement's text cannot inject markup or script. */
class QueryPagesTest {
    private static final String HOSTILE = "SELECT '</code><script>alert(1)</script>' FROM t WHERE a < 1 & b > \"2\"";

    @Test
    void theListAndTheDetailEscapeTheTextTheUserAndTheError() {
        QueryRegistry registry = new QueryRegistry(10);
        QueryRecord q = registry.start("<b>eve</b>", QueryRegistry.JDBC, "127.0.0.1", "query", HOSTILE);
        q.failed("Table not found: <t>", "42000");
        List<QueryInfo> recent = registry.recent();

        String list = QueryPages.list(List.of(), recent);
        assertThat(list).doesNotContain("<script>alert").doesNotContain("<b>eve")
                .contains("SELECT &#39;&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39; FROM t WHERE a &lt; 1 &amp; b &gt; &quot;2&quot;")
                .contains("&lt;b&gt;eve&lt;/b&gt;").contains("<td class=\"FAILED\">FAILED</td>");

        String detail = QueryPages.detail(recent.get(0));
        assertThat(detail).doesNotContain("<script>alert").contains("42000: Table not found: &lt;t&gt;")
                .doesNotContain("class=\"cancel\"");
    }

    @Test
    void aRunningStatementHasACancelButtonAndALongTextIsShortenedInTheList() {
        QueryRegistry registry = new QueryRegistry(10);
        String longText = "SELECT " + "x, ".repeat(100) + "y FROM t";
        QueryRecord q = registry.start("alice", QueryRegistry.JDBC, null, "query", longText);
        q.running();
        q.progress(1, 2, "job_local_1", 0.5f, 0f);
        QueryInfo info = registry.running().get(0);
        assertThat(QueryPages.list(List.of(info), List.of())).doesNotContain(longText).contains("SELECT x, x,").contains("…");
        assertThat(QueryPages.detail(info)).contains(longText)
                .contains("<form class=\"cancel\" method=\"post\" action=\"/queries/" + q.id() + "/cancel\">")
                .contains("<tr><td>1/2</td><td>job_local_1</td><td>50%</td><td>0%</td><td>+")
                .contains("<svg id=\"timeline\"").contains("<g class=\"stage running\" data-stage=\"1\">");
    }

    @Test
    void theDetailShowsThePushedSqlByNodeThePlanAndTheStagesOnATimeline() {
        QueryRegistry registry = new QueryRegistry(10);
        QueryRecord q = registry.start("alice", QueryRegistry.HIVESERVER2, null, "query", "SELECT k FROM t WHERE v < 3");
        q.running();
        q.planned("STAGES\n  Stage 1: map-only\n    SQL: SELECT \"k\" FROM \"t\" WHERE \"v\" < 3\n", List.of(
                new PushedSql(1, "t0", "t", new TreeMap<>(Map.of("node1", List.of(0, 2), "node2", List.of(1))),
                        "SELECT \"k\" FROM \"t\" WHERE \"v\" < 3"),
                new PushedSql(0, "direct", null, Map.of(), "SELECT 1")));
        q.progress(1, 2, "job_local_7", 1f, 0f);
        q.stageFinished(1, 2, "job_local_7");
        q.progress(2, 2, "job_local_8", 0.5f, 0f);
        q.failed("The job failed", "HY000");
        String detail = QueryPages.detail(registry.recent().get(0));
        assertThat(detail).contains("<h2>Pushed SQL (2)</h2>")
                .contains("<h3>Stage 1, input t0: table t, 3 chunks</h3>")
                .contains("<tr><td>node1</td><td>0, 2</td></tr>").contains("<tr><td>node2</td><td>1</td></tr>")
                .contains("<pre class=\"sql\">SELECT &quot;k&quot; FROM &quot;t&quot; WHERE &quot;v&quot; &lt; 3</pre>")
                .contains("<h3>Read directly by the server: once, on one node</h3>")
                .contains("<pre class=\"plan\">STAGES\n  Stage 1: map-only")
                .contains("<g class=\"stage done\" data-stage=\"1\">")
                .as("a stage that never ended in a failed statement is drawn as stopped")
                .contains("<g class=\"stage stopped\" data-stage=\"2\">");
    }
}
