package org.hadoopdb.connector.chunk;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.job.JobClasspath;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/**
 * The input of a MapReduce job is a SQL statement over database chunks: one map task per chunk of
 * the driving table, each running the same statement on its chunk's database (the Database Connector
 * of the HadoopDB paper, section 5.2.1). Keys are row numbers within the chunk, values are typed
 * {@link Row}s.
 *
 * <pre>{@code
 * Job job = Job.getInstance(conf, "inlink count");
 * ChunkInputFormat.configure(job)
 *         .catalog(new Path("/home/me/.hadoopdb/catalog"))
 *         .query("SELECT url, contents FROM documents", "documents")
 *         .fetchSize(500)
 *         .apply();                       // checks the statement on the nodes, pins the catalog version
 * job.setMapperClass(InlinkMapper.class); // Mapper<LongWritable, Row, Text, LongWritable>
 * ...
 * job.waitForCompletion(true);
 * }</pre>
 *
 * <p>The statement names logical tables; the first named table's chunks define the splits, the others
 * must be co-located with it (joined inside each chunk, like UserVisits and Rankings on their URLs)
 * or replicated. Each split lists the chunk's copies; task attempt {@code a} starts at copy
 * {@code a mod copies}, so a retried or speculative attempt reads a replica, and a node that fails
 * while a task reads it is replaced by the next copy within the attempt, exactly where the read was
 * ({@link FailoverChunkReader}).
 */
public final class ChunkInputFormat extends InputFormat<LongWritable, Row> {
    /** Per-job state written by {@link Setup#apply()}; not user settings. */
    static final String CATALOG_DIR = "hadoopdb.job.chunks.catalog-dir";
    static final String CATALOG_VERSION = "hadoopdb.job.chunks.catalog-version";
    static final String TABLES = "hadoopdb.job.chunks.tables";
    static final String SQL = "hadoopdb.job.chunks.sql";
    static final String SCHEMA = "hadoopdb.job.chunks.schema";
    static final String CHUNKS = "hadoopdb.job.chunks.only";

    /** Starts configuring {@code job} to read chunks. */
    public static Setup configure(Job job) {
        return new Setup(job);
    }

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        ChunkQuery query = query(conf);
        Catalog catalog = catalog(conf);
        HadoopDbConfig config = HadoopDbConfig.of(conf);
        return new ArrayList<>(ChunkSplits.plan(catalog, query, ChunkReadSettings.from(config), new CredentialResolver(conf)));
    }

    @Override
    public RecordReader<LongWritable, Row> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new ChunkRecordReader();
    }

    /** The query a job was configured with. */
    static ChunkQuery query(Configuration conf) {
        String sql = conf.get(SQL);
        if (sql == null) {
            throw new ConnectorException("The job has no chunk query: call ChunkInputFormat.configure(job)...apply()");
        }
        String schema = conf.get(SCHEMA);
        String chunks = conf.get(CHUNKS);
        SortedSet<Integer> only = null;
        if (chunks != null) {
            only = new TreeSet<>();
            for (String c : chunks.split(",")) {
                if (!c.isBlank()) {
                    only.add(Integer.parseInt(c.trim()));
                }
            }
        }
        String tables = conf.get(TABLES, "");
        return new ChunkQuery(tables.isEmpty() ? List.of() : Arrays.asList(tables.split(",")), sql,
                schema == null ? null : RowSchema.parse(schema), only);
    }

    static Catalog catalog(Configuration conf) {
        String dir = conf.get(CATALOG_DIR);
        if (dir == null) {
            throw new ConnectorException("The job names no catalog: call ChunkInputFormat.configure(job).catalog(...)");
        }
        CatalogStore store = new CatalogStore(new Path(dir), conf, conf.get(ConfigKeys.CLUSTER_NAME.name(), "hadoopdb"));
        long version = conf.getLong(CATALOG_VERSION, 0);
        return version > 0 ? store.load(version) : store.load();
    }

    /** The fluent setup of a job's chunk input; nothing is final until {@link #apply()}. */
    public static final class Setup {
        private final Job job;
        private Path catalogDir;
        private long version;
        private List<String> tables = List.of();
        private String sql;
        private RowSchema schema;
        private SortedSet<Integer> chunks;

        private Setup(Job job) {
            this.job = job;
        }

        /** The catalog directory (a HadoopDB home's {@code catalog}, or any Hadoop path). Default: the configured one. */
        public Setup catalog(Path dir) {
            this.catalogDir = dir;
            return this;
        }

        /** Read this catalog version instead of the latest. */
        public Setup catalogVersion(long catalogVersion) {
            this.version = catalogVersion;
            return this;
        }

        /**
         * The statement and the tables it reads, the driving table first (its chunks make the splits).
         * Defaults the tables to none: a statement over no table runs once.
         */
        public Setup query(String statement, String... tableNames) {
            this.sql = statement;
            this.tables = Arrays.asList(tableNames);
            return this;
        }

        /** The rows the statement returns; by default taken from its result columns. */
        public Setup schema(RowSchema rowSchema) {
            this.schema = rowSchema;
            return this;
        }

        /** Read only these chunks of the driving table. */
        public Setup chunks(SortedSet<Integer> only) {
            this.chunks = only;
            return this;
        }

        public Setup fetchSize(int rows) {
            job.getConfiguration().setInt(ConfigKeys.CONNECTOR_FETCH_SIZE.name(), rows);
            return this;
        }

        /** PostgreSQL's statement_timeout for each chunk's statement. */
        public Setup statementTimeout(java.time.Duration timeout) {
            job.getConfiguration().set(ConfigKeys.CONNECTOR_STATEMENT_TIMEOUT.name(), timeout.toMillis() + "ms");
            return this;
        }

        /** A PostgreSQL setting for the sessions that read the chunks, e.g. {@code setting("work_mem", "256MB")}. */
        public Setup setting(String name, String value) {
            Configuration conf = job.getConfiguration();
            String key = ConfigKeys.CONNECTOR_SESSION_SETTINGS.name();
            String existing = conf.get(key, "");
            conf.set(key, (existing.isBlank() ? "" : existing + ";") + name + "=" + value);
            return this;
        }

        /**
         * Pins the catalog version, checks the statement on the nodes (a statement PostgreSQL refuses
         * fails here, with its message and the chunk and node), records the result schema, and sets the
         * job's input format and the {@link Row} schema its tasks read.
         */
        public Job apply() {
            if (sql == null) {
                throw new ConnectorException("ChunkInputFormat needs a query: .query(\"SELECT ...\", \"table\")");
            }
            Configuration conf = job.getConfiguration();
            HadoopDbConfig config = HadoopDbConfig.of(conf);
            Path dir = catalogDir != null ? catalogDir : config.home().catalogPath();
            config.home().requireReachableByTasks(dir, "the catalog directory (hadoopdb.catalog.path)");
            CatalogStore store = new CatalogStore(dir, conf, config.get(ConfigKeys.CLUSTER_NAME));
            Catalog catalog = version > 0 ? store.load(version) : store.load();
            ChunkQuery query = new ChunkQuery(tables, sql, schema, chunks);
            RowSchema resultSchema = ChunkSplits.schema(catalog, query, ChunkReadSettings.from(config), new CredentialResolver(conf));
            conf.set(CATALOG_DIR, dir.toString());
            conf.setLong(CATALOG_VERSION, catalog.version());
            conf.set(TABLES, String.join(",", query.tables()));
            conf.set(SQL, sql);
            conf.set(SCHEMA, resultSchema.toText());
            if (chunks != null) {
                conf.set(CHUNKS, String.join(",", chunks.stream().map(String::valueOf).toList()));
            }
            resultSchema.store(conf, Row.SCHEMA_KEY);
            job.setInputFormatClass(ChunkInputFormat.class);
            JobClasspath.ship(job);
            return job;
        }
    }
}
