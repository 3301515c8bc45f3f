package org.hadoopdb.cli.cluster;

import picocli.CommandLine.Command;

/** {@code hadoopdb cluster ...}: the embedded PostgreSQL nodes of the home. */
@Command(name = "cluster", description = "Create, start, stop and inspect the embedded PostgreSQL nodes.",
        mixinStandardHelpOptions = true,
        subcommands = {ClusterInitCommand.class, ClusterStartCommand.class, ClusterStopCommand.class,
                ClusterStatusCommand.class, ClusterDestroyCommand.class})
public final class ClusterCommand {
}
