package org.hadoopdb.cli.cluster;

import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "destroy", description = "Stop the embedded nodes and delete their data and the catalog.",
        mixinStandardHelpOptions = true)
public final class ClusterDestroyCommand extends BaseCommand {
    @Option(names = "--yes", description = "Confirm: all tables and their data are deleted.")
    boolean yes;

    @Override
    public Integer call() {
        if (!yes) {
            console().note("This deletes every table and the catalog in " + config().home() + ". Re-run with --yes to confirm.");
            return 2;
        }
        new EmbeddedCluster(config()).destroy();
        console().note("Destroyed the cluster in " + config().home() + ".");
        return 0;
    }
}
