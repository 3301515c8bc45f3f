package org.hadoopdb.console;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.connector.pool.PoolConnections;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.DurationHistogram;
import org.hadoopdb.jdbc.queries.QueryMetrics;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.queries.QueryState;

/**
 * {@code /metrics}: the query server's metrics in Prometheus' text exposition format (version 0.0.4):
 * statements started and ended by kind, their latency, the queue and its waits, their jobs and tasks,
 * the rows and bytes read from each node, the process's node sessions, and whether each node answers,
 * with its connections and database size.
 */
final class PrometheusText {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final StringBuilder out = new StringBuilder(4096);

    /**
     * @param gate        the query server's admission gate: its queue and waits
     * @param connections the node sessions of the server's process now
     */
    static String render(QueryRegistry queries, QueryGate gate, List<PoolConnections.Node> connections,
                         ClusterView.Snapshot cluster) {
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

        t.histogram("hadoopdb_statement_duration_seconds", "Time from receipt to the end of a statement.", m.latency());

        t.family("hadoopdb_stages_total", "counter", "Stages that ended well, by where they ran: in the server's process "
                + "(client) or as MapReduce jobs (job).");
        t.sample("hadoopdb_stages_total", "ran", "client", m.stages(true));
        t.sample("hadoopdb_stages_total", "ran", "job", m.stages(false));
        t.family("hadoopdb_stage_seconds_total", "counter", "The summed duration of those stages, by where they ran.");
        t.sample("hadoopdb_stage_seconds_total", "ran", "client", m.stageSeconds(true));
        t.sample("hadoopdb_stage_seconds_total", "ran", "job", m.stageSeconds(false));
        t.family("hadoopdb_statements_queued", "gauge", "Statements waiting for a running slot.");
        t.sample("hadoopdb_statements_queued", null, null, gate.queued());
        t.histogram("hadoopdb_queue_wait_seconds", "Time statements waited for a running slot, until they got it or gave up.",
                gate.waits());
        t.family("hadoopdb_statements_running", "gauge", "Statements running or having their rows fetched.");
        t.sample("hadoopdb_statements_running", null, null, queries.runningCount());

        t.family("hadoopdb_jobs_total", "counter", "MapReduce jobs the statements ran (ended, well or not).");
        t.sample("hadoopdb_jobs_total", null, null, m.jobs());
        t.family("hadoopdb_tasks_total", "counter", "Map and reduce tasks those jobs ran (on YARN, the attempts launched).");
        t.sample("hadoopdb_tasks_total", "type", "map", m.tasks(true));
        t.sample("hadoopdb_tasks_total", "type", "reduce", m.tasks(false));

        t.family("hadoopdb_node_rows_read_total", "counter", "Rows the statements' chunk reads took from the node (in map "
                + "tasks, stages in the server's process and direct reads).");
        t.byNode("hadoopdb_node_rows_read_total", m.rowsReadByNode(), cluster);
        t.family("hadoopdb_node_bytes_read_total", "counter", "Bytes of those rows, in HadoopDB's binary row encoding.");
        t.byNode("hadoopdb_node_bytes_read_total", m.bytesReadByNode(), cluster);
        t.family("hadoopdb_node_pool_connections", "gauge", "Node sessions the server's process holds, by pool (chunk-reads: "
                + "the sessions chunk reads run on; node-pool: the connection pool of DDL, loads and probes) and state.");
        for (PoolConnections.Node n : connections) {
            t.sample("hadoopdb_node_pool_connections", n.active(), "node", n.node(), "pool", n.pool(), "state", "active");
            t.sample("hadoopdb_node_pool_connections", n.idle(), "node", n.node(), "pool", n.pool(), "state", "idle");
        }

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

    private void histogram(String name, String help, DurationHistogram h) {
        family(name, "histogram", help);
        long[] buckets = h.cumulativeBuckets();
        for (int i = 0; i < DurationHistogram.BOUNDS.length; i++) {
            sample(name + "_bucket", "le", number(DurationHistogram.BOUNDS[i]), buckets[i]);
        }
        sample(name + "_bucket", "le", "+Inf", buckets[buckets.length - 1]);
        sample(name + "_sum", null, null, h.sumSeconds());
        sample(name + "_count", null, null, h.count());
    }

    /** A counter per node: every node of the catalog (0 before its first read), and any other node read. */
    private void byNode(String name, Map<String, Long> values, ClusterView.Snapshot cluster) {
        Map<String, Long> all = new TreeMap<>(values);
        for (ClusterView.Node n : cluster.nodes()) {
            all.putIfAbsent(n.id(), 0L);
        }
        all.forEach((node, n) -> sample(name, "node", node, n));
    }

    private void sample(String name, double value, String... labels) {
        out.append(name).append('{');
        for (int i = 0; i < labels.length; i += 2) {
            out.append(i == 0 ? "" : ",").append(labels[i]).append("=\"").append(escape(labels[i + 1])).append('"');
        }
        out.append("} ").append(number(value)).append('\n');
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
