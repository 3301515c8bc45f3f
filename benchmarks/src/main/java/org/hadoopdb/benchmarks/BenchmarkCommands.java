package org.hadoopdb.benchmarks;

import java.util.List;
import org.hadoopdb.benchmarks.mr.MrCommand;
import org.hadoopdb.benchmarks.quickstart.QuickstartCommand;
import org.hadoopdb.cli.CommandProvider;

/** The {@code hadoopdb} subcommands that need the benchmark data generators: {@code quickstart}, {@code mr} and {@code bench}. */
public final class BenchmarkCommands implements CommandProvider {
    @Override
    public List<Object> commands() {
        return List.of(new QuickstartCommand(), new MrCommand(), new BenchCommand());
    }
}
