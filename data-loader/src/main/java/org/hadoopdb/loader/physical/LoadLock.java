package org.hadoopdb.loader.physical;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.loader.LoaderException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A table's load (or drop) in progress, as a lock file in {@code <catalog>/loads/} that its holder
 * touches every few seconds. It keeps two loads of one table from running at once, and tells
 * garbage collection which loads are alive: a lock not touched for {@code hadoopdb.load.lock-timeout}
 * belongs to a process that died, and is taken over. The lock lives next to the catalog so every
 * client of the cluster (on HDFS, every machine) sees it.
 *
 * <pre>{@code
 * try (LoadLock lock = LoadLock.acquire(store.directory(), conf, "uservisits", loadId, "load", timeout)) {
 *     ... load, publish ...
 * }
 * }</pre>
 */
public final class LoadLock implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LoadLock.class);
    static final String DIR = "loads";
    private static final String SUFFIX = ".lock";

    private final FileSystem fs;
    private final Path file;
    private final String loadId;
    private final ScheduledExecutorService heartbeat;

    private LoadLock(FileSystem fs, Path file, String loadId, Duration timeout) {
        this.fs = fs;
        this.file = file;
        this.loadId = loadId;
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hadoopdb-load-heartbeat-" + loadId);
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1, Math.min(30, timeout.toSeconds() / 4));
        heartbeat.scheduleAtFixedRate(this::touch, period, period, TimeUnit.SECONDS);
    }

    /**
     * Takes the lock of {@code table} for the load {@code loadId}, taking over a lock whose holder
     * stopped touching it more than {@code timeout} ago.
     *
     * @throws LoaderException naming the holder when another live load or drop holds it
     */
    public static LoadLock acquire(Path catalogDir, Configuration conf, String table, String loadId, String purpose,
                                   Duration timeout) {
        return acquire(catalogDir, conf, table, loadId, purpose, timeout, Duration.ZERO, message -> { });
    }

    /**
     * As {@link #acquire(Path, Configuration, String, String, String, Duration)}, waiting up to {@code wait} while
     * another live load holds the lock (concurrent inserts into one table run one after the other, as a client
     * writing from several threads, such as Spark's JDBC writer, expects); {@code waiting} hears once whom it
     * waits for.
     *
     * @throws LoaderException naming the holder when the lock is still held after {@code wait}, or when the
     *                         waiting thread is interrupted (its statement was cancelled)
     */
    public static LoadLock acquire(Path catalogDir, Configuration conf, String table, String loadId, String purpose,
                                   Duration timeout, Duration wait, java.util.function.Consumer<String> waiting) {
        long deadline = System.nanoTime() + wait.toNanos();
        long pauseMs = 20;
        boolean told = false;
        while (true) {
            try {
                return acquireOnce(catalogDir, conf, table, loadId, purpose, timeout);
            } catch (Busy busy) {
                if (System.nanoTime() >= deadline) {
                    throw busy;
                }
                if (!told) {
                    waiting.accept("Waiting for table '" + table + "': " + busy.holder());
                    told = true;
                }
                try {
                    Thread.sleep(pauseMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LoaderException("Cancelled while waiting for table '" + table + "': " + busy.holder(), e);
                }
                pauseMs = Math.min(1000, pauseMs * 2);
            }
        }
    }

    /** Another live load or drop holds the table's lock. */
    private static final class Busy extends LoaderException {
        private final String holder;

        Busy(String table, String holder, String advice) {
            super("Table '" + table + "' is busy: " + holder + ". " + advice);
            this.holder = holder;
        }

        String holder() {
            return holder;
        }
    }

    private static LoadLock acquireOnce(Path catalogDir, Configuration conf, String table, String loadId, String purpose,
                                        Duration timeout) {
        FileSystem fs = fileSystem(catalogDir, conf);
        Path file = new Path(new Path(catalogDir, DIR), URLEncoder.encode(table, StandardCharsets.UTF_8) + SUFFIX);
        Properties p = new Properties();
        p.setProperty("load", loadId);
        p.setProperty("table", table);
        p.setProperty("purpose", purpose);
        p.setProperty("by", whoAmI());
        p.setProperty("started", Instant.now().toString());
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                fs.mkdirs(file.getParent());
                if (createExclusively(fs, file, p)) {
                    return new LoadLock(fs, file, loadId, timeout);
                }
                FileStatus st = fs.getFileStatus(file);
                Properties holder = read(fs, file);
                long idleMs = System.currentTimeMillis() - st.getModificationTime();
                if (idleMs <= timeout.toMillis()) {
                    throw new Busy(table, holder.getProperty("purpose", "a load") + " " + holder.getProperty("load", "?") + " by "
                            + holder.getProperty("by", "?") + " has been running since " + holder.getProperty("started", "?"),
                            "Try again when it finishes (if that process died, its lock " + file + " expires "
                            + timeout.toSeconds() + " s after its last heartbeat)");
                }
                LOG.warn("Taking over the lock of table '{}' from {} {} (no heartbeat for {} s)", table,
                        holder.getProperty("purpose"), holder.getProperty("load"), idleMs / 1000);
                fs.delete(file, false);
            } catch (FileNotFoundException e) {
                LOG.debug("Lock {} vanished while being read; retrying", file);
            } catch (IOException e) {
                throw new LoaderException("Cannot take the load lock " + file + " of table '" + table + "': " + e.getMessage(), e);
            }
        }
        throw new LoaderException("Cannot take the load lock " + file + " of table '" + table
                + "': another process took it at the same time; try again");
    }

    /** The ids of the loads whose locks are alive (touched within {@code timeout}). */
    public static Map<String, String> liveLoads(Path catalogDir, Configuration conf, Duration timeout) {
        FileSystem fs = fileSystem(catalogDir, conf);
        Path dir = new Path(catalogDir, DIR);
        Map<String, String> live = new HashMap<>();
        try {
            if (!fs.exists(dir)) {
                return live;
            }
            long now = System.currentTimeMillis();
            for (FileStatus st : fs.listStatus(dir)) {
                if (!st.getPath().getName().endsWith(SUFFIX) || now - st.getModificationTime() > timeout.toMillis()) {
                    continue;
                }
                try {
                    Properties p = read(fs, st.getPath());
                    live.put(p.getProperty("load", ""), p.getProperty("table", ""));
                } catch (FileNotFoundException e) {
                    LOG.debug("Lock {} released while listing", st.getPath());
                }
            }
        } catch (IOException e) {
            throw new LoaderException("Cannot list the load locks in " + dir + ": " + e.getMessage(), e);
        }
        return live;
    }

    /**
     * Deletes the locks whose holders stopped touching them more than {@code timeout} ago (their
     * process died): what {@link #acquire} would take over.
     *
     * @return the deleted lock files
     */
    public static List<String> removeStale(Path catalogDir, Configuration conf, Duration timeout) {
        FileSystem fs = fileSystem(catalogDir, conf);
        Path dir = new Path(catalogDir, DIR);
        List<String> removed = new ArrayList<>();
        try {
            if (!fs.exists(dir)) {
                return removed;
            }
            for (FileStatus st : fs.listStatus(dir)) {
                if (st.getPath().getName().endsWith(SUFFIX) && stale(fs, st.getPath(), timeout)) {
                    LOG.info("Removing the stale load lock {} (no heartbeat for over {} s)", st.getPath(), timeout.toSeconds());
                    fs.delete(st.getPath(), false);
                    removed.add(st.getPath().toString());
                }
            }
        } catch (IOException e) {
            throw new LoaderException("Cannot remove the stale load locks in " + dir + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /** Checked again just before deleting: a load may have taken the lock over since it was listed. */
    private static boolean stale(FileSystem fs, Path file, Duration timeout) throws IOException {
        try {
            return System.currentTimeMillis() - fs.getFileStatus(file).getModificationTime() > timeout.toMillis();
        } catch (FileNotFoundException e) {
            return false;
        }
    }

    public String loadId() {
        return loadId;
    }

    private void touch() {
        try {
            fs.setTimes(file, System.currentTimeMillis(), -1);
        } catch (IOException e) {
            LOG.warn("Could not refresh the load lock {}: {}", file, e.getMessage());
        }
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        try {
            Properties p = read(fs, file);
            if (loadId.equals(p.getProperty("load"))) {
                fs.delete(file, false);
            }
        } catch (FileNotFoundException e) {
            LOG.debug("Load lock {} was already gone", file);
        } catch (IOException e) {
            LOG.warn("Could not release the load lock {} ({}); it expires by itself", file, e.getMessage());
        }
    }

    private static boolean createExclusively(FileSystem fs, Path file, Properties p) throws IOException {
        byte[] content = format(p);
        if ("file".equals(fs.getUri().getScheme())) {
            java.nio.file.Path local = Paths.get(fs.makeQualified(file).toUri());
            try {
                Files.write(local, content, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
                return true;
            } catch (FileAlreadyExistsException e) {
                return false;
            }
        }
        try (OutputStream out = fs.create(file, false)) {
            out.write(content);
            return true;
        } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
            return false;
        }
    }

    private static byte[] format(Properties p) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        p.store(bytes, "HadoopDB load lock");
        return bytes.toByteArray();
    }

    private static Properties read(FileSystem fs, Path file) throws IOException {
        Properties p = new Properties();
        try (InputStream in = fs.open(file)) {
            p.load(in);
        }
        return p;
    }

    static FileSystem fileSystem(Path dir, Configuration conf) {
        try {
            FileSystem fs = dir.getFileSystem(conf);
            return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
        } catch (IOException e) {
            throw new LoaderException("Cannot reach the file system of " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String whoAmI() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown-host";
        }
        return System.getProperty("user.name") + "@" + host + " pid " + ProcessHandle.current().pid();
    }
}
