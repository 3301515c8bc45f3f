package org.hadoopdb.benchmarks.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.cluster.embedded.ClusterLease;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.datagen.PavloDataGenerator;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.datagen.GenerationProgressListener;
import org.hadoopdb.datagen.Scale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The load benchmark ({@code hadoopdb bench load} to come): generates UserVisits (or reuses what an
 * earlier run generated with the same size and seed), then loads it with a single {@code COPY} into one
 * PostgreSQL plus the index build, and with HadoopDB into all nodes of an embedded cluster, side by side,
 * and prints both times, HadoopDB's breakdown and the ratio.
 *
 * <pre>
 * java -cp benchmarks/target/classes:benchmarks/target/lib/* org.hadoopdb.benchmarks.load.LoadBenchmark \
 *      --home /tmp/bench-home --data /tmp/bench-data --size 1GB --nodes 4
 * </pre>
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Loads generated UserVisits with one COPY into one PostgreSQL and with HadoopDB, side by side.")
public final class LoadBenchmark implements Callable<Integer> {
    @Option(names = "--home", required = true, paramLabel = "DIR", description = "HadoopDB home of the benchmark cluster (created if new).")
    Path home;

    @Option(names = "--data", required = true, paramLabel = "DIR", description = "Where the UserVisits files are generated (reused when present).")
    Path data;

    @Option(names = "--size", defaultValue = "1GB", description = "UserVisits size (default ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--nodes", defaultValue = "4", description = "Embedded nodes (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--chunks-per-node", defaultValue = "4", description = "Chunks per node (default ${DEFAULT-VALUE}).")
    int chunksPerNode;

    @Option(names = "--index", defaultValue = "visitdate", description = "Indexed column (default ${DEFAULT-VALUE}).")
    String index;

    @Option(names = "--clustered", description = "Store rows in index order (SORTED BY / CLUSTER) on both sides.")
    boolean clustered;

    @Option(names = "--seed", defaultValue = "0", description = "Generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--keep", description = "Keep the loaded tables.")
    boolean keep;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "Configuration override (hadoopdb.*).")
    java.util.Map<String, String> overrides = new java.util.LinkedHashMap<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new LoadBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path input = generate(err);
        HadoopDbConfig config = HadoopDbConfig.builder().home(home).overrides(overrides)
                // dropped tables' chunks go away at the next garbage collection instead of 20 catalog versions later
                .override("hadoopdb.catalog.keep-versions", "2").build();
        EmbeddedCluster cluster = new EmbeddedCluster(config);
        if (!cluster.exists()) {
            err.println("Creating an embedded cluster of " + nodes + " nodes in " + home);
            cluster.init(nodes, 0);
        }
        try (ClusterLease lease = cluster.acquire(err::println)) {
            LoadComparison comparison = new LoadComparison(config, s -> {
                err.println(s);
                err.flush();
            });
            LoadComparison.Options options = new LoadComparison.Options("uservisits", chunksPerNode, index, clustered);
            LoadComparison.Result result = comparison.run(input, options);
            out.printf(Locale.ROOT, "Load benchmark: UserVisits, %d nodes x %d chunks, index on %s%s%n", lease.catalog().nodes().size(),
                    chunksPerNode, index, clustered ? " (clustered)" : "");
            out.print(result.describe());
            out.flush();
            if (!keep) {
                comparison.cleanUp(options);
            }
        }
        return 0;
    }

    private Path generate(PrintWriter err) throws IOException {
        long bytes = parseSize(size);
        Path dir = data.resolve("uservisits");
        Path marker = data.resolve("_load-benchmark-" + bytes + "-" + seed);
        if (Files.exists(marker) && Files.isDirectory(dir)) {
            err.println("Reusing the UserVisits files in " + dir);
            return dir;
        }
        err.printf(Locale.ROOT, "Generating about %,d bytes of UserVisits into %s%n", bytes, dir);
        PavloDataGenerator.builder().seed(seed).scale(Scale.userVisitsBytes(bytes)).tables(EnumSet.of(PavloTable.USERVISITS))
                .threads(Runtime.getRuntime().availableProcessors()).outputDir(data).overwrite(true)
                .progressInterval(Duration.ofSeconds(10)).build().generate(GenerationProgressListener.logging());
        Files.writeString(marker, "generated by LoadBenchmark\n");
        return dir;
    }

    /** A size such as {@code 1GB}, {@code 512MB} or a plain byte count. */
    public static long parseSize(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        long mult = 1;
        for (String[] u : new String[][] {{"TB", "1099511627776"}, {"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"}}) {
            if (t.endsWith(u[0])) {
                mult = Long.parseLong(u[1]);
                t = t.substring(0, t.length() - 2);
                break;
            }
        }
        return Math.round(Double.parseDouble(t.trim()) * mult);
    }
}
