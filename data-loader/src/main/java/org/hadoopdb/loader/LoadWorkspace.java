package org.hadoopdb.loader;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.config.LocalJobDirs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where one load's MapReduce jobs run and keep their intermediate files: the jobs' base
 * configuration, whether it is Hadoop's local runner, and the load's work directory.
 */
final class LoadWorkspace {
    private static final Logger LOG = LoggerFactory.getLogger(LoadWorkspace.class);

    private final Configuration jobBase;
    private final boolean localFramework;
    private final Path workDir;
    private final LocalJobDirs localDirs;

    LoadWorkspace(HadoopDbConfig config, String table, String loadId) {
        this.localDirs = LocalJobDirs.of(config.home(), "load-" + loadId);
        this.jobBase = new Configuration(config.hadoopConf());
        localDirs.applyTo(jobBase);
        this.localFramework = "local".equals(jobBase.get("mapreduce.framework.name", "local"));
        this.workDir = new Path(workRoot(config), table + "-" + loadId);
    }

    /** The configuration every job of the load starts from (copy it before changing it). */
    Configuration jobBase() {
        return jobBase;
    }

    /** True when the jobs run in this process (Hadoop's local runner), so they read this machine's files. */
    boolean localFramework() {
        return localFramework;
    }

    Path workDir() {
        return workDir;
    }

    /**
     * Deletes the work directory and the jobs' local directories; a failure is only logged, as the
     * load's outcome does not depend on it.
     */
    void delete() {
        try {
            workDir.getFileSystem(jobBase).delete(workDir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the load's work directory {}: {}", workDir, e.getMessage());
        }
        localDirs.delete();
    }

    /**
     * Where every load keeps its work directory, {@code <table>-<load id>}: {@code hadoopdb.load.work-dir},
     * else {@code <job scratch>/loads}.
     */
    static Path workRoot(HadoopDbConfig config) {
        Path root = config.getIfSet(ConfigKeys.LOAD_WORK_DIR).map(Path::new)
                .orElse(new Path(config.home().jobScratch(), "loads"));
        config.home().requireReachableByTasks(root, "hadoopdb.load.work-dir");
        return root;
    }
}
