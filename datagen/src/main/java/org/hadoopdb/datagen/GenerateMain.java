package org.hadoopdb.datagen;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Command line for the benchmark data generators (to become {@code hadoopdb bench gen}).
 *
 * <pre>
 * java -cp ... org.hadoopdb.datagen.GenerateMain --out /data/bench --scale 0.01 --nodes 4 --threads 2
 * java -cp ... org.hadoopdb.datagen.GenerateMain --out /data/bench --scale 5GB --tables rankings,uservisits
 * java -cp ... org.hadoopdb.datagen.GenerateMain --out /data/bench --tables tpch --tpch-sf 1
 * </pre>
 */
@Command(name = "gen", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Generates the benchmark data of the HadoopDB paper (Pavlo et al.: Grep, Rankings, UserVisits, "
                    + "Documents) and/or TPC-H, as |-delimited files under --out.",
            "The same --seed and scale give byte-identical files whatever --threads."})
public final class GenerateMain implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Output directory; gets one subdirectory per table (tpch/ for TPC-H).")
    Path out;

    @Option(names = "--scale", defaultValue = "0.01", paramLabel = "SPEC",
            description = {"Size of the Pavlo tables (default ${DEFAULT-VALUE}):",
                "  paper       the paper's size per node (5.6 M Grep, 18 M Rankings, 155 M UserVisits, 600 000 Documents)",
                "  0.01        that fraction of the paper's size per node",
                "  1000000rows UserVisits rows per node, the others in the paper's proportion",
                "  20GB        UserVisits about that big in total, the others in proportion",
                "  total:30GB  all generated Pavlo tables together about that big",
                "The first three are multiplied by --nodes."})
    String scale;

    @Option(names = "--nodes", defaultValue = "1", paramLabel = "N",
            description = "Nodes the per-node sizes are multiplied by (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--rows-per-node", split = ",", paramLabel = "TABLE=ROWS",
            description = "Override one table's rows per node (times --nodes), e.g. rankings=1000000.")
    Map<String, Long> rowsPerNode = new LinkedHashMap<>();

    @Option(names = "--tables", split = ",", defaultValue = "grep,rankings,uservisits,documents", paramLabel = "LIST",
            description = "Tables to generate: grep (or data), rankings, uservisits, documents, tpch "
                    + "(default ${DEFAULT-VALUE}).")
    List<String> tables;

    @Option(names = "--tpch-sf", paramLabel = "SF",
            description = "TPC-H scale factor (implies tpch; default 1 when --tables has tpch).")
    Double tpchScaleFactor;

    @Option(names = "--seed", defaultValue = "0", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--overwrite", description = "Replace part files of an earlier run in the same directories.")
    boolean overwrite;

    @Option(names = "--progress-interval", defaultValue = "10", paramLabel = "SECONDS",
            description = "Seconds between progress reports (default ${DEFAULT-VALUE}).")
    long progressSeconds;

    @Option(names = "--dry-run", description = "Print the plan (rows, approximate sizes, Selection threshold) and stop.")
    boolean dryRun;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs the command and exits the JVM with its exit code (see {@link #run}). */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command and returns its exit code: 0 done, 1 generation failed, 2 bad arguments. */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new GenerateMain());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException) {
                cmd.getErr().println("error: " + e.getMessage());
                return 2;
            }
            if (e instanceof IOException) {
                cmd.getErr().println("error: " + e.getMessage()
                        + (e.getCause() != null ? " (" + e.getCause() + ")" : ""));
                return 1;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        boolean tpch = tpchScaleFactor != null;
        Set<PavloTable> pavlo = EnumSet.noneOf(PavloTable.class);
        for (String t : tables) {
            if (t.trim().equalsIgnoreCase("tpch")) {
                tpch = true;
            } else if (!t.isBlank()) {
                pavlo.add(PavloTable.parse(t.trim()));
            }
        }
        if (pavlo.isEmpty() && !tpch) {
            throw new IllegalArgumentException("--tables names no table to generate");
        }
        PrintWriter stdout = spec.commandLine().getOut();
        Duration interval = Duration.ofSeconds(Math.max(1, progressSeconds));
        List<GenerationSummary> summaries = new ArrayList<>();
        if (!pavlo.isEmpty()) {
            PavloDataGenerator generator = PavloDataGenerator.builder()
                    .seed(seed).scale(scale(pavlo)).threads(threads).outputDir(out).tables(pavlo)
                    .overwrite(overwrite).progressInterval(interval).build();
            printPlan(stdout, generator, pavlo);
            if (!dryRun) {
                summaries.add(generator.generate(GenerationProgressListener.logging()));
            }
        }
        if (tpch) {
            double sf = tpchScaleFactor == null ? 1.0 : tpchScaleFactor;
            stdout.printf(Locale.ROOT, "TPC-H scale factor %s (about %.1f GB) into %s%n", sf, sf, out.resolve("tpch"));
            if (!dryRun) {
                summaries.add(TpchDataGenerator.builder().scaleFactor(sf).threads(threads)
                        .outputDir(out.resolve("tpch")).overwrite(overwrite).progressInterval(interval)
                        .build().generate(GenerationProgressListener.logging()));
            }
        }
        summaries.forEach(s -> printSummary(stdout, s));
        stdout.flush();
        return 0;
    }

    private Scale scale(Set<PavloTable> pavlo) {
        Scale s = Scale.parse(scale, nodes, pavlo);
        for (Map.Entry<String, Long> e : rowsPerNode.entrySet()) {
            s = s.withRowsPerNode(PavloTable.parse(e.getKey()), e.getValue(), nodes);
        }
        return s;
    }

    private static void printPlan(PrintWriter w, PavloDataGenerator g, Set<PavloTable> pavlo) {
        w.printf(Locale.ROOT, "seed %d; %s%n", g.seed(), g.scale());
        for (PavloTable t : pavlo) {
            w.printf(Locale.ROOT, "  %-10s %,15d rows  ~%,.1f MB%n", t.sqlName(), g.scale().rows(t),
                    g.scale().approxBytes(t) / 1e6);
        }
        SelectionThreshold st = g.selectionThreshold();
        w.printf(Locale.ROOT, "Selection: pageRank > %d selects %,d of %,d Rankings rows (paper ratio asks %,d)%n",
                st.threshold(), st.expectedRows(), st.rankingsRows(), st.targetRows());
        if (pavlo.contains(PavloTable.GREP)) {
            w.printf(Locale.ROOT, "Grep: %,d records contain XYZ%n", g.expectedGrepMatches());
        }
    }

    private static void printSummary(PrintWriter w, GenerationSummary s) {
        double seconds = Math.max(1e-3, s.elapsed().toNanos() / 1e9);
        for (DatasetSummary d : s.datasets()) {
            w.printf(Locale.ROOT, "%-17s %4d file(s) %,15d rows %,12.1f MB  %s%n", d.name(), d.files().size(),
                    d.rows(), d.bytes() / 1e6, d.directory());
        }
        w.printf(Locale.ROOT, "total %,.1f MB in %.1f s (%.1f MB/s)%n", s.totalBytes() / 1e6, seconds,
                s.totalBytes() / 1e6 / seconds);
    }
}
