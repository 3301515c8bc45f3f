package org.hadoopdb.catalog.config;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.hadoopdb.catalog.store.CatalogStore;

/**
 * The layout of a HadoopDB home directory:
 *
 * <pre>
 * &lt;home&gt;/
 *   conf/hadoopdb-site.xml   optional configuration
 *   catalog/                 catalog versions (unless hadoopdb.catalog.path points elsewhere)
 *   nodes/&lt;node-id&gt;/         embedded PostgreSQL data directories and their server logs
 *   scratch/                 intermediate query results and load work files (local jobs)
 *   scratch/local/&lt;pid&gt;-&lt;id&gt;/  Hadoop's local runner's directories of one query or load (LocalJobDirs)
 *   logs/hadoopdb.log        full log of every command
 *   run/                     locks and leases of processes using the embedded nodes
 * </pre>
 */
public final class HadoopDbHome {
    private final Path root;
    private final HadoopDbConfig config;

    HadoopDbHome(Path root, HadoopDbConfig config) {
        this.root = root;
        this.config = config;
    }

    public Path root() {
        return root;
    }

    public Path confDir() {
        return root.resolve("conf");
    }

    public Path nodesDir() {
        return root.resolve("nodes");
    }

    public Path nodeDir(String nodeId) {
        return nodesDir().resolve(nodeId);
    }

    public Path logsDir() {
        return root.resolve("logs");
    }

    public Path runDir() {
        return root.resolve("run");
    }

    /**
     * Scratch space on this machine's disk: Hadoop's local directories when jobs run in this process.
     * {@code hadoopdb.scratch.dir} when it names a local directory, else {@code <home>/scratch}.
     */
    public Path scratchDir() {
        return config.getIfSet(ConfigKeys.SCRATCH_DIR).flatMap(HadoopDbHome::localPath).orElse(root.resolve("scratch"));
    }

    /**
     * Where Hadoop's local runner keeps the directories of each running query and load
     * ({@link LocalJobDirs}): {@code <scratch>/local}.
     */
    public Path localJobsDir() {
        return scratchDir().resolve("local");
    }

    /**
     * Scratch space every task of a job can reach: intermediate query results, a load's work files,
     * the jars shipped to tasks. {@code hadoopdb.scratch.dir} when set (a path without a scheme is on
     * the default file system, as Hadoop resolves it); else {@code <home>/scratch} when jobs run in this
     * process, and on a cluster {@code /tmp/hadoopdb-<user>} on the default file system
     * ({@code fs.defaultFS}, HDFS), since a task on another machine cannot read this one's disk.
     */
    public org.apache.hadoop.fs.Path jobScratch() {
        Optional<String> set = config.getIfSet(ConfigKeys.SCRATCH_DIR);
        if (set.isPresent()) {
            return new org.apache.hadoop.fs.Path(set.get());
        }
        if (config.jobsRunLocally()) {
            return new org.apache.hadoop.fs.Path(root.resolve("scratch").toUri());
        }
        URI fs = FileSystem.getDefaultUri(config.hadoopConf());
        return new org.apache.hadoop.fs.Path(fs.resolve("/tmp/hadoopdb-" + hadoopUser()));
    }

    /**
     * Refuses a directory that a cluster's tasks cannot read: one on this machine's disk while the
     * cluster's default file system is a shared one (HDFS).
     *
     * @param what the setting, for the message (e.g. {@code "hadoopdb.catalog.path"})
     * @throws ConfigException naming the setting, the path and what to do
     */
    public void requireReachableByTasks(org.apache.hadoop.fs.Path dir, String what) {
        if (config.jobsRunLocally()) {
            return;
        }
        String scheme = dir.toUri().getScheme();
        String defaultScheme = FileSystem.getDefaultUri(config.hadoopConf()).getScheme();
        boolean local = "file".equals(scheme) || (scheme == null && "file".equals(defaultScheme));
        if (local && !"file".equals(defaultScheme)) {
            throw new ConfigException(what + " is " + dir + ", on this machine's disk, but jobs run on a cluster ("
                    + "mapreduce.framework.name=" + config.hadoopConf().get("mapreduce.framework.name") + ") whose tasks on other "
                    + "machines cannot read it: set " + what + " to a directory on " + FileSystem.getDefaultUri(config.hadoopConf())
                    + " (docs/cluster.md)");
        }
    }

    private static Optional<Path> localPath(String value) {
        URI uri = new org.apache.hadoop.fs.Path(value).toUri();
        if (uri.getScheme() == null) {
            return Optional.of(Path.of(uri.getPath()));
        }
        return "file".equals(uri.getScheme()) ? Optional.of(Path.of(uri)) : Optional.empty();
    }

    private static String hadoopUser() {
        try {
            return UserGroupInformation.getCurrentUser().getShortUserName();
        } catch (IOException e) {
            return System.getProperty("user.name");
        }
    }

    /** The catalog directory as a Hadoop path ({@code hadoopdb.catalog.path}, default {@code <home>/catalog}). */
    public org.apache.hadoop.fs.Path catalogPath() {
        return config.getIfSet(ConfigKeys.CATALOG_PATH).map(org.apache.hadoop.fs.Path::new)
                .orElse(new org.apache.hadoop.fs.Path(root.resolve("catalog").toUri()));
    }

    /** The catalog store this home's configuration points at. */
    public CatalogStore catalogStore() {
        Configuration conf = config.hadoopConf();
        return new CatalogStore(catalogPath(), conf, config.get(ConfigKeys.CLUSTER_NAME),
                config.get(ConfigKeys.CATALOG_KEEP_VERSIONS));
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
