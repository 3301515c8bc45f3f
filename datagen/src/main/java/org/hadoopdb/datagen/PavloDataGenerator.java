package org.hadoopdb.datagen;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates the Pavlo et al. benchmark tables (Grep's {@code Data}, {@code Rankings}, {@code UserVisits},
 * {@code Documents}) as {@code |}-delimited text files, deterministically from a seed and in parallel.
 *
 * <pre>{@code
 * GenerationSummary summary = PavloDataGenerator.builder()
 *         .seed(42)
 *         .scale(Scale.paperFraction(0.01, 4))   // 1 % of a paper node, 4 nodes
 *         .threads(2)
 *         .outputDir(Path.of("/data/bench"))
 *         .tables(EnumSet.allOf(PavloTable.class))
 *         .build()
 *         .generate(GenerationProgressListener.logging());
 * }</pre>
 *
 * <p>Layout: {@code <out>/<table>/part-NNNNN} for each table ({@code grep}, {@code rankings},
 * {@code uservisits}, {@code documents}), plus {@code <out>/documents-hadoop/part-NNNNN} (the documents
 * concatenated, for the Hadoop baseline) and {@code <out>/_generation.properties} (seed, rows, the Selection
 * threshold, the Grep match count). Formats are those of BENCHMARK.md: one record per line, fields
 * separated by {@code |} with no trailing delimiter, dates {@code yyyy-MM-dd}, ASCII; Grep records are 100
 * fixed-width characters with no delimiter; Documents contents are escaped (see {@link DocumentsGenerator}).
 *
 * <p>Determinism: every row draws from its own seed, derived from the run's seed, the table and the row
 * number; the URLs, link counts and link targets are functions of their index. A part is a fixed range of
 * rows, so the same seed and scale give byte-identical files whatever the thread count, and also whatever
 * the part size (files are then cut differently, but their concatenation is the same). Nothing is held in
 * memory beyond one row (one document).
 */
public final class PavloDataGenerator {

    private static final Logger LOG = LoggerFactory.getLogger(PavloDataGenerator.class);
    /** Written next to the table directories; the leading underscore keeps Hadoop and Hive from reading it. */
    public static final String MANIFEST = "_generation.properties";

    private final long seed;
    private final Scale scale;
    private final int threads;
    private final Path outputDir;
    private final Set<PavloTable> tables;
    private final Map<PavloTable, Long> rowsPerPart;
    private final boolean overwrite;
    private final Duration progressInterval;

    private final UrlPool urls;
    private final LinkGraph links;

    private PavloDataGenerator(Builder b) {
        this.seed = b.seed;
        this.scale = Objects.requireNonNull(b.scale, "scale is required");
        this.threads = b.threads;
        this.outputDir = Objects.requireNonNull(b.outputDir, "outputDir is required");
        this.tables = EnumSet.copyOf(b.tables);
        this.rowsPerPart = new EnumMap<>(b.rowsPerPart);
        this.overwrite = b.overwrite;
        this.progressInterval = b.progressInterval;

        this.urls = new UrlPool(scale.rows(PavloTable.RANKINGS), seed);
        long documents = scale.rows(PavloTable.DOCUMENTS);
        long links = Math.round(documents * DocumentsGenerator.meanLinksPerDocument(urls));
        if (links < urls.size()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%d documents carry about %d links, but each of the %d Rankings URLs needs at least one "
                            + "(pageRank >= 1): raise the Documents rows to at least %d or lower the Rankings rows "
                            + "(the paper has 30 Rankings rows per document)",
                    documents, links, urls.size(),
                    (long) Math.ceil(urls.size() / DocumentsGenerator.meanLinksPerDocument(urls))));
        }
        this.links = new LinkGraph(new ZipfLinkCounts(urls.size(), links), documents, seed);
    }

    /** A builder with the defaults: seed 0, all four tables, one thread per processor, no overwriting. */
    public static Builder builder() {
        return new Builder();
    }

    /** The seed every random choice derives from. */
    public long seed() {
        return seed;
    }

    /** The table sizes. */
    public Scale scale() {
        return scale;
    }

    /** The Selection task's threshold at the paper's selectivity (36 000 of 18 M rows per node). */
    public SelectionThreshold selectionThreshold() {
        return selectionThreshold(SelectionThreshold.PAPER_FRACTION);
    }

    /** The Selection threshold selecting about {@code fraction} of the Rankings rows (e.g. AMPLab's variants). */
    public SelectionThreshold selectionThreshold(double fraction) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("selection fraction must be in (0, 1): " + fraction);
        }
        return SelectionThreshold.choose(links.counts(), fraction);
    }

    /** The number of Grep records whose field contains {@code XYZ}. */
    public long expectedGrepMatches() {
        return new GrepGenerator(seed, scale.rows(PavloTable.GREP)).expectedMatches();
    }

    /** The number of links in all documents, which is also the sum of all pageRanks. */
    public long totalLinks() {
        return links.totalLinks();
    }

    /** Generates the chosen tables; blocks until done. */
    public GenerationSummary generate(GenerationProgressListener listener) throws IOException {
        Objects.requireNonNull(listener, "listener");
        long start = System.nanoTime();
        List<String> directories = new ArrayList<>();
        for (PavloTable t : tables) {
            directories.add(t.directoryName());
            if (t == PavloTable.DOCUMENTS) {
                directories.add(DocumentsGenerator.HADOOP_DIRECTORY);
            }
        }
        Files.createDirectories(outputDir);
        OutputDirectories.prepare(outputDir, directories, overwrite);
        LOG.info("generating {} into {} with seed {} on {} thread(s); {}", tables, outputDir, seed, threads, scale);

        Map<PavloTable, TableProgress> progress = new EnumMap<>(PavloTable.class);
        List<PartJob> jobs = new ArrayList<>();
        for (PavloTable t : tables) {
            long rows = scale.rows(t);
            long perPart = rowsPerPart.getOrDefault(t, t.defaultRowsPerPart());
            int parts = Math.toIntExact((rows + perPart - 1) / perPart);
            TableProgress tp = new TableProgress(t.directoryName(), rows, parts);
            progress.put(t, tp);
            PartContent content = content(t);
            for (int p = 0; p < parts; p++) {
                long first = p * perPart;
                long end = Math.min(rows, first + perPart);
                jobs.add(new PartJob(tp, p, (outputs, counter) -> content.write(first, end, outputs, counter)));
            }
        }
        new PartRunner(outputDir, threads, progressInterval, listener).run(jobs);

        List<DatasetSummary> datasets = new ArrayList<>();
        for (PavloTable t : tables) {
            long rows = progress.get(t).rows().get();
            datasets.add(OutputDirectories.summarize(outputDir, t.directoryName(), rows));
            if (t == PavloTable.DOCUMENTS) {
                datasets.add(OutputDirectories.summarize(outputDir, DocumentsGenerator.HADOOP_DIRECTORY, rows));
            }
        }
        SelectionThreshold threshold = selectionThreshold();
        long grepMatches = tables.contains(PavloTable.GREP) ? expectedGrepMatches() : 0;
        writeManifest(datasets, threshold, grepMatches);
        GenerationSummary summary = new GenerationSummary(datasets, Duration.ofNanos(System.nanoTime() - start),
                Optional.of(threshold), grepMatches);
        LOG.info("generated {} bytes in {} s; Selection: pageRank > {} selects {} of {} Rankings rows",
                summary.totalBytes(), summary.elapsed().toMillis() / 1000.0, threshold.threshold(),
                threshold.expectedRows(), threshold.rankingsRows());
        return summary;
    }

    private PartContent content(PavloTable table) {
        return switch (table) {
            case GREP -> new GrepGenerator(seed, scale.rows(PavloTable.GREP));
            case RANKINGS -> new RankingsGenerator(urls, links, seed);
            case USERVISITS -> new UserVisitsGenerator(urls, seed);
            case DOCUMENTS -> new DocumentsGenerator(urls, links, seed);
        };
    }

    /** Records what was generated, without timestamps, so identical runs give identical manifests. */
    private void writeManifest(List<DatasetSummary> datasets, SelectionThreshold threshold, long grepMatches)
            throws IOException {
        try (Writer w = Files.newBufferedWriter(outputDir.resolve(MANIFEST), StandardCharsets.UTF_8)) {
            w.write("# HadoopDB benchmark data (Pavlo et al.), see BENCHMARK.md\n");
            w.write("seed=" + seed + "\n");
            for (PavloTable t : PavloTable.values()) {
                w.write("scale.rows." + t.directoryName() + "=" + scale.rows(t) + "\n");
            }
            for (DatasetSummary d : datasets) {
                w.write("generated." + d.name() + ".rows=" + d.rows() + "\n");
                w.write("generated." + d.name() + ".files=" + d.files().size() + "\n");
                w.write("generated." + d.name() + ".bytes=" + d.bytes() + "\n");
            }
            w.write("documents.links=" + links.totalLinks() + "\n");
            w.write("selection.threshold=" + threshold.threshold() + "\n");
            w.write("selection.expectedRows=" + threshold.expectedRows() + "\n");
            w.write("selection.targetRows=" + threshold.targetRows() + "\n");
            w.write("grep.expectedMatches=" + grepMatches + "\n");
        }
    }

    /** Configures a {@link PavloDataGenerator}. */
    public static final class Builder {
        private long seed;
        private Scale scale;
        private int threads = Runtime.getRuntime().availableProcessors();
        private Path outputDir;
        private Set<PavloTable> tables = EnumSet.allOf(PavloTable.class);
        private final Map<PavloTable, Long> rowsPerPart = new EnumMap<>(PavloTable.class);
        private boolean overwrite;
        private Duration progressInterval = Duration.ofSeconds(10);

        private Builder() {
        }

        /** The seed every random choice derives from. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** The table sizes; required. */
        public Builder scale(Scale scale) {
            this.scale = Objects.requireNonNull(scale, "scale");
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

        /** Which tables to write (the others still shape the data: Documents' size sets the pageRanks). */
        public Builder tables(Collection<PavloTable> tables) {
            if (tables.isEmpty()) {
                throw new IllegalArgumentException("choose at least one table to generate");
            }
            this.tables = EnumSet.copyOf(tables);
            return this;
        }

        /** Rows per part file of {@code table} (defaults in {@link PavloTable#defaultRowsPerPart()}). */
        public Builder rowsPerPart(PavloTable table, long rows) {
            if (rows < 1) {
                throw new IllegalArgumentException("rows per part must be at least 1: " + rows);
            }
            rowsPerPart.put(table, rows);
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

        /** Validates the configuration and prepares the URL pool and link model (cheap: nothing is generated yet). */
        public PavloDataGenerator build() {
            return new PavloDataGenerator(this);
        }
    }
}
