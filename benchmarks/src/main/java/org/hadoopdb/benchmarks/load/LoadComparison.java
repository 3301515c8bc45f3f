package org.hadoopdb.benchmarks.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoadProgressListener;
import org.hadoopdb.loader.LoadReport;
import org.hadoopdb.loader.LoadSpec;
import org.hadoopdb.loader.Loader;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.text.TextFormat;
import org.postgresql.PGConnection;

/**
 * The load benchmark, side by side on the same files in one run: a single {@code COPY} of the
 * UserVisits files into one PostgreSQL (a node of the cluster, same settings) plus the same index
 * build, against HadoopDB's whole load (Global Hasher, Local Hasher, COPY into chunks, indexes,
 * ANALYZE, publication) into all nodes. Both sides get PostgreSQL's fastest bulk path: the table is
 * created in the transaction that fills it ({@code COPY ... FREEZE}, no WAL with
 * {@code wal_level=minimal}).
 */
public final class LoadComparison {
    /** UserVisits as BENCHMARK.md defines it (adRevenue a FLOAT: PostgreSQL real). */
    public static final List<ColumnInfo> USER_VISITS = List.of(new ColumnInfo("sourceip", HiveType.varchar(16)),
            new ColumnInfo("desturl", HiveType.varchar(100)), new ColumnInfo("visitdate", HiveType.DATE),
            new ColumnInfo("adrevenue", HiveType.FLOAT), new ColumnInfo("useragent", HiveType.varchar(64)),
            new ColumnInfo("countrycode", HiveType.charType(3)), new ColumnInfo("languagecode", HiveType.charType(6)),
            new ColumnInfo("searchword", HiveType.varchar(32)), new ColumnInfo("duration", HiveType.INT));
    static final String BASELINE_SCHEMA = "bench_single_copy";

    private final HadoopDbConfig config;
    private final Consumer<String> log;

    public LoadComparison(HadoopDbConfig config, Consumer<String> log) {
        this.config = config;
        this.log = log;
    }

    /**
     * Options of one comparison.
     *
     * @param table         HadoopDB table name
     * @param chunksPerNode chunks per node of the HadoopDB table
     * @param indexColumn   the column both sides index ({@code visitdate} in the paper)
     * @param clustered     whether both sides store the rows in index order ({@code SORTED BY}, {@code CLUSTER})
     */
    public record Options(String table, int chunksPerNode, String indexColumn, boolean clustered) {
    }

    /**
     * The measurements.
     *
     * @param inputBytes    bytes of input
     * @param rows          rows loaded (both sides)
     * @param baselineCopy  single COPY
     * @param baselineIndex index build (and CLUSTER) after it
     * @param hadoopdb      HadoopDB's load report
     */
    public record Result(long inputBytes, long rows, Duration baselineCopy, Duration baselineIndex, LoadReport hadoopdb) {
        public Duration baselineTotal() {
            return baselineCopy.plus(baselineIndex);
        }

        /** HadoopDB's total load time over the single-node COPY plus index build. */
        public double ratio() {
            return hadoopdb.timings().total().toNanos() / (double) baselineTotal().toNanos();
        }

        public String describe() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "input: %,d bytes, %,d rows%n", inputBytes, rows));
            sb.append(String.format(Locale.ROOT, "single COPY + index build: %.2f s (COPY %.2f s, index %.2f s), %.1f MB/s%n",
                    sec(baselineTotal()), sec(baselineCopy), sec(baselineIndex), inputBytes / 1e6 / sec(baselineTotal())));
            sb.append(String.format(Locale.ROOT, "HadoopDB load:             %.2f s, %.1f MB/s%n", sec(hadoopdb.timings().total()),
                    inputBytes / 1e6 / sec(hadoopdb.timings().total())));
            var t = hadoopdb.timings();
            sb.append(String.format(Locale.ROOT, "  global repartition        %7.2f s%n", sec(t.globalRepartition())));
            sb.append(String.format(Locale.ROOT, "  node tasks (wall)         %7.2f s: local partitioning + COPY %.2f s, index build %.2f s, "
                    + "analyze %.2f s (slowest node)%n", sec(t.localJob()), sec(t.localPartitionAndCopy()), sec(t.indexBuild()),
                    sec(t.analyze())));
            sb.append(String.format(Locale.ROOT, "  replication               %7.2f s%n", sec(t.replication())));
            sb.append(String.format(Locale.ROOT, "  prepare + publish         %7.2f s%n", sec(t.prepare()) + sec(t.publish())));
            sb.append(String.format(Locale.ROOT, "ratio HadoopDB / single node: %.2fx%n", ratio()));
            return sb.toString();
        }
    }

    static double sec(Duration d) {
        return d.toNanos() / 1e9;
    }

    /** Runs the single-node baseline, then the HadoopDB load, on the files of {@code inputDir}. */
    public Result run(Path inputDir, Options options) throws IOException, SQLException {
        List<Path> files = partFiles(inputDir);
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        log.accept(String.format(Locale.ROOT, "input: %d file(s), %,d bytes in %s", files.size(), bytes, inputDir));
        Catalog catalog = config.home().catalogStore().load();
        NodeInfo node = catalog.nodes().get(0);

        long[] baseline;
        try (NodePools pools = new NodePools(config)) {
            baseline = baseline(pools, node, files, options);
        }
        long rows = baseline[2];
        log.accept(String.format(Locale.ROOT, "single COPY into %s: %,d rows, COPY %.2f s, index build %.2f s", node.id(), rows,
                baseline[0] / 1e9, baseline[1] / 1e9));

        TableManager tables = new TableManager(config);
        tables.drop(options.table(), true);
        TableDefinition.Builder def = TableDefinition.builder(options.table()).columns(USER_VISITS).hashedBy("desturl")
                .chunksPerNode(options.chunksPerNode()).replication(1).format(TextFormat.HIVE_DEFAULT.withDelimiter('|'));
        if (options.clustered()) {
            def.sortedBy(options.indexColumn());
        } else {
            def.indexedOn(options.indexColumn());
        }
        tables.create(def.build(), false);
        ProgressPrinter printer = new ProgressPrinter(log);
        LoadReport report = new Loader(config).load(LoadSpec.builder(options.table()).input(inputDir.toString()).local(true)
                .overwrite(true).build(), printer);
        if (report.rowsLoaded() != rows) {
            throw new IllegalStateException("HadoopDB loaded " + report.rowsLoaded() + " rows, the single COPY " + rows);
        }
        return new Result(bytes, rows, Duration.ofNanos(baseline[0]), Duration.ofNanos(baseline[1]), report);
    }

    /** Drops what the comparison created (both tables). */
    public void cleanUp(Options options) throws SQLException {
        new TableManager(config).drop(options.table(), true);
        try (NodePools pools = new NodePools(config); Connection c = pools.connect(config.home().catalogStore().load().nodes().get(0));
             Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + BASELINE_SCHEMA + " CASCADE");
        }
    }

    /** {COPY nanos, index nanos, rows}. */
    private long[] baseline(NodePools pools, NodeInfo node, List<Path> files, Options options) throws IOException, SQLException {
        try (Connection c = pools.connect(node)) {
            c.setAutoCommit(true);
            try (Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + BASELINE_SCHEMA + " CASCADE");
                st.execute("CHECKPOINT");
            }
            c.setAutoCommit(false);
            StringBuilder ddl = new StringBuilder("CREATE TABLE " + BASELINE_SCHEMA + ".uservisits (");
            for (int i = 0; i < USER_VISITS.size(); i++) {
                ddl.append(i == 0 ? "" : ", ").append(USER_VISITS.get(i).name()).append(' ').append(USER_VISITS.get(i).type().postgresType());
            }
            ddl.append(")");
            long t0 = System.nanoTime();
            long rows;
            try (Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + BASELINE_SCHEMA);
                st.execute(ddl.toString());
            }
            List<InputStream> streams = new ArrayList<>();
            for (Path f : files) {
                streams.add(Files.newInputStream(f));
            }
            try (InputStream all = new SequenceInputStream(Collections.enumeration(streams))) {
                rows = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + BASELINE_SCHEMA
                        + ".uservisits FROM STDIN WITH (DELIMITER '|', FREEZE)", all, 256 * 1024);
            }
            long t1 = System.nanoTime();
            try (Statement st = c.createStatement()) {
                st.execute("CREATE INDEX uservisits_idx ON " + BASELINE_SCHEMA + ".uservisits (" + options.indexColumn() + ")");
                if (options.clustered()) {
                    st.execute("CLUSTER " + BASELINE_SCHEMA + ".uservisits USING uservisits_idx");
                }
            }
            c.commit();
            long t2 = System.nanoTime();
            return new long[] {t1 - t0, t2 - t1, rows};
        }
    }

    static List<Path> partFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith("_")
                    && !p.getFileName().toString().startsWith(".")).sorted().toList();
            if (files.isEmpty()) {
                throw new IOException("No input files in " + dir);
            }
            return files;
        }
    }

    /** Prints a load's progress at most every few seconds. */
    static final class ProgressPrinter implements LoadProgressListener {
        private final Consumer<String> log;
        private long last;
        private org.hadoopdb.loader.LoadPhase lastPhase;

        ProgressPrinter(Consumer<String> log) {
            this.log = log;
        }

        @Override
        public void progress(org.hadoopdb.loader.LoadProgress p) {
            long now = System.nanoTime();
            if (p.phase() != lastPhase || now - last > 5_000_000_000L) {
                log.accept(String.format(Locale.ROOT, "  %-26s %5.1f%%  %,12d rows  %,10.0f rows/s  (%.1f s)", p.phase().label(),
                        p.percent(), p.rows(), p.rowsPerSecond(), p.elapsed().toNanos() / 1e9));
                last = now;
                lastPhase = p.phase();
            }
        }
    }
}
