package org.hadoopdb.cli.cluster;

import picocli.CommandLine.Command;

/** {@code hadoopdb cluster ...}: the embedded PostgreSQL nodes of the home, or the registered servers of a real cluster. */
@Command(name = "cluster", description = "Create, start, stop and inspect the embedded PostgreSQL nodes, or register the PostgreSQL servers of a real cluster.",
        mixinStandardHelpOptions = true,
        subcommands = {ClusterInitCommand.class, ClusterStartCommand.class, ClusterStopCommand.class,
                ClusterStatusCommand.class, ClusterDestroyCommand.class, ClusterAddNodeCommand.class,
                ClusterRemoveNodeCommand.class, ClusterGcCommand.class})
public final class ClusterCommand {
}
