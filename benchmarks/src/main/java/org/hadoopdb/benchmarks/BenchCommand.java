package org.hadoopdb.benchmarks;

import org.hadoopdb.benchmarks.paper.PaperBenchmark;
import picocli.CommandLine.Command;

/** {@code hadoopdb bench}: the benchmarks, one subcommand each. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks, side by side in one run: 'pavlo' (the HadoopDB paper's tasks on every system).",
        subcommands = {PaperBenchmark.class})
public final class BenchCommand {
}
