package org.hadoopdb.benchmarks.server;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.engine.session.HadoopDbEngine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The query server under load: N concurrent JDBC clients, each on its own connection, run a mix of
 * the Pavlo et al. queries (selection, aggregation, join) for a fixed time; prints throughput, p50
 * and p95 latency per query and overall, errors, and whether connections or PostgreSQL backends
 * were left behind. Needs Rankings and UserVisits loaded (e.g. by the load benchmark with --keep).
 *
 * <pre>
 * java -cp benchmarks/target/classes:benchmarks/target/lib/* org.hadoopdb.benchmarks.server.ServerLoadBenchmark \
 *      --home /tmp/bench-home --clients 32 --duration 5m
 * </pre>
 * With {@code --home} the server runs in this process (loopback, no authentication) so leaks can be
 * checked; with {@code --url} it measures a running {@code hadoopdb server}.
 */
@Command(name = "server-load", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Concurrent JDBC clients running the Pavlo queries against a query server.")
public final class ServerLoadBenchmark implements Callable<Integer> {
    /** The mix: the paper's selection, aggregation and join tasks; {@code ?} is the selection's pageRank threshold. */
    static final List<Query> QUERIES = List.of(
            new Query("selection", "SELECT pageurl, pagerank FROM rankings WHERE pagerank > ?"),
            new Query("aggregation", "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip"),
            new Query("aggregation-small", "SELECT SUBSTR(sourceip, 1, 7), SUM(adrevenue) FROM uservisits "
                    + "GROUP BY SUBSTR(sourceip, 1, 7)"),
            new Query("join", "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
                    + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
                    + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
                    + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1"));

    @Option(names = "--home", paramLabel = "DIR", description = "Run the server in this process on this home.")
    Path home;

    @Option(names = "--url", paramLabel = "URL", description = "Or: measure a running server (jdbc:hadoopdb://host:port).")
    String url;

    @Option(names = "--user", description = "User on the server (with --url).")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE", description = "Password (first line), with --user.")
    Path passwordFile;

    @Option(names = "--clients", defaultValue = "32", description = "Concurrent clients (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--duration", defaultValue = "PT2M", description = "How long the clients run, ISO-8601 (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--threshold", defaultValue = "10", description = "Selection pageRank threshold (default ${DEFAULT-VALUE}).")
    int threshold;

    @Option(names = "--max-running", defaultValue = "4", description = "With --home: hadoopdb.server.max-running-queries.")
    int maxRunning;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ServerLoadBenchmark()).execute(args));
    }

    /** One query of the mix. */
    record Query(String name, String sql) {
    }

    /** What one client measured. */
    record Sample(int query, long nanos, boolean ok) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if ((home == null) == (url == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Give either --home or --url");
        }
        if (url != null) {
            Report r = measure(url, credentials());
            r.print(out, clients, duration);
            return r.errors == 0 ? 0 : 1;
        }
        HadoopDbConfig config = HadoopDbConfig.builder().home(home).build();
        try (HadoopDbEngine engine = HadoopDbEngine.start(config, s -> spec.commandLine().getErr().println(s))) {
            int backendsBefore = backends(engine);
            ServerSettings settings = new ServerSettings(0, "127.0.0.1", false, null, null, "", "PKCS12", maxRunning,
                    clients * 2, Duration.ofHours(1), Duration.ofMinutes(30), Duration.ofSeconds(30), clients * 4 + 16);
            Report r;
            int openAfter;
            try (QueryServer server = QueryServer.start(engine, settings)) {
                r = measure(server.jdbcUrl(), new Properties());
                openAfter = server.connections();
            }
            int backendsAfter = backends(engine);
            r.print(out, clients, duration);
            out.printf(Locale.ROOT, "server connections left open: %d; PostgreSQL client backends before %d, after %d%n",
                    openAfter, backendsBefore, backendsAfter);
            out.flush();
            return r.errors == 0 && openAfter == 0 && backendsAfter <= backendsBefore ? 0 : 1;
        }
    }

    private Properties credentials() throws java.io.IOException {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
            p.setProperty("password", passwordFile == null ? "" : Files.readAllLines(passwordFile, StandardCharsets.UTF_8).get(0));
        }
        return p;
    }

    /** Client backends on every node (the pools' idle connections included). */
    private static int backends(HadoopDbEngine engine) throws SQLException {
        int n = 0;
        for (NodeInfo node : engine.catalog().nodes()) {
            try (Connection c = engine.pools().connect(node); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                         + "AND pid <> pg_backend_pid()")) {
                rs.next();
                n += rs.getInt(1);
            }
        }
        return n;
    }

    private Report measure(String jdbcUrl, Properties credentials) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<List<Sample>>> futures = new ArrayList<>();
        long started = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            int client = c;
            futures.add(pool.submit(() -> runClient(jdbcUrl, credentials, client, end)));
        }
        List<Sample> samples = new ArrayList<>();
        for (Future<List<Sample>> f : futures) {
            samples.addAll(f.get());
        }
        pool.shutdown();
        return new Report(samples, System.nanoTime() - started);
    }

    private List<Sample> runClient(String jdbcUrl, Properties credentials, int client, long end) throws SQLException {
        List<Sample> samples = new ArrayList<>();
        PrintWriter err = spec.commandLine().getErr();
        try (Connection c = DriverManager.getConnection(jdbcUrl, credentials)) {
            for (int i = client; System.nanoTime() < end; i++) {
                int q = i % QUERIES.size();
                long t0 = System.nanoTime();
                boolean ok = true;
                try (PreparedStatement p = c.prepareStatement(QUERIES.get(q).sql())) {
                    if (p.getParameterMetaData().getParameterCount() > 0) {
                        p.setInt(1, threshold);
                    }
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            rs.getObject(1);
                        }
                    }
                } catch (SQLException e) {
                    ok = false;
                    synchronized (err) {
                        err.println("client " + client + ", " + QUERIES.get(q).name() + ": " + e.getMessage());
                        err.flush();
                    }
                }
                samples.add(new Sample(q, System.nanoTime() - t0, ok));
            }
        }
        return samples;
    }

    /** Throughput and latency percentiles of a run. */
    static final class Report {
        final List<Sample> samples;
        final long nanos;
        final long errors;

        Report(List<Sample> samples, long nanos) {
            this.samples = samples;
            this.nanos = nanos;
            this.errors = samples.stream().filter(s -> !s.ok()).count();
        }

        void print(PrintWriter out, int clients, Duration duration) {
            out.printf(Locale.ROOT, "Server load: %d clients for %s: %d queries, %.2f queries/s, %d errors%n", clients,
                    duration, samples.size(), samples.size() / (nanos / 1e9), errors);
            out.printf(Locale.ROOT, "%-18s %8s %10s %10s%n", "query", "count", "p50 ms", "p95 ms");
            for (int q = 0; q < QUERIES.size(); q++) {
                int query = q;
                line(out, QUERIES.get(q).name(), samples.stream().filter(s -> s.query() == query && s.ok())
                        .mapToLong(Sample::nanos).toArray());
            }
            line(out, "all", samples.stream().filter(Sample::ok).mapToLong(Sample::nanos).toArray());
            out.flush();
        }

        private static void line(PrintWriter out, String name, long[] nanos) {
            Arrays.sort(nanos);
            out.printf(Locale.ROOT, "%-18s %8d %10.1f %10.1f%n", name, nanos.length, percentile(nanos, 0.50) / 1e6,
                    percentile(nanos, 0.95) / 1e6);
        }

        static double percentile(long[] sorted, double p) {
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int i = (int) Math.ceil(p * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }
    }
}
