package org.hadoopdb.cli.cluster;

import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.nodes.NodeRegistry;
import org.hadoopdb.cli.BaseCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code hadoopdb cluster remove-node NAME}: unregisters a node that no table uses. */
@Command(name = "remove-node", mixinStandardHelpOptions = true,
        description = "Remove a node from the catalog (refused while a table has chunks on it).")
public final class ClusterRemoveNodeCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "NAME", description = "The node's name.")
    String name;

    @Override
    public Integer call() {
        Catalog catalog = new NodeRegistry(config().home().catalogStore()).remove(name);
        console().note("Removed node " + name + " from the catalog " + config().home().catalogPath() + " (version "
                + catalog.version() + "); the cluster has " + catalog.nodes().size() + " node(s). Its database was not touched.");
        return 0;
    }
}
