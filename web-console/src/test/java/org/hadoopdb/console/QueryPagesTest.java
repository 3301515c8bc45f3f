package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
                .contains("<form class=\"cancel\" method=\"post\" action=\"/api/queries/" + q.id() + "/cancel\">")
                .contains("<tr><td>1/2</td><td>job_local_1</td><td>50%</td><td>0%</td></tr>");
    }
}
