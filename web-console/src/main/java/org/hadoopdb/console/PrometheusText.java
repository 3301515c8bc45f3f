package org.hadoopdb.console;

import java.util.Locale;
import java.util.Map;
import org.hadoopdb.jdbc.queries.QueryMetrics;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.queries.QueryState;

/**
 * {@code /metrics}: the query server's metrics in Prometheus' text exposition format (version 0.0.4):
 * statements started and ended by kind, their latency, the queue, and whether each node answers,
 * with its connections and database size.
 */
final class PrometheusText {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final StringBuilder out = new StringBuilder(4096);

    static String render(QueryRegistry queries, int queued, ClusterView.Snapshot cluster) {
        PrometheusText t = new PrometheusText();
        QueryMetrics m = queries.metrics();
        t.family("hadoopdb_statements_started_total", "counter", "Statements received, by kind.");
        t.byKind("hadoopdb_statements_started_total", m.startedByKind());
        t.family("hadoopdb_statements_finished_total", "counter", "Statements that ended successfully, by kind.");
        t.byKind("hadoopdb_statements_finished_total", m.endedByKind(QueryState.FINISHED));
        t.family("hadoopdb_statements_failed_total", "counter", "Statements that ended with an error, by kind.");
        t.byKind("hadoopdb_statements_failed_total", m.endedByKind(QueryState.FAILED));
        t.family("hadoopdb_statements_cancelled_total", "counter", "Statements cancelled or timed out, by kind.");
        t.byKind("hadoopdb_statements_cancelled_total", m.endedByKind(QueryState.CANCELLED));

        t.family("hadoopdb_statement_duration_seconds", "histogram", "Time from receipt to the end of a statement.");
        long[] buckets = m.cumulativeBuckets();
        for (int i = 0; i < QueryMetrics.LATENCY_BOUNDS.length; i++) {
            t.sample("hadoopdb_statement_duration_seconds_bucket", "le", number(QueryMetrics.LATENCY_BOUNDS[i]), buckets[i]);
        }
        t.sample("hadoopdb_statement_duration_seconds_bucket", "le", "+Inf", buckets[buckets.length - 1]);
        t.sample("hadoopdb_statement_duration_seconds_sum", null, null, m.latencySumSeconds());
        t.sample("hadoopdb_statement_duration_seconds_count", null, null, m.latencyCount());

        t.family("hadoopdb_stages_total", "counter", "Stages that ended well, by where they ran: in the server's process "
                + "(client) or as MapReduce jobs (job).");
        t.sample("hadoopdb_stages_total", "ran", "client", m.stages(true));
        t.sample("hadoopdb_stages_total", "ran", "job", m.stages(false));
        t.family("hadoopdb_stage_seconds_total", "counter", "The summed duration of those stages, by where they ran.");
        t.sample("hadoopdb_stage_seconds_total", "ran", "client", m.stageSeconds(true));
        t.sample("hadoopdb_stage_seconds_total", "ran", "job", m.stageSeconds(false));
        t.family("hadoopdb_statements_queued", "gauge", "Statements waiting for a running slot.");
        t.sample("hadoopdb_statements_queued", null, null, queued);
        t.family("hadoopdb_statements_running", "gauge", "Statements running or having their rows fetched.");
        t.sample("hadoopdb_statements_running", null, null, queries.runningCount());

        t.family("hadoopdb_node_up", "gauge", "1 when the node's PostgreSQL answers, 0 when not.");
        for (ClusterView.Node n : cluster.nodes()) {
            t.sample("hadoopdb_node_up", "node", n.id(), n.up() ? 1 : 0);
        }
        t.family("hadoopdb_node_connections", "gauge", "Sessions open on the node's database (nodes that answered).");
        for (ClusterView.Node n : cluster.nodes()) {
            if (n.up()) {
                t.sample("hadoopdb_node_connections", "node", n.id(), n.connections());
            }
        }
        t.family("hadoopdb_node_database_bytes", "gauge", "Size of the node's database on disk (nodes that answered).");
        for (ClusterView.Node n : cluster.nodes()) {
            if (n.up()) {
                t.sample("hadoopdb_node_database_bytes", "node", n.id(), n.databaseBytes());
            }
        }
        return t.out.toString();
    }

    private void family(String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private void byKind(String name, Map<String, Long> values) {
        values.forEach((kind, n) -> sample(name, "kind", kind, n));
    }

    private void sample(String name, String label, String value, double sample) {
        out.append(name);
        if (label != null) {
            out.append('{').append(label).append("=\"").append(escape(value)).append("\"}");
        }
        out.append(' ').append(number(sample)).append('\n');
    }

    private static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%s", d);
    }

    private static String escape(String labelValue) {
        return labelValue.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
