package org.hadoopdb.benchmarks;

import java.util.List;
import org.hadoopdb.benchmarks.mr.MrCommand;
import org.hadoopdb.cli.CommandProvider;

/** The {@code hadoopdb} subcommands of the benchmarks: {@code mr} and {@code bench}. */
public final class BenchmarkCommands implements CommandProvider {
    @Override
    public List<Object> commands() {
        return List.of(new MrCommand(), new BenchCommand());
    }
}
