package org.hadoopdb.cli;

import java.util.concurrent.Callable;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Base of every {@code hadoopdb} subcommand: access to the global options, configuration and console. */
public abstract class BaseCommand implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    protected HadoopDbCommand root() {
        return (HadoopDbCommand) spec.root().userObject();
    }

    protected HadoopDbConfig config() {
        return root().global().config();
    }

    protected Console console() {
        return root().console();
    }
}
