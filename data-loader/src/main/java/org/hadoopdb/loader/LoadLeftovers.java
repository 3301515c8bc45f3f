package org.hadoopdb.loader;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.config.LocalJobDirs;
import org.hadoopdb.loader.physical.LoadLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the files a load whose process died leaves outside the nodes ({@code hadoopdb cluster gc}):
 * its work directory, its table's lock once the lock's heartbeat is stale ({@code hadoopdb.load.lock-timeout}),
 * and the local runner's directories of processes that are gone. A live load's files are never touched:
 * its lock is fresh.
 */
public final class LoadLeftovers {
    private static final Logger LOG = LoggerFactory.getLogger(LoadLeftovers.class);

    private final HadoopDbConfig config;

    public LoadLeftovers(HadoopDbConfig config) {
        this.config = config;
    }

    /**
     * Removes what dead loads left.
     *
     * @return every file or directory removed
     * @throws LoaderException naming the directory that could not be listed or cleaned
     */
    public List<String> collect() {
        Path root = LoadWorkspace.workRoot(config);
        // listed before the live loads are: a directory listed here belongs to a load that is either
        // alive below (kept) or ended before (its own directory, or garbage)
        List<Path> workDirs = workDirs(root);
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        org.apache.hadoop.fs.Path catalogDir = config.home().catalogPath();
        List<String> removed = new ArrayList<>(LoadLock.removeStale(catalogDir, config.hadoopConf(), timeout));
        Map<String, String> live = LoadLock.liveLoads(catalogDir, config.hadoopConf(), timeout);
        Set<String> liveDirs = live.entrySet().stream().map(e -> e.getValue() + "-" + e.getKey()).collect(Collectors.toSet());
        for (Path dir : workDirs) {
            if (!liveDirs.contains(dir.getName())) {
                delete(dir);
                removed.add(dir.toString());
            }
        }
        LocalJobDirs.removeOrphans(config.home()).forEach(d -> removed.add(d.toString()));
        if (!removed.isEmpty()) {
            LOG.info("Removed what dead loads left: {}", removed);
        }
        return removed;
    }

    private List<Path> workDirs(Path root) {
        try {
            FileSystem fs = root.getFileSystem(config.hadoopConf());
            List<Path> dirs = new ArrayList<>();
            for (FileStatus st : fs.listStatus(root)) {
                if (st.isDirectory()) {
                    dirs.add(st.getPath());
                }
            }
            return dirs;
        } catch (FileNotFoundException e) {
            return List.of();
        } catch (IOException e) {
            throw new LoaderException("Cannot list the loads' work directories in " + root + ": " + e.getMessage(), e);
        }
    }

    private void delete(Path dir) {
        try {
            dir.getFileSystem(config.hadoopConf()).delete(dir, true);
        } catch (IOException e) {
            throw new LoaderException("Cannot delete the work directory " + dir + " of a dead load: " + e.getMessage(), e);
        }
    }
}
