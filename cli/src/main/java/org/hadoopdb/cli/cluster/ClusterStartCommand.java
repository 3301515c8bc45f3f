package org.hadoopdb.cli.cluster;

import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

@Command(name = "start", description = "Start the embedded nodes and keep them running until 'cluster stop'.",
        mixinStandardHelpOptions = true)
public final class ClusterStartCommand extends BaseCommand {
    @Override
    public Integer call() {
        EmbeddedCluster cluster = new EmbeddedCluster(config());
        cluster.startPinned(console()::note);
        ClusterStatusCommand.print(cluster, console());
        console().note("The nodes keep running after this command; stop them with 'hadoopdb cluster stop'.");
        return 0;
    }
}
