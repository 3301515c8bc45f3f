package org.hadoopdb.cli;

import org.hadoopdb.cli.cluster.ClusterStatusCommand;
import org.hadoopdb.connector.embedded.ClusterLease;
import org.hadoopdb.connector.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

/**
 * {@code hadoopdb quickstart}: the main job on the embedded default. It brings up the embedded
 * cluster (creating it on first use) and shows it; later stages add loading the benchmark data and
 * running the paper's queries.
 */
@Command(name = "quickstart", description = "Bring up the embedded cluster (4 nodes by default) and show its status.",
        mixinStandardHelpOptions = true)
public final class QuickstartCommand extends BaseCommand {
    @Override
    public Integer call() {
        EmbeddedCluster cluster = new EmbeddedCluster(config());
        try (ClusterLease lease = cluster.acquire(console()::note)) {
            console().note("Cluster '" + lease.catalog().cluster() + "' is up: " + lease.catalog().nodes().size() + " nodes.");
            ClusterStatusCommand.print(cluster, console());
        }
        return 0;
    }
}
