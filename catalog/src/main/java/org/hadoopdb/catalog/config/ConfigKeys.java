package org.hadoopdb.catalog.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every HadoopDB configuration key, in one place. Set them in {@code hadoopdb-site.xml} (in
 * {@code $HADOOPDB_CONF_DIR} or {@code <home>/conf}), with {@code -Dkey=value} on the command line,
 * or with {@code SET key=value} in a session. {@code docs/configuration.md} documents each one; a
 * test keeps the two in step.
 */
public final class ConfigKeys {
    private static final List<ConfigKey<?>> ALL = new ArrayList<>();

    private ConfigKeys() {
    }

    /** All declared keys, in declaration order. */
    public static List<ConfigKey<?>> all() {
        return Collections.unmodifiableList(ALL);
    }

    // ---- home and catalog ----------------------------------------------------------------------

    public static final ConfigKey<String> HOME = string("hadoopdb.home", null,
            "The HadoopDB home directory: embedded nodes' data, catalog, scratch space, logs. "
                    + "Also settable with --home or the HADOOPDB_HOME environment variable. Default: ~/.hadoopdb.");
    public static final ConfigKey<String> CLUSTER_NAME = string("hadoopdb.cluster.name", "hadoopdb",
            "Name of the cluster, recorded in a new catalog.");
    public static final ConfigKey<String> CATALOG_PATH = string("hadoopdb.catalog.path", null,
            "Directory of the catalog, on any Hadoop file system (file:/..., hdfs://...). Default: <home>/catalog.");
    public static final ConfigKey<Integer> CATALOG_KEEP_VERSIONS = integer("hadoopdb.catalog.keep-versions", "20",
            "How many catalog versions to keep; older ones are pruned after each publication.");
    public static final ConfigKey<String> SCRATCH_DIR = string("hadoopdb.scratch.dir", null,
            "Scratch space for Hadoop jobs and intermediate query results, reachable by every task. Default: <home>/scratch "
                    + "when jobs run locally; on a cluster /tmp/hadoopdb-<user> on the default file system (HDFS).");

    // ---- embedded nodes ------------------------------------------------------------------------

    public static final ConfigKey<Integer> EMBEDDED_NODES = integer("hadoopdb.embedded.nodes", "4",
            "Number of embedded PostgreSQL nodes created when a command finds a home without a cluster.");
    public static final ConfigKey<Integer> EMBEDDED_BASE_PORT = integer("hadoopdb.embedded.base-port", "0",
            "First TCP port of the embedded nodes (node i gets base+i-1); 0 picks free ports at init time.");
    public static final ConfigKey<Long> EMBEDDED_SHARED_BUFFERS = bytes("hadoopdb.embedded.shared-buffers", null,
            "shared_buffers of each embedded node. Default: 1/16 of physical memory divided by the node count, "
                    + "between 128MB and 2GB.");
    public static final ConfigKey<Long> EMBEDDED_WORK_MEM = bytes("hadoopdb.embedded.work-mem", "64MB",
            "work_mem of each embedded node: memory per sort or hash before spilling to disk.");
    public static final ConfigKey<Long> EMBEDDED_MAINTENANCE_WORK_MEM = bytes("hadoopdb.embedded.maintenance-work-mem", "256MB",
            "maintenance_work_mem of each embedded node (index builds, CLUSTER, VACUUM).");
    public static final ConfigKey<Boolean> EMBEDDED_FSYNC = bool("hadoopdb.embedded.fsync", "true",
            "fsync of the embedded nodes. Only set false for throw-away data: a crash can then corrupt a node.");
    public static final ConfigKey<String> EMBEDDED_SETTINGS = string("hadoopdb.embedded.settings", "",
            "Extra postgresql.conf settings for the embedded nodes, as name=value pairs separated by ';'.");
    public static final ConfigKey<Duration> EMBEDDED_STARTUP_TIMEOUT = duration("hadoopdb.embedded.startup-timeout", "60s",
            "How long to wait for an embedded node to accept connections.");

    // ---- connections ---------------------------------------------------------------------------

    public static final ConfigKey<Integer> POOL_MAX_SIZE = integer("hadoopdb.pool.max-size", "8",
            "Maximum pooled connections per node in one HadoopDB process.");
    public static final ConfigKey<Duration> POOL_CONNECTION_TIMEOUT = duration("hadoopdb.pool.connection-timeout", "30s",
            "How long to wait for a node connection before reporting the node unreachable.");

    // ---- reading chunks (the database connector) ------------------------------------------------

    public static final ConfigKey<Integer> CONNECTOR_FETCH_SIZE = integer("hadoopdb.connector.fetch-size", "10000",
            "Rows fetched per round trip by the server-side cursor that reads a chunk.");
    public static final ConfigKey<Duration> CONNECTOR_STATEMENT_TIMEOUT = duration("hadoopdb.connector.statement-timeout", "0",
            "PostgreSQL statement_timeout for a chunk query; 0 means none.");
    public static final ConfigKey<Duration> CONNECTOR_CONNECT_TIMEOUT = duration("hadoopdb.connector.connect-timeout", "10s",
            "How long a task waits to connect to a node before trying the chunk's next copy.");
    public static final ConfigKey<String> CONNECTOR_SESSION_SETTINGS = string("hadoopdb.connector.session-settings", "",
            "PostgreSQL settings for the session that reads a chunk, as name=value pairs separated by ';' (e.g. work_mem=256MB); "
                    + "the settings HadoopDB fixes for every node session (docs/cluster.md) cannot be changed here.");
    public static final ConfigKey<Integer> CONNECTOR_RESUME_MAX_ROWS = integer("hadoopdb.connector.resume-max-rows", "2000000",
            "Rows a chunk read may have handed on and still resume on another copy of the chunk when its node fails "
                    + "mid-read (the reader keeps a 16-byte digest of each, only when the chunk has a replica); past it, such a "
                    + "failure fails the read (on YARN the task's next attempt reads a replica). 0 turns the digests off: only "
                    + "reads that handed on no row yet resume.");

    // ---- query planning and execution -----------------------------------------------------------

    public static final ConfigKey<Integer> REDUCERS = integer("hadoopdb.reducers", "0",
            "Reduce tasks per stage for this session; 0 lets the planner size each stage from its estimated shuffle bytes.");
    public static final ConfigKey<Integer> PLAN_CACHE_ENTRIES = integer("hadoopdb.planner.cache-entries", "256",
            "Plans an engine keeps for statements run again on the same catalog version; 0 turns the cache off.");
    public static final ConfigKey<Integer> REDUCERS_MAX = integer("hadoopdb.reducers.max", "8",
            "Upper bound on the reduce tasks the planner gives a stage.");
    public static final ConfigKey<Long> REDUCERS_BYTES_PER_REDUCER = bytes("hadoopdb.reducers.bytes-per-reducer", "256MB",
            "Estimated shuffle bytes per reduce task when the planner sizes a stage.");
    public static final ConfigKey<Boolean> FETCH_DIRECT = bool("hadoopdb.fetch.direct", "true",
            "Read a small map-only result straight from the chunks without launching a job (Hive's fetch task).");
    public static final ConfigKey<Long> FETCH_DIRECT_MAX_ROWS = longInteger("hadoopdb.fetch.direct.max-rows", "100000",
            "The largest estimated result the planner reads directly instead of running a map-only job.");
    public static final ConfigKey<Integer> FETCH_DIRECT_PARALLEL = integer("hadoopdb.fetch.direct.parallel", "8",
            "Chunks a direct read reads at the same time.");

    public static final ConfigKey<Long> JOIN_BUFFER_BYTES = bytes("hadoopdb.join.buffer-bytes", "64MB",
            "Memory a reduce task gives one join key's rows of the first join input before spilling them to local disk.");

    public static final ConfigKey<Integer> STAGES_PARALLEL = integer("hadoopdb.stages.parallel", "2",
            "How many independent MapReduce stages of one query may run at the same time.");
    public static final ConfigKey<Duration> JOB_POLL_INTERVAL = duration("hadoopdb.exec.job-poll-interval", "5ms",
            "How often a query asks whether a stage's local job has ended, in its first 2 seconds (then at least every "
                    + "20 ms, after 10 s every 100 ms); a job on YARN is asked at most every 200 ms.");
    public static final ConfigKey<Long> JOIN_BROADCAST_MAX_BYTES = bytes("hadoopdb.join.broadcast.max-bytes", "32MB",
            "A join input estimated at most this large is computed once and joined in the map tasks of the other input "
                    + "(a broadcast join) instead of repartitioning both; 0 turns broadcast joins off.");

    // ---- loading (data-loader) -------------------------------------------------------------------

    public static final ConfigKey<Integer> LOAD_REPLICATION = integer("hadoopdb.load.replication", null,
            "Copies of each chunk of a new hashed or random table (1 = no replica). Default: 1 when every node is embedded, "
                    + "else 2; never more than the node count.");
    public static final ConfigKey<Integer> LOAD_CHUNKS_PER_NODE = integer("hadoopdb.load.chunks-per-node", "4",
            "Chunks on each node for a new table that sets neither hadoopdb.chunks-per-node, a bucket count nor hadoopdb.max-chunk-size.");
    public static final ConfigKey<String> LOAD_MAX_REJECTS = string("hadoopdb.load.max-rejects", "0",
            "Rejected input records a load tolerates: a count (e.g. 100) or a percentage of the records read (e.g. 0.5%). "
                    + "Past it the load fails and publishes nothing.");
    public static final ConfigKey<String> LOAD_REJECT_DIR = string("hadoopdb.load.reject-dir", null,
            "Directory (any Hadoop file system) that receives the reject files of loads. Default: <home>/rejects.");
    public static final ConfigKey<String> LOAD_WORK_DIR = string("hadoopdb.load.work-dir", null,
            "Directory (any Hadoop file system; HDFS on a cluster) for a load's intermediate per-node files, deleted when the "
                    + "load ends. Default: <scratch>/loads.");
    public static final ConfigKey<Integer> LOAD_TASK_ATTEMPTS = integer("hadoopdb.load.task-attempts", "2",
            "How many times a load runs a node's task (local partitioning, COPY, replication) before giving up.");
    public static final ConfigKey<Duration> LOAD_LOCK_TIMEOUT = duration("hadoopdb.load.lock-timeout", "5m",
            "A load's lock on its table expires this long after its last heartbeat (the loading process died); "
                    + "garbage collection then drops its staging data.");
    public static final ConfigKey<Duration> LOAD_LOCK_WAIT = duration("hadoopdb.load.lock-wait", "10m",
            "How long a load or INSERT waits for its table while another one writes it (concurrent writers of one table run "
                    + "one after the other); past it the statement fails, naming the writer. 0: fail at once.");
    public static final ConfigKey<String> LOAD_TASK_OBSERVER = string("hadoopdb.load.task-observer", "",
            "Class name of an org.hadoopdb.loader.job.LoadTaskObserver the loader calls at its checkpoints (a chunk's COPY "
                    + "half sent, a replica's first rows sent, just before publication); on the tasks' class path. Default: none.");

    // ---- query server (jdbc-driver: hadoopdb server) ---------------------------------------------

    public static final ConfigKey<Integer> SERVER_PORT = integer("hadoopdb.server.port", "8765",
            "TCP port of the query server (hadoopdb server); 0 picks a free port.");
    public static final ConfigKey<String> SERVER_BIND_ADDRESS = string("hadoopdb.server.bind-address", "127.0.0.1",
            "Address the query server listens on; 0.0.0.0 for every interface.");
    public static final ConfigKey<String> SERVER_AUTH = string("hadoopdb.server.auth", "basic",
            "Client authentication: basic (HTTP BASIC against the users file) or none (allowed only when the server "
                    + "listens on a loopback address).");
    public static final ConfigKey<Integer> SERVER_AUTH_MAX_FAILURES_PER_ADDRESS = integer(
            "hadoopdb.server.auth.max-failures-per-address", "20",
            "Failed logins from one client address within the failure window after which the query server refuses that "
                    + "address's logins (HTTP 429) without checking them until the window ends; 0 for no limit.");
    public static final ConfigKey<Integer> SERVER_AUTH_MAX_FAILURES_PER_USER = integer(
            "hadoopdb.server.auth.max-failures-per-user", "10",
            "Failed logins for one user name (known or not) within the failure window after which the query server refuses "
                    + "logins for that name (HTTP 429) without checking them until the window ends; 0 for no limit.");
    public static final ConfigKey<Duration> SERVER_AUTH_FAILURE_WINDOW = duration("hadoopdb.server.auth.failure-window", "5m",
            "How long failed logins count towards the limits, from the first one; a refused address or name is accepted "
                    + "again when it ends. A login that checks out clears the counts of its address and name.");
    public static final ConfigKey<String> SERVER_USERS_FILE = string("hadoopdb.server.users-file", null,
            "The users file (user:PBKDF2 hash per line, written by hadoopdb server add-user). Default: <home>/conf/users.");
    public static final ConfigKey<String> SERVER_TLS_KEYSTORE = string("hadoopdb.server.tls.keystore", null,
            "Key store with the server's certificate and key; set it to serve HTTPS (clients connect with ssl=true).");
    public static final ConfigKey<String> SERVER_TLS_KEYSTORE_PASSWORD = string("hadoopdb.server.tls.keystore-password", "",
            "Password of the TLS key store (and of its key).");
    public static final ConfigKey<String> SERVER_TLS_KEYSTORE_TYPE = string("hadoopdb.server.tls.keystore-type", "PKCS12",
            "Type of the TLS key store: PKCS12 or JKS.");
    public static final ConfigKey<Integer> SERVER_MAX_RUNNING = integer("hadoopdb.server.max-running-queries", "4",
            "Statements (queries, loads, inserts) the server runs at the same time; more wait in the queue.");
    public static final ConfigKey<Integer> SERVER_MAX_QUEUED = integer("hadoopdb.server.max-queued-queries", "64",
            "Statements that may wait for a running slot; past it a statement is refused at once (SQLState 53000).");
    public static final ConfigKey<Duration> SERVER_QUEUE_TIMEOUT = duration("hadoopdb.server.queue-timeout", "10m",
            "How long a statement waits in the queue before it fails (SQLState HYT00).");
    public static final ConfigKey<Duration> SERVER_IDLE_TIMEOUT = duration("hadoopdb.server.idle-timeout", "30m",
            "A client connection unused for this long is closed (clients that went away without closing).");
    public static final ConfigKey<Duration> SERVER_SHUTDOWN_GRACE = duration("hadoopdb.server.shutdown-grace", "30s",
            "At shutdown, how long running statements may finish before they are cancelled.");
    public static final ConfigKey<Integer> SERVER_THREADS = integer("hadoopdb.server.threads", "200",
            "Most HTTP requests the server handles at once (each waiting or running statement holds one).");
    public static final ConfigKey<Integer> SERVER_HS2_PORT = integer("hadoopdb.server.hs2.port", "10000",
            "TCP port of the HiveServer2 (Thrift binary) endpoint hadoopdb server starts beside the JDBC one; 0 picks a free "
                    + "port, -1 turns it off.");
    public static final ConfigKey<Integer> SERVER_UI_PORT = integer("hadoopdb.server.ui.port", "-1",
            "TCP port of the web console (queries, cluster, /metrics) hadoopdb server starts beside the query server; "
                    + "-1 (the default) turns it off, 0 picks a free port. Same users and TLS key store as the query server.");
    public static final ConfigKey<String> SERVER_UI_BIND_ADDRESS = string("hadoopdb.server.ui.bind-address", "127.0.0.1",
            "Address the web console listens on; 0.0.0.0 for every interface.");
    public static final ConfigKey<String> SERVER_UI_ADMINS = string("hadoopdb.server.ui.admins", null,
            "Users of the query server (comma-separated) who may cancel any user's statement from the web console; the others "
                    + "cancel only their own.");
    public static final ConfigKey<Integer> SERVER_UI_HISTORY = integer("hadoopdb.server.ui.history", "1000",
            "How many finished statements the query server keeps in memory for the web console (lost at a restart).");
    public static final ConfigKey<String> SERVER_HS2_BIND_ADDRESS = string("hadoopdb.server.hs2.bind-address", null,
            "Address the HiveServer2 endpoint listens on; empty for hadoopdb.server.bind-address.");
    public static final ConfigKey<Integer> SERVER_HS2_HTTP_PORT = integer("hadoopdb.server.hs2.http-port", "-1",
            "TCP port of the HiveServer2 endpoint's HTTP transport (path /cliservice, HTTP BASIC); -1 (the default) turns "
                    + "it off, 0 picks a free port.");

    // ---- the last stage in the client ----------------------------------------------------------

    public static final ConfigKey<Long> CLIENT_STAGE_MAX_ROWS = longInteger("hadoopdb.exec.client-stage.max-rows", "1000000",
            "Run a stage in the client instead of as a MapReduce job when it needs one reducer (or none), reads chunk statements "
                    + "or earlier stages' output, and at most this many rows enter it (PostgreSQL's estimate, or the rows earlier "
                    + "stages wrote); 0 runs every stage as a job.");
    public static final ConfigKey<Long> KEY_FILTER_MAX_KEYS = longInteger("hadoopdb.exec.key-filter.max-keys", "50000",
            "Filter the large input of an inner or semi broadcast join inside PostgreSQL by the small input's join keys "
                    + "(column = ANY(keys)), and a chunk statement repartition-joined with an earlier stage's output by that "
                    + "output's keys, when they are at most this many distinct keys; 0 turns it off.");
    public static final ConfigKey<Long> CLIENT_STAGE_MAX_BUFFERED_ROWS = longInteger("hadoopdb.exec.client-stage.max-buffered-rows",
            "2000000", "The most rows a stage run in the client holds; past it the stage stops reading and runs as a job.");
    public static final ConfigKey<Long> CLIENT_STAGE_MAX_BUFFER_BYTES = bytes("hadoopdb.exec.client-stage.max-buffer-bytes", "256MB",
            "The most memory a stage run in the client holds its rows in; past it the stage stops reading and runs as a job.");

    // ---- user functions (Hive UDF jars) ----------------------------------------------------------

    public static final ConfigKey<String> UDF_HIVE_LIB = string("hadoopdb.udf.hive-lib", null,
            "Local directory holding Hive's jars and HadoopDB's bridge to them (hive-exec, its few run-time libraries and "
                    + "hadoopdb-hive-udf-bridge), which user functions (CREATE FUNCTION ... AS 'class') are loaded with, in a "
                    + "class loader of their own; jobs on a cluster ship them to their tasks. Default: <home>/lib/hive-udf when "
                    + "it exists, else hive-udf-bridge/target/hive-lib of the source tree HadoopDB runs from (./mvnw package "
                    + "builds it).");

    // ---- factories -----------------------------------------------------------------------------

    static ConfigKey<String> string(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "string", description, s -> s));
    }

    static ConfigKey<Integer> integer(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "integer", description, ValueParsers::integer));
    }

    static ConfigKey<Long> longInteger(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "integer", description, ValueParsers::longValue));
    }

    static ConfigKey<Boolean> bool(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "boolean", description, ValueParsers::bool));
    }

    static ConfigKey<Long> bytes(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "size", description, ValueParsers::bytes));
    }

    static ConfigKey<Duration> duration(String name, String def, String description) {
        return register(new ConfigKey<>(name, def, "duration", description, ValueParsers::duration));
    }

    private static <T> ConfigKey<T> register(ConfigKey<T> key) {
        for (ConfigKey<?> k : ALL) {
            if (k.name().equals(key.name())) {
                throw new IllegalStateException("Configuration key declared twice: " + key.name());
            }
        }
        ALL.add(key);
        return key;
    }
}
