package org.hadoopdb.catalog.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogConflictException;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.Catalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog on a Hadoop {@link FileSystem}: a directory of immutable, numbered versions
 * ({@code catalog-00000007.xml}). Readers load one version and keep it for the whole query; writers
 * publish the next version atomically and never overwrite one.
 *
 * <p>Publishing version {@code n+1} writes a temporary file, then moves it to its final name with an
 * operation that fails if the name exists: a hard link on the local file system, a rename on HDFS
 * (whose rename refuses an existing destination). Of two writers that both read version {@code n},
 * exactly one wins; the other gets a {@link CatalogConflictException} and nothing is lost. The
 * directory must live on a file system with atomic create-or-fail rename (local disk, HDFS).
 *
 * <pre>{@code
 * CatalogStore store = new CatalogStore(new Path("hdfs://nn:8020/hadoopdb/catalog"), conf, "prod");
 * Catalog snapshot = store.load();                         // latest version
 * store.update("add node9", c -> c.withNode(node9));       // re-applied on conflict
 * }</pre>
 */
public final class CatalogStore {
    /** Parsed catalog versions, the most recently used last. */
    private static final java.util.Map<String, Catalog> PARSED = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Catalog> eldest) {
                    return size() > 8;
                }
            });

    private static final Logger LOG = LoggerFactory.getLogger(CatalogStore.class);
    private static final Pattern VERSION_FILE = Pattern.compile("catalog-(\\d{8,})\\.xml");
    private static final int UPDATE_ATTEMPTS = 20;

    private final Path dir;
    private final Configuration conf;
    private final String clusterName;
    private final int keepVersions;

    /**
     * @param dir          catalog directory (any Hadoop path: {@code file:/…}, {@code hdfs://…})
     * @param conf         Hadoop configuration used to reach the file system
     * @param clusterName  name given to a catalog created from nothing
     * @param keepVersions how many old versions to keep after publishing (at least 2)
     */
    public CatalogStore(Path dir, Configuration conf, String clusterName, int keepVersions) {
        this.dir = dir;
        this.conf = conf;
        this.clusterName = clusterName;
        this.keepVersions = Math.max(2, keepVersions);
    }

    public CatalogStore(Path dir, Configuration conf, String clusterName) {
        this(dir, conf, clusterName, 20);
    }

    public Path directory() {
        return dir;
    }

    /** The latest published version, or an empty catalog (version 0) if nothing was published yet. */
    public Catalog load() {
        long latest = latestVersion();
        return latest == 0 ? Catalog.empty(clusterName) : load(latest);
    }

    /**
     * One specific version; versions stay readable until pruned. A published version never changes, so
     * parsed versions are kept (a few, per file, length and modification time: a home destroyed and
     * created again reuses version numbers): every query reads its catalog, often more than once, and
     * parsing the XML costs about 20 ms.
     */
    public Catalog load(long version) {
        Path file = versionFile(version);
        try {
            org.apache.hadoop.fs.FileStatus status = fs().getFileStatus(file);
            String key = status.getPath() + "@" + status.getLen() + "@" + status.getModificationTime();
            Catalog cached = PARSED.get(key);
            if (cached != null) {
                return cached;
            }
            Catalog catalog;
            try (InputStream in = fs().open(file)) {
                catalog = CatalogXml.read(in, file.toString());
            }
            if (catalog.version() != version) {
                throw new CatalogException("Catalog file " + file + " says it is version " + catalog.version());
            }
            CatalogValidator.validate(catalog, file.toString());
            PARSED.put(key, catalog);
            return catalog;
        } catch (FileNotFoundException e) {
            throw new CatalogException("Catalog version " + version + " does not exist in " + dir
                    + " (it may have been pruned; the latest is " + latestVersion() + ")", e);
        } catch (IOException e) {
            throw new CatalogException("Cannot read catalog file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The highest published version number, 0 if none. */
    public long latestVersion() {
        List<Long> versions = versions();
        return versions.isEmpty() ? 0 : versions.get(versions.size() - 1);
    }

    /** All published versions still present, ascending. */
    public List<Long> versions() {
        try {
            FileSystem fs = fs();
            if (!fs.exists(dir)) {
                return List.of();
            }
            List<Long> versions = new ArrayList<>();
            for (FileStatus status : fs.listStatus(dir)) {
                Matcher m = VERSION_FILE.matcher(status.getPath().getName());
                if (m.matches()) {
                    versions.add(Long.parseLong(m.group(1)));
                }
            }
            versions.sort(null);
            return versions;
        } catch (IOException e) {
            throw new CatalogException("Cannot list catalog directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Publishes {@code next} as version {@code base.version() + 1}.
     *
     * @param base the snapshot {@code next} was derived from
     * @return {@code next} as published (with its new version number)
     * @throws CatalogConflictException if another writer published that version first (nothing is written)
     * @throws CatalogException if {@code next} is inconsistent (nothing is written)
     */
    public Catalog publish(Catalog base, Catalog next) {
        long version = base.version() + 1;
        Catalog stamped = next.asPublished(version, Instant.now().toString(), whoAmI());
        Path target = versionFile(version);
        CatalogValidator.validate(stamped, target.toString());
        byte[] xml = CatalogXml.toXml(stamped).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try {
            FileSystem fs = fs();
            fs.mkdirs(dir);
            Path tmpDir = new Path(dir, ".tmp");
            fs.mkdirs(tmpDir);
            Path tmp = new Path(tmpDir, target.getName() + "." + UUID.randomUUID());
            try (FSDataOutputStream out = fs.create(tmp, false)) {
                out.write(xml);
                out.hsync();
            }
            boolean won = createExclusively(fs, tmp, target);
            if (!won) {
                fs.delete(tmp, false);
                throw conflict(base, version);
            }
        } catch (IOException e) {
            throw new CatalogException("Cannot publish catalog version " + version + " to " + target + ": " + e.getMessage(), e);
        }
        LOG.info("Published catalog version {} to {}", version, dir);
        prune(version);
        return stamped;
    }

    /**
     * Applies {@code change} to the latest version and publishes the result, re-reading and re-applying
     * it if another writer got in first. {@code change} must be a pure function of its argument; it may
     * throw to abandon the update. Returns the published catalog (or the unchanged latest one if
     * {@code change} returned its argument).
     */
    public Catalog update(String what, UnaryOperator<Catalog> change) {
        CatalogConflictException last = null;
        for (int attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
            Catalog base = load();
            Catalog next = change.apply(base);
            if (next == base) {
                return base;
            }
            try {
                return publish(base, next);
            } catch (CatalogConflictException e) {
                last = e;
                LOG.debug("Catalog update '{}' lost a race at version {}; retrying", what, e.attemptedVersion());
                sleepBeforeRetry(attempt);
            }
        }
        throw new CatalogException("Gave up on catalog update '" + what + "' after " + UPDATE_ATTEMPTS
                + " conflicting concurrent writes to " + dir, last);
    }

    private CatalogConflictException conflict(Catalog base, long version) {
        String by = "another writer";
        try {
            Catalog winner = load(version);
            by = winner.publishedBy() + " at " + winner.publishedAt();
        } catch (CatalogException e) {
            LOG.debug("Could not read the conflicting catalog version {}", version, e);
        }
        return new CatalogConflictException("Catalog " + dir + " changed while you were working: version " + version
                + " was already published by " + by + " (your change was based on version " + base.version()
                + "). Nothing was overwritten; re-read the catalog and apply your change again.", base.version(), version);
    }

    /**
     * Moves {@code tmp} to {@code target} unless {@code target} exists, atomically. Hadoop's local file
     * system renames with {@code rename(2)}, which silently replaces; a hard link fails instead.
     */
    private static boolean createExclusively(FileSystem fs, Path tmp, Path target) throws IOException {
        if (isLocal(fs)) {
            java.nio.file.Path from = localPath(fs, tmp);
            java.nio.file.Path to = localPath(fs, target);
            try {
                Files.createLink(to, from);
            } catch (FileAlreadyExistsException e) {
                return false;
            }
            Files.delete(from);
            return true;
        }
        return fs.rename(tmp, target);
    }

    private static boolean isLocal(FileSystem fs) {
        return "file".equals(fs.getUri().getScheme());
    }

    private static java.nio.file.Path localPath(FileSystem fs, Path p) {
        return java.nio.file.Paths.get(fs.makeQualified(p).toUri());
    }

    private void prune(long newest) {
        List<Long> versions = versions();
        int excess = versions.size() - keepVersions;
        for (int i = 0; i < excess; i++) {
            long v = versions.get(i);
            if (v >= newest) {
                break;
            }
            try {
                fs().delete(versionFile(v), false);
            } catch (IOException e) {
                LOG.warn("Could not prune old catalog version {} in {}: {}", v, dir, e.getMessage());
            }
        }
    }

    private Path versionFile(long version) {
        return new Path(dir, String.format("catalog-%08d.xml", version));
    }

    private FileSystem fs() throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        // Hadoop's local file system writes .crc side files; the raw one keeps the directory clean.
        if (fs instanceof org.apache.hadoop.fs.LocalFileSystem local) {
            return local.getRawFileSystem();
        }
        return fs;
    }

    private static void sleepBeforeRetry(int attempt) {
        try {
            Thread.sleep(Math.min(1000, 10L << Math.min(attempt, 6)) + (long) (Math.random() * 20));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CatalogException("Interrupted while retrying a catalog update", e);
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
