package org.hadoopdb.cli;

import java.util.List;

/**
 * Adds subcommands to {@code hadoopdb} from modules below the CLI layer (the benchmarks module adds
 * {@code bench} and {@code mr}), found with {@link java.util.ServiceLoader}. Register an
 * implementation in {@code META-INF/services/org.hadoopdb.cli.CommandProvider}.
 */
public interface CommandProvider {
    /** picocli command objects (classes annotated with {@code @Command}). */
    List<Object> commands();
}
