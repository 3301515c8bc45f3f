package org.hadoopdb.catalog.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directories Hadoop's local runner writes while one query or load runs (its map outputs and
 * shuffle, the job's local copy, the submission's staging files): {@code <scratch>/local/<pid>-<name>},
 * deleted by {@link #delete()} when the query or load ends. Hadoop's defaults put them under
 * {@code /tmp/hadoop-<user>}, where nothing ever removes what a failed or cancelled job leaves.
 *
 * <p>A directory named after a process that is gone is an orphan: {@link #removeOrphans} deletes it
 * ({@code hadoopdb cluster gc}).
 */
public final class LocalJobDirs {
    private static final Logger LOG = LoggerFactory.getLogger(LocalJobDirs.class);
    static final String TMP_DIR = "hadoop.tmp.dir";
    // derived from hadoop.tmp.dir in Hadoop's defaults: a user's hadoop.tmp.dir moves them too
    static final String LOCAL_DIR = "mapreduce.cluster.local.dir";
    static final String STAGING_DIR = "mapreduce.jobtracker.staging.root.dir";

    private final Path dir;

    private LocalJobDirs(Path dir) {
        this.dir = dir;
    }

    /** The directories of the run {@code name} (a query's or load's id) of this process, in {@code home}'s scratch. */
    public static LocalJobDirs of(HadoopDbHome home, String name) {
        return new LocalJobDirs(home.localJobsDir().resolve(ProcessHandle.current().pid() + "-" + name));
    }

    public Path dir() {
        return dir;
    }

    /**
     * Points the local runner's directories of {@code conf} here, except those the user configured
     * (in a site file or as an override); a job on a cluster ({@code mapreduce.framework.name} other
     * than {@code local}) is left alone, its tasks use their machines' directories.
     */
    public void applyTo(Configuration conf) {
        if (!"local".equals(conf.get("mapreduce.framework.name", "local"))) {
            return;
        }
        boolean tmpSet = explicitlySet(conf, TMP_DIR);
        if (!tmpSet) {
            conf.set(TMP_DIR, dir.resolve("tmp").toString());
        }
        if (!tmpSet && !explicitlySet(conf, LOCAL_DIR)) {
            conf.set(LOCAL_DIR, dir.resolve("mapred-local").toString());
        }
        if (!tmpSet && !explicitlySet(conf, STAGING_DIR)) {
            conf.set(STAGING_DIR, dir.resolve("staging").toString());
        }
    }

    /** Deletes the directories; a failure is only logged, as the run's outcome does not depend on it. */
    public void delete() {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            LOG.warn("Could not delete the local job directory {}: {}", dir, e.getMessage());
        }
    }

    /**
     * Deletes the local job directories of processes that are gone (killed while a query or load ran).
     *
     * @return the directories deleted
     * @throws ConfigException when the scratch directory cannot be read or an orphan cannot be deleted
     */
    public static List<Path> removeOrphans(HadoopDbHome home) {
        Path root = home.localJobsDir();
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return removed;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : dirs.toList()) {
                long pid = pidOf(d.getFileName().toString());
                if (pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                FileTrees.delete(d);
                removed.add(d);
            }
        } catch (IOException e) {
            throw new ConfigException("Cannot remove the local job directories of dead processes in " + root + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /**
     * True when {@code key} has a value the user gave (a site file, an override, code), not one of
     * Hadoop's {@code *-default.xml} defaults. Unset keys and keys whose defaults are not loaded yet
     * (mapred-default.xml is added when the first job class loads) count as not set.
     */
    static boolean explicitlySet(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        if (sources == null) {
            return false;
        }
        for (String source : sources) {
            if (!source.endsWith("-default.xml")) {
                return true;
            }
        }
        return false;
    }

    private static long pidOf(String name) {
        int dash = name.indexOf('-');
        try {
            return dash < 0 ? -1 : Long.parseLong(name.substring(0, dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
