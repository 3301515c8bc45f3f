package org.hadoopdb.datagen;

import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates the eight TPC-H tables with the Java port of dbgen, {@code io.trino.tpch:tpch} 1.2 (the last
 * release whose classes load on JDK 17; 1.4 is built for Java 21). No C dbgen binary is involved.
 *
 * <p>Layout: {@code <out>/<table>/part-NNNNN}, {@code <table>} being {@code customer}, {@code orders},
 * {@code lineitem}, {@code part}, {@code partsupp}, {@code supplier}, {@code nation}, {@code region}.
 * Rows are dbgen's: {@code |}-delimited, dates {@code yyyy-MM-dd}, decimals with two places, but without
 * dbgen's trailing {@code |}, like every file of BENCHMARK.md. Each table is cut into parts of about
 * {@link Builder#rowsPerPart} rows using the library's own part/part-count split (lineitem follows its
 * orders), which is deterministic, so the files do not depend on the thread count. {@code nation} and
 * {@code region} are one part each.
 */
public final class TpchDataGenerator {

    private static final Logger LOG = LoggerFactory.getLogger(TpchDataGenerator.class);

    /** Rows at scale factor 1, for planning parts and reporting progress. */
    private static final Map<String, Long> ROWS_AT_SF1 = Map.of(
            "customer", 150_000L, "orders", 1_500_000L, "lineitem", 6_001_215L, "part", 200_000L,
            "partsupp", 800_000L, "supplier", 10_000L, "nation", 25L, "region", 5L);

    private final double scaleFactor;
    private final int threads;
    private final Path outputDir;
    private final List<TpchTable<?>> tables;
    private final long rowsPerPart;
    private final boolean overwrite;
    private final Duration progressInterval;

    private TpchDataGenerator(Builder b) {
        this.scaleFactor = b.scaleFactor;
        this.threads = b.threads;
        this.outputDir = Objects.requireNonNull(b.outputDir, "outputDir is required");
        this.tables = List.copyOf(b.tables);
        this.rowsPerPart = b.rowsPerPart;
        this.overwrite = b.overwrite;
        this.progressInterval = b.progressInterval;
    }

    /** A builder with the defaults: scale factor 1, all eight tables, one thread per processor. */
    public static Builder builder() {
        return new Builder();
    }

    /** The expected row count of {@code table} ({@code lineitem} is approximate, the others exact). */
    public static long expectedRows(String table, double scaleFactor) {
        Long sf1 = ROWS_AT_SF1.get(table.toLowerCase(Locale.ROOT));
        if (sf1 == null) {
            throw new IllegalArgumentException("unknown TPC-H table '" + table + "': expected one of " + ROWS_AT_SF1.keySet());
        }
        return isFixedSize(table) ? sf1 : Math.round(sf1 * scaleFactor);
    }

    /** Generates the chosen tables; blocks until done. */
    public GenerationSummary generate(GenerationProgressListener listener) throws IOException {
        Objects.requireNonNull(listener, "listener");
        long start = System.nanoTime();
        Files.createDirectories(outputDir);
        OutputDirectories.prepare(outputDir, tables.stream().map(TpchTable::getTableName).toList(), overwrite);
        LOG.info("generating TPC-H at scale factor {} into {} on {} thread(s)", scaleFactor, outputDir, threads);

        List<PartJob> jobs = new ArrayList<>();
        List<TableProgress> progress = new ArrayList<>();
        for (TpchTable<?> table : tables) {
            String name = table.getTableName();
            long rows = expectedRows(name, scaleFactor);
            int parts = isFixedSize(name) ? 1 : (int) Math.max(1, (rows + rowsPerPart - 1) / rowsPerPart);
            TableProgress tp = new TableProgress(name, rows, parts);
            progress.add(tp);
            for (int p = 0; p < parts; p++) {
                int part = p;
                jobs.add(new PartJob(tp, part, (outputs, counter) -> write(table, part, parts, outputs, counter)));
            }
        }
        new PartRunner(outputDir, threads, progressInterval, listener).run(jobs);

        List<DatasetSummary> datasets = new ArrayList<>();
        for (TableProgress tp : progress) {
            datasets.add(OutputDirectories.summarize(outputDir, tp.name(), tp.rows().get()));
        }
        GenerationSummary summary = new GenerationSummary(datasets, Duration.ofNanos(System.nanoTime() - start),
                Optional.empty(), 0);
        LOG.info("generated TPC-H ({} bytes) in {} s", summary.totalBytes(), summary.elapsed().toMillis() / 1000.0);
        return summary;
    }

    private void write(TpchTable<?> table, int part, int parts, PartOutputs outputs, RowCounter counter)
            throws IOException {
        AsciiOutput out = outputs.open(table.getTableName());
        // the library numbers parts from 1
        for (TpchEntity row : table.createGenerator(scaleFactor, part + 1, parts)) {
            String line = row.toLine();
            int end = line.endsWith("|") ? line.length() - 1 : line.length();
            out.append(line.substring(0, end));
            out.endRow();
            counter.add();
        }
    }

    private static boolean isFixedSize(String table) {
        return table.equals("nation") || table.equals("region");
    }

    /** Configures a {@link TpchDataGenerator}. */
    public static final class Builder {
        private double scaleFactor = 1.0;
        private int threads = Runtime.getRuntime().availableProcessors();
        private Path outputDir;
        private List<TpchTable<?>> tables = TpchTable.getTables();
        private long rowsPerPart = 1_000_000;
        private boolean overwrite;
        private Duration progressInterval = Duration.ofSeconds(10);

        private Builder() {
        }

        /** TPC-H scale factor: 1 is about 1 GB; fractions such as 0.01 work too. */
        public Builder scaleFactor(double scaleFactor) {
            if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
                throw new IllegalArgumentException("TPC-H scale factor must be positive: " + scaleFactor);
            }
            this.scaleFactor = scaleFactor;
            return this;
        }

        /** Worker threads; changes speed only, never the bytes written. */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1: " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** The directory that receives one subdirectory per table; required. */
        public Builder outputDir(Path outputDir) {
            this.outputDir = Objects.requireNonNull(outputDir, "outputDir");
            return this;
        }

        /** The tables to write, by TPC-H name ({@code lineitem}, {@code orders}, ...); all eight by default. */
        public Builder tables(Collection<String> names) {
            if (names.isEmpty()) {
                throw new IllegalArgumentException("choose at least one TPC-H table");
            }
            List<TpchTable<?>> chosen = new ArrayList<>();
            for (String name : names) {
                expectedRows(name, 1); // rejects unknown names with the list of valid ones
                chosen.add(TpchTable.getTable(name.toLowerCase(Locale.ROOT)));
            }
            this.tables = chosen;
            return this;
        }

        /** About how many rows go into one part file (and one parallel task). */
        public Builder rowsPerPart(long rowsPerPart) {
            if (rowsPerPart < 1) {
                throw new IllegalArgumentException("rows per part must be at least 1: " + rowsPerPart);
            }
            this.rowsPerPart = rowsPerPart;
            return this;
        }

        /** Whether to replace part files left by an earlier run in the same directories. */
        public Builder overwrite(boolean overwrite) {
            this.overwrite = overwrite;
            return this;
        }

        /** How often progress is reported for running tables. */
        public Builder progressInterval(Duration interval) {
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("progress interval must be positive: " + interval);
            }
            this.progressInterval = interval;
            return this;
        }

        /** Validates the configuration; nothing is generated yet. */
        public TpchDataGenerator build() {
            return new TpchDataGenerator(this);
        }
    }
}
