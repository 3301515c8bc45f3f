package org.hadoopdb.cli;

import org.hadoopdb.cli.cluster.ClusterCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code hadoopdb} command: global options and the subcommands. */
@Command(name = "hadoopdb", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"HadoopDB: SQL-on-MapReduce over per-node PostgreSQL databases.", ""},
        subcommands = {QuickstartCommand.class, ClusterCommand.class, ConfigCommand.class})
public final class HadoopDbCommand implements Runnable {
    @Mixin
    GlobalOptions global;

    @Spec
    CommandSpec spec;

    private final Console console;

    public HadoopDbCommand(Console console) {
        this.console = console;
    }

    public GlobalOptions global() {
        return global;
    }

    public Console console() {
        return console;
    }

    @Override
    public void run() {
        spec.commandLine().usage(console.err());
    }
}
