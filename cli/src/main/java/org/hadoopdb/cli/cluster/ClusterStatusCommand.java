package org.hadoopdb.cli.cluster;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.config.ByteSizeText;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.Formats;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.NodeStatus;
import picocli.CommandLine.Command;

@Command(name = "status", description = "List the nodes: port, state, health, disk use.", mixinStandardHelpOptions = true)
public final class ClusterStatusCommand extends BaseCommand {
    @Override
    public Integer call() {
        EmbeddedCluster cluster = new EmbeddedCluster(config());
        Catalog catalog = config().home().catalogStore().load();
        if (catalog.nodes().isEmpty()) {
            console().note("No cluster in " + config().home() + " yet: run 'hadoopdb cluster init' (or any command that needs it).");
            return 0;
        }
        print(cluster, console());
        List<NodeInfo> external = catalog.nodes().stream().filter(n -> !n.embedded()).toList();
        if (!external.isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            external.forEach(n -> rows.add(List.of(n.id(), n.host(), n.jdbcUrl(), n.user(), n.credential().toString())));
            console().out().print(Formats.table(List.of("NODE", "HOST", "JDBC URL", "USER", "CREDENTIAL"), rows));
        }
        return 0;
    }

    /** Prints the embedded nodes' status table on stdout. */
    public static void print(EmbeddedCluster cluster, Console console) {
        List<List<String>> rows = new ArrayList<>();
        for (NodeStatus s : cluster.status()) {
            String state = !s.running() ? "stopped" : s.healthy() ? "running" : "unhealthy";
            rows.add(List.of(s.id(), "localhost:" + s.port(), state, s.pid() > 0 ? Long.toString(s.pid()) : "-",
                    ByteSizeText.format(s.diskBytes()), s.dataDir().toString()));
        }
        console.out().print(Formats.table(List.of("NODE", "ADDRESS", "STATE", "PID", "DISK", "DATA DIRECTORY"), rows));
        console.out().println("home: " + cluster.config().home() + (cluster.isPinned() ? "  (started with 'cluster start')" : ""));
        console.out().flush();
    }
}
