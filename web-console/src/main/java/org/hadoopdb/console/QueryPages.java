package org.hadoopdb.console;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hadoopdb.jdbc.queries.PushedSql;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.StageProgress;

/**
 * The queries page ({@code /}: running and recent statements) and one statement's page ({@code
 * /queries/{id}}: its record, stages with their timeline, the SQL it pushed to the chunks, its plan).
 */
final class QueryPages {
    /** Characters of a statement's text shown in the list; the detail page shows all of it. */
    private static final int SHORT_TEXT = 120;

    private QueryPages() {
    }

    static String list(List<QueryInfo> running, List<QueryInfo> recent) {
        StringBuilder b = new StringBuilder();
        b.append("<h2>Running (").append(running.size()).append(")</h2>\n");
        table(b, "running", running);
        b.append("<h2>Recent (").append(recent.size()).append(")</h2>\n");
        table(b, "recent", recent);
        return Html.page("Queries", b.toString());
    }

    private static void table(StringBuilder b, String id, List<QueryInfo> queries) {
        b.append("<table id=\"").append(id).append("\"><tr><th>id</th><th>state</th><th>user</th><th>client</th><th>started</th><th>ms</th>"
                + "<th>rows</th><th>statement</th></tr>\n");
        for (QueryInfo q : queries) {
            b.append("<tr id=\"q").append(q.id()).append("\"><td><a href=\"/queries/").append(q.id()).append("\">")
                    .append(q.id()).append("</a></td><td class=\"").append(q.state()).append("\">").append(q.state())
                    .append("</td><td>").append(Html.escape(q.user())).append("</td><td>").append(Html.escape(q.client()))
                    .append("</td><td>").append(q.started()).append("</td><td>").append(q.elapsedMillis())
                    .append("</td><td>").append(q.rows()).append("</td><td><code>")
                    .append(Html.escape(shorten(q.text()))).append("</code></td></tr>\n");
        }
        b.append("</table>\n");
    }

    static String detail(QueryInfo q) {
        return detail(q, YarnLinks.NONE);
    }

    /** The statement's page, its stages' job ids linked to YARN's pages by {@code links}. */
    static String detail(QueryInfo q, YarnLinks links) {
        StringBuilder b = new StringBuilder();
        b.append("<table>\n");
        row(b, "state", "<span class=\"" + q.state() + "\">" + q.state() + "</span>");
        row(b, "user", Html.escape(q.user()));
        row(b, "client", Html.escape(q.client()) + (q.remoteAddress() == null ? "" : " from " + Html.escape(q.remoteAddress())));
        row(b, "kind", Html.escape(q.kind()));
        row(b, "started", q.started().toString());
        row(b, "ended", q.ended() == null ? "" : q.ended().toString());
        row(b, "elapsed", q.elapsedMillis() + " ms");
        row(b, "rows", Long.toString(q.rows()));
        if (q.error() != null) {
            row(b, "error", "<span class=\"FAILED\">" + Html.escape(q.sqlState()) + ": " + Html.escape(q.error()) + "</span>");
        }
        b.append("</table>\n<h2>Statement</h2>\n<pre>").append(Html.escape(q.text())).append("</pre>\n");
        Instant now = Instant.now();
        if (!q.stages().isEmpty()) {
            b.append("<h2>Stages</h2>\n<table id=\"stages\"><tr><th>stage</th><th>job</th><th>map</th><th>reduce</th>"
                    + "<th>started</th><th>ended</th><th>ms</th></tr>\n");
            for (StageProgress s : q.stages()) {
                b.append("<tr><td>").append(s.stage()).append('/').append(s.stages()).append("</td><td>")
                        .append(links.jobCell(s.jobId())).append("</td><td>").append(percent(s.map())).append("</td><td>")
                        .append(percent(s.reduce())).append("</td><td>").append(offset(q, s.started())).append("</td><td>")
                        .append(offset(q, s.ended())).append("</td><td>")
                        .append(s.elapsedMillis(q.ended() != null ? q.ended() : now)).append("</td></tr>\n");
            }
            b.append("</table>\n").append(StageTimeline.svg(q, now));
        }
        pushed(b, q.pushed());
        if (q.plan() != null) {
            b.append("<h2>Plan</h2>\n<pre class=\"plan\">").append(Html.escape(q.plan())).append("</pre>\n");
        }
        if (!q.state().done()) {
            b.append("<form class=\"cancel\" method=\"post\" action=\"/queries/").append(q.id())
                    .append("/cancel\"><button type=\"submit\">Cancel</button></form>\n");
        }
        return Html.page("Query " + q.id(), b.toString());
    }

    /** The SQL each chunk source runs, and on which chunks of which node. */
    private static void pushed(StringBuilder b, List<PushedSql> pushed) {
        if (pushed.isEmpty()) {
            return;
        }
        b.append("<h2>Pushed SQL (").append(pushed.size()).append(")</h2>\n");
        for (PushedSql p : pushed) {
            b.append("<div class=\"pushed\"><h3>").append(p.stage() == 0 ? "Read directly by the server"
                    : "Stage " + p.stage() + ", input " + Html.escape(p.source()));
            if (p.table() == null) {
                b.append(": once, on one node</h3>\n");
            } else {
                b.append(": table ").append(Html.escape(p.table())).append(", ").append(p.chunkCount())
                        .append(p.chunkCount() == 1 ? " chunk" : " chunks").append("</h3>\n<table><tr><th>node</th><th>chunks</th></tr>\n");
                p.chunksByNode().forEach((node, chunks) -> b.append("<tr><td>").append(Html.escape(node)).append("</td><td>")
                        .append(chunks.stream().map(String::valueOf).collect(Collectors.joining(", "))).append("</td></tr>\n"));
                b.append("</table>\n");
            }
            b.append("<pre class=\"sql\">").append(Html.escape(p.sql())).append("</pre></div>\n");
        }
    }

    /** When something happened, as milliseconds after the statement was received ({@code +120 ms}), or empty. */
    private static String offset(QueryInfo q, Instant t) {
        return t == null ? "" : "+" + Math.max(0, t.toEpochMilli() - q.started().toEpochMilli()) + " ms";
    }

    private static void row(StringBuilder b, String name, String html) {
        b.append("<tr><th>").append(name).append("</th><td>").append(html).append("</td></tr>\n");
    }

    private static String percent(float f) {
        return String.format(Locale.ROOT, "%d%%", Math.round(f * 100));
    }

    private static String shorten(String text) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= SHORT_TEXT ? oneLine : oneLine.substring(0, SHORT_TEXT) + "…";
    }
}
