package org.hadoopdb.benchmarks.connector;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.chunk.ChunkInputFormat;
import org.hadoopdb.connector.job.JobClasspath;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.engine.session.HadoopDbEngine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How fast {@code ChunkInputFormat} reads a chunk inside a map task, against a plain JDBC cursor loop
 * over the same chunk in this JVM (same statement, same fetch size, every value fetched), side by
 * side in one run. The map task's time is measured around its record loop (a counter), so job
 * start-up is reported separately rather than counted against the reader.
 *
 * <pre>
 * java -cp benchmarks/target/classes:benchmarks/target/lib/* org.hadoopdb.benchmarks.connector.ConnectorBenchmark \
 *      --home ~/.hadoopdb --table uservisits --rounds 3
 * </pre>
 */
@Command(name = "connector", mixinStandardHelpOptions = true,
        description = "ChunkInputFormat in a map task vs a plain JDBC cursor loop, rows per second, on the same chunk.")
public final class ConnectorBenchmark implements Callable<Integer> {
    /** Counters of the timed map task. */
    public enum Timing { READ_NANOS, ROWS }

    @Option(names = "--home", required = true, description = "HadoopDB home with the table loaded (e.g. by hadoopdb quickstart).")
    Path home;

    @Option(names = "--table", defaultValue = "uservisits", description = "Table (default ${DEFAULT-VALUE}).")
    String table;

    @Option(names = "--chunk", defaultValue = "0", description = "Chunk index (default ${DEFAULT-VALUE}).")
    int chunk;

    @Option(names = "--rounds", defaultValue = "3", description = "Alternating rounds; the best of each side counts (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--fetch-size", defaultValue = "10000", description = "Rows per fetch on both sides (default ${DEFAULT-VALUE}).")
    int fetchSize;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ConnectorBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = new PrintWriter(System.out, true);
        HadoopDbConfig config = HadoopDbConfig.builder().home(home).build();
        try (HadoopDbEngine engine = HadoopDbEngine.start(config, System.err::println)) {
            TableInfo t = engine.catalog().table(table);
            ChunkInfo c = t.chunks().get(chunk);
            NodeInfo node = engine.catalog().node(c.primary());
            String sql = "SELECT * FROM " + table;
            double bestJdbc = 0;
            double bestTask = 0;
            long jobMillis = 0;
            for (int round = 1; round <= rounds; round++) {
                double jdbc = jdbc(engine, node, c, sql);
                double[] task = task(config, engine, sql);
                bestJdbc = Math.max(bestJdbc, jdbc);
                bestTask = Math.max(bestTask, task[0]);
                jobMillis = (long) task[1];
                out.printf(Locale.ROOT, "round %d: JDBC loop %,.0f rows/s, ChunkInputFormat in a map task %,.0f rows/s (job %d ms)%n",
                        round, jdbc, task[0], jobMillis);
            }
            out.printf(Locale.ROOT, "%s chunk %d (%,d rows): ChunkInputFormat %,.0f rows/s, JDBC loop %,.0f rows/s, ratio %.2f%n",
                    table, chunk, c.rows(), bestTask, bestJdbc, bestTask / bestJdbc);
        }
        return 0;
    }

    private double jdbc(HadoopDbEngine engine, NodeInfo node, ChunkInfo c, String sql) throws SQLException {
        long start = System.nanoTime();
        long rows = 0;
        try (Connection conn = engine.pools().connect(node)) {
            conn.setAutoCommit(false);
            try (Statement st = conn.createStatement()) {
                st.execute("SET LOCAL search_path TO \"" + c.schema() + "\", pg_catalog");
                st.setFetchSize(fetchSize);
                try (ResultSet rs = st.executeQuery(sql)) {
                    ResultSetMetaData md = rs.getMetaData();
                    int columns = md.getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++) {
                            rs.getObject(i);
                        }
                        rows++;
                    }
                }
            }
            conn.rollback();
        }
        return rows / ((System.nanoTime() - start) / 1e9);
    }

    private double[] task(HadoopDbConfig config, HadoopDbEngine engine, String sql) throws IOException, InterruptedException,
            ClassNotFoundException {
        Configuration conf = new Configuration(config.hadoopConf());
        conf.setInt("mapreduce.client.completion.pollinterval", 50);
        Job job = Job.getInstance(conf, "connector benchmark");
        JobClasspath.ship(job);
        java.util.TreeSet<Integer> only = new java.util.TreeSet<>(java.util.List.of(chunk));
        ChunkInputFormat.configure(job).catalog(engine.catalogStore().directory()).query(sql, table).chunks(only)
                .fetchSize(fetchSize).apply();
        job.setMapperClass(TimedReader.class);
        job.setNumReduceTasks(0);
        job.setOutputFormatClass(NullOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(NullWritable.class);
        long start = System.nanoTime();
        if (!job.waitForCompletion(false)) {
            throw new IllegalStateException("The benchmark job failed: " + job.getStatus().getFailureInfo());
        }
        long jobMillis = (System.nanoTime() - start) / 1_000_000;
        long nanos = job.getCounters().findCounter(Timing.READ_NANOS).getValue();
        long rows = job.getCounters().findCounter(Timing.ROWS).getValue();
        return new double[] {rows / (nanos / 1e9), jobMillis};
    }

    /** Reads every row of its split, timing the record loop only; touches every value, as the JDBC loop does. */
    public static final class TimedReader extends Mapper<LongWritable, Row, NullWritable, NullWritable> {
        @Override
        public void run(Context ctx) throws IOException, InterruptedException {
            long start = System.nanoTime();
            long rows = 0;
            while (ctx.nextKeyValue()) {
                Row r = ctx.getCurrentValue();
                for (int i = 0; i < r.size(); i++) {
                    r.get(i);
                }
                rows++;
            }
            ctx.getCounter(Timing.READ_NANOS).increment(System.nanoTime() - start);
            ctx.getCounter(Timing.ROWS).increment(rows);
        }
    }

}
