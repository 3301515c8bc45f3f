package org.hadoopdb.cli.cluster;

import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "stop", description = "Stop the embedded nodes (refused while other commands use them, unless --force).",
        mixinStandardHelpOptions = true)
public final class ClusterStopCommand extends BaseCommand {
    @Option(names = "--force", description = "Stop even if other commands are using the nodes (their queries fail).")
    boolean force;

    @Override
    public Integer call() {
        EmbeddedCluster cluster = new EmbeddedCluster(config());
        if (!cluster.exists()) {
            console().note("No embedded cluster in " + config().home() + ".");
            return 0;
        }
        cluster.stop(force);
        console().note("Stopped the embedded nodes of " + config().home() + ".");
        return 0;
    }
}
