package org.hadoopdb.console;

/**
 * {@code /cluster}: the nodes, whether they answer and what (PostgreSQL version, connections,
 * database size), and the tables with their chunks and sizes.
 */
final class ClusterPage {
    private ClusterPage() {
    }

    static String render(ClusterView.Snapshot c) {
        StringBuilder b = new StringBuilder();
        b.append("<p>Cluster <b>").append(Html.escape(c.cluster())).append("</b>, catalog version ").append(c.catalogVersion())
                .append(c.publishedAt() == null ? "" : " published " + Html.escape(c.publishedAt())).append("</p>\n");
        b.append("<h2>Nodes (").append(c.nodes().size()).append(")</h2>\n<table id=\"nodes\"><tr><th>node</th><th>host</th>"
                + "<th>state</th><th>PostgreSQL</th><th>connections</th><th>database size</th><th>embedded</th></tr>\n");
        for (ClusterView.Node n : c.nodes()) {
            b.append("<tr id=\"node-").append(Html.escape(n.id())).append("\"><td>").append(Html.escape(n.id()))
                    .append("</td><td>").append(Html.escape(n.host())).append("</td>");
            if (n.up()) {
                b.append("<td>UP</td><td title=\"").append(Html.escape(n.version())).append("\">")
                        .append(Html.escape(shortVersion(n.version()))).append("</td><td>").append(n.connections())
                        .append("</td><td title=\"").append(n.databaseBytes()).append(" bytes\">")
                        .append(Html.bytes(n.databaseBytes())).append("</td>");
            } else {
                b.append("<td class=\"FAILED\" colspan=\"4\">UNREACHABLE: ").append(Html.escape(n.problem())).append("</td>");
            }
            b.append("<td>").append(n.embedded()).append("</td></tr>\n");
        }
        b.append("</table>\n<h2>Tables (").append(c.tables().size()).append(")</h2>\n<table><tr><th>table</th>"
                + "<th>distribution</th><th>chunks</th><th>replicas per chunk</th><th>rows</th><th>bytes</th><th>generation</th>"
                + "<th>partitions</th><th>files</th></tr>\n");
        for (ClusterView.Table t : c.tables()) {
            b.append("<tr><td>").append(Html.escape(t.name())).append("</td><td>").append(t.distribution()).append("</td><td>")
                    .append(t.chunks()).append("</td><td>").append(t.replicas()).append("</td><td>").append(t.rows())
                    .append("</td><td>").append(t.bytes()).append("</td><td>").append(t.generation()).append("</td><td>")
                    .append(t.partitions() < 0 ? "" : Integer.toString(t.partitions())).append("</td><td>")
                    .append(t.location() == null ? "" : Html.escape(t.location())).append("</td></tr>\n");
        }
        b.append("</table>\n<h2>Loads (the last ").append(c.loads().size()).append(", newest first)</h2>\n<table><tr><th>finished</th>"
                + "<th>table</th><th>generation</th><th>mode</th><th>records read</th><th>rows loaded</th><th>rejected</th></tr>\n");
        for (ClusterView.Load l : c.loads()) {
            b.append("<tr><td>").append(Html.escape(l.finishedAt())).append("</td><td>").append(Html.escape(l.table()))
                    .append("</td><td>").append(l.generation()).append("</td><td>").append(l.mode()).append("</td><td>")
                    .append(l.recordsRead()).append("</td><td>").append(l.rowsLoaded()).append("</td><td")
                    .append(l.rowsRejected() > 0 ? " class=\"FAILED\">" : ">").append(l.rowsRejected()).append("</td></tr>\n");
        }
        b.append("</table>\n");
        return Html.page("Cluster", b.toString());
    }

    /** {@code PostgreSQL 16.4 on x86_64-pc-linux-gnu, compiled by …} as {@code PostgreSQL 16.4}. */
    static String shortVersion(String version) {
        if (version == null) {
            return "";
        }
        String[] words = version.split("\\s+");
        return words.length >= 2 ? words[0] + " " + words[1].replaceAll(",$", "") : version;
    }
}
