package org.hadoopdb.cluster.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One embedded PostgreSQL server: a data directory under the home and a {@code postgres} process
 * started with {@code pg_ctl}. The process outlives the JVM that started it (so {@code cluster start}
 * can leave nodes running); {@link EmbeddedCluster} decides when to stop it.
 *
 * <pre>
 * &lt;home&gt;/nodes/node1/data          PGDATA
 * &lt;home&gt;/nodes/node1/postgres.log   server log
 * </pre>
 */
public final class EmbeddedNode {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedNode.class);
    /** The database that holds chunks on every node. */
    public static final String DATABASE = "hadoopdb";
    public static final String SUPERUSER = "postgres";
    private static final String SETTINGS_FILE = "hadoopdb.conf";

    private final String id;
    private final Path dir;
    private final int port;
    private final String password;

    /** A node in {@code dir} listening on {@code port}, whose superuser has (or will be given) {@code password}. */
    public EmbeddedNode(String id, Path dir, int port, String password) {
        this.id = id;
        this.dir = dir;
        this.port = port;
        this.password = password;
    }

    public String id() {
        return id;
    }

    public int port() {
        return port;
    }

    public Path dataDir() {
        return dir.resolve("data");
    }

    public Path logFile() {
        return dir.resolve("postgres.log");
    }

    public String jdbcUrl() {
        return jdbcUrl(DATABASE);
    }

    String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + port + "/" + database;
    }

    public boolean isInitialized() {
        return Files.isRegularFile(dataDir().resolve("PG_VERSION"));
    }

    /**
     * Creates the data directory with {@code initdb}: UTF-8, C locale (code point order, as in Hive),
     * the superuser's password set from the start and {@link HbaFile} in place before the first start.
     */
    public void initdb() {
        if (isInitialized()) {
            throw new EmbeddedClusterException("Embedded node " + id + " already has a database in " + dataDir());
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot create the directory of embedded node " + id + ": " + dir, e);
        }
        // initdb reads the password from a file; it gets the SCRAM verifier, never the password itself
        Path pwfile = dir.resolve("initdb-password");
        try {
            Files.writeString(Files.createFile(pwfile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
                    ScramVerifier.of(password) + "\n", StandardCharsets.UTF_8);
            run("initdb", List.of("-D", dataDir().toString(), "-U", SUPERUSER, "-A", "scram-sha-256", "--pwfile=" + pwfile,
                    "-E", "UTF8", "--locale=C", "--no-instructions"), Duration.ofMinutes(2));
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot write the initdb password file of embedded node " + id + ": " + pwfile, e);
        } finally {
            try {
                Files.deleteIfExists(pwfile);
            } catch (IOException e) {
                LOG.warn("Could not delete {}: {}", pwfile, e.getMessage());
            }
        }
        HbaFile.write(dataDir());
        appendInclude();
    }

    private void appendInclude() {
        Path conf = dataDir().resolve("postgresql.conf");
        try {
            Files.writeString(conf, "\n# HadoopDB writes its settings to " + SETTINGS_FILE + " at every start\ninclude_if_exists = '"
                    + SETTINGS_FILE + "'\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot configure embedded node " + id + " (" + conf + ")", e);
        }
    }

    /** Starts the server with {@code settings} (written to its settings file) and waits until it accepts connections. */
    public void start(Map<String, String> settings, Duration timeout) {
        if (!isInitialized()) {
            throw new EmbeddedClusterException("Embedded node " + id + " has no data directory at " + dataDir()
                    + "; run 'hadoopdb cluster init'");
        }
        if (isRunning()) {
            return;
        }
        if (portInUse()) {
            throw new EmbeddedClusterException("Cannot start embedded node " + id + ": port " + port + " is used by another process. "
                    + "Stop that process, or re-create the cluster with 'hadoopdb cluster init --base-port P'.");
        }
        writeSettings(settings);
        LOG.info("Starting embedded node {} on port {}", id, port);
        run("pg_ctl", List.of("-D", dataDir().toString(), "-l", logFile().toString(), "-w", "-t",
                Long.toString(Math.max(1, timeout.toSeconds())), "start"), timeout.plusSeconds(10));
        if (!isPasswordProtected()) {
            requirePassword();
        }
        ensureDatabase();
    }

    /** True when the node's {@code pg_hba.conf} is HadoopDB's (SCRAM passwords, loopback only). */
    public boolean isPasswordProtected() {
        return HbaFile.isCurrent(dataDir());
    }

    /**
     * Migrates a running node of a home created before the nodes had a password (it lets any local
     * user in with {@code trust}): sets the superuser's password, replaces {@code pg_hba.conf} and
     * reloads it, then waits until the server refuses a wrong password. The data stays as it was.
     */
    public void requirePassword() {
        LOG.info("Embedded node {} accepts local connections without a password: setting its password and requiring it", id);
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), SUPERUSER, password);
             Statement s = c.createStatement()) {
            s.execute("ALTER ROLE " + SUPERUSER + " PASSWORD '" + ScramVerifier.of(password) + "'");
            HbaFile.write(dataDir());
            s.execute("SELECT pg_reload_conf()");
        } catch (SQLException e) {
            throw new EmbeddedClusterException("Cannot set the password of embedded node " + id + ": " + e.getMessage(), e);
        }
        awaitPasswordRequired(Duration.ofSeconds(30));
    }

    /** The reload is asynchronous: new connections get the new rules once the postmaster has read them. */
    private void awaitPasswordRequired(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), SUPERUSER, "not-the-password")) {
                sleep(Duration.ofMillis(100));
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("28")) {
                    return;
                }
                throw new EmbeddedClusterException("Embedded node " + id + " failed while reloading its pg_hba.conf: " + e.getMessage(), e);
            }
        }
        throw new EmbeddedClusterException("Embedded node " + id + " still accepts a wrong password " + timeout.toSeconds()
                + "s after its pg_hba.conf was replaced; see " + logFile());
    }

    private void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedClusterException("Interrupted while waiting for embedded node " + id + " to reload its pg_hba.conf", e);
        }
    }

    private void writeSettings(Map<String, String> settings) {
        StringBuilder sb = new StringBuilder("# Written by HadoopDB at each start; edit hadoopdb.embedded.* settings instead.\n");
        settings.forEach((k, v) -> sb.append(k).append(" = ").append(v).append('\n'));
        try {
            Files.writeString(dataDir().resolve(SETTINGS_FILE), sb.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot write the settings of embedded node " + id, e);
        }
    }

    private void ensureDatabase() {
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), SUPERUSER, password);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + DATABASE + " TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
            }
        } catch (SQLException e) {
            throw new EmbeddedClusterException("Embedded node " + id + " started but its database could not be prepared: "
                    + e.getMessage(), e);
        }
    }

    /** Stops the server (fast shutdown: open sessions are rolled back) and waits for it to exit. */
    public void stop() {
        if (!isRunning()) {
            return;
        }
        LOG.info("Stopping embedded node {}", id);
        run("pg_ctl", List.of("-D", dataDir().toString(), "-m", "fast", "-w", "-t", "60", "stop"), Duration.ofSeconds(90));
    }

    /** True when a live postmaster owns the data directory. */
    public boolean isRunning() {
        return postmasterPid().map(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).orElse(false);
    }

    /** The postmaster's process id from {@code postmaster.pid}, if the file exists. */
    public Optional<Long> postmasterPid() {
        Path pidFile = dataDir().resolve("postmaster.pid");
        try {
            if (!Files.isRegularFile(pidFile)) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(pidFile);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            LOG.debug("Unreadable {}: {}", pidFile, e.toString());
            return Optional.empty();
        }
    }

    /** True when the server answers a query. */
    public boolean acceptsConnections() {
        try (Connection c = DriverManager.getConnection(jdbcUrl(), SUPERUSER, password);
             Statement s = c.createStatement()) {
            s.execute("SELECT 1");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private boolean portInUse() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("localhost", port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Bytes used by the node's directory (data and log). */
    public long diskUsage() {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0; // a file removed while we walk (a temp file of the running server)
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
    }

    private void run(String tool, List<String> args, Duration timeout) {
        List<String> cmd = PostgresBinaries.get().command(tool, args);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            // pg_ctl's postmaster inherits no pipe of ours (it logs to -l), so reading to EOF is safe.
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new EmbeddedClusterException(tool + " for embedded node " + id + " did not finish within " + timeout.toSeconds() + "s");
            }
            if (p.exitValue() != 0) {
                throw new EmbeddedClusterException(tool + " failed for embedded node " + id + " (exit " + p.exitValue() + "): "
                        + new String(output, StandardCharsets.UTF_8).trim() + tailOfLog());
            }
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot run " + cmd.get(cmd.size() - args.size() - 1) + " for embedded node " + id
                    + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedClusterException("Interrupted while running " + tool + " for embedded node " + id, e);
        }
    }

    private String tailOfLog() {
        try {
            if (!Files.isRegularFile(logFile())) {
                return "";
            }
            List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
            List<String> tail = new ArrayList<>(lines.subList(Math.max(0, lines.size() - 8), lines.size()));
            return "\nLast lines of " + logFile() + ":\n  " + String.join("\n  ", tail);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    @Override
    public String toString() {
        return id + "@localhost:" + port;
    }
}
