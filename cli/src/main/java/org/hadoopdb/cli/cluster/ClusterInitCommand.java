package org.hadoopdb.cli.cluster;

import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "init", description = "Create N embedded PostgreSQL nodes and register them in the catalog.",
        mixinStandardHelpOptions = true)
public final class ClusterInitCommand extends BaseCommand {
    @Option(names = "--nodes", paramLabel = "N", description = "Number of nodes (default: hadoopdb.embedded.nodes, 4).")
    Integer nodes;

    @Option(names = "--base-port", paramLabel = "P", description = "Port of node1; node i gets P+i-1 (default: free ports).")
    Integer basePort;

    @Override
    public Integer call() {
        int n = nodes != null ? nodes : config().get(ConfigKeys.EMBEDDED_NODES);
        int port = basePort != null ? basePort : config().get(ConfigKeys.EMBEDDED_BASE_PORT);
        console().note("Creating " + n + " embedded PostgreSQL nodes in " + config().home().nodesDir() + " ...");
        Catalog catalog = new EmbeddedCluster(config()).init(n, port);
        console().note("Registered " + catalog.nodes().size() + " nodes in the catalog " + config().home().catalogPath()
                + " (version " + catalog.version() + ").");
        ClusterStatusCommand.print(new EmbeddedCluster(config()), console());
        return 0;
    }
}
