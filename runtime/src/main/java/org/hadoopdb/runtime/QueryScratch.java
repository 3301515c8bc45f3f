package org.hadoopdb.runtime;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.planner.PlannerException;

/**
 * The scratch directories of queries and inserts: {@code <scratch>/queries/<pid>@<host>@<id>}, named
 * after the process that runs the query, so that what a killed process left can be told from what a
 * running query still uses. The query deletes its own directory when it ends; {@link #removeOrphans}
 * ({@code hadoopdb cluster gc}) deletes those of processes of this host that are gone. A directory of
 * another host is left to {@code cluster gc} on that host: whether its process lives cannot be seen from here.
 */
public final class QueryScratch {
    private static final String SEPARATOR = "@";
    private static final String HOST = localHost();

    private QueryScratch() {
    }

    /** A new directory name for a query run by this process (not created). */
    static Path newQueryDir(HadoopDbConfig config) {
        return new Path(queriesRoot(config), ProcessHandle.current().pid() + SEPARATOR + HOST + SEPARATOR + UUID.randomUUID());
    }

    /**
     * Deletes the query directories of this host's processes that are gone (killed while a query ran).
     *
     * @return the directories deleted
     * @throws PlannerException naming the directory that could not be listed or deleted
     */
    public static List<String> removeOrphans(HadoopDbConfig config) {
        Path root = queriesRoot(config);
        List<String> removed = new ArrayList<>();
        try {
            FileSystem fs = root.getFileSystem(config.hadoopConf());
            FileStatus[] dirs;
            try {
                dirs = fs.listStatus(root);
            } catch (FileNotFoundException e) {
                return removed;
            }
            for (FileStatus st : dirs) {
                if (st.isDirectory() && orphan(st.getPath().getName())) {
                    if (!fs.delete(st.getPath(), true) && fs.exists(st.getPath())) {
                        throw new PlannerException("Cannot delete the query directory " + st.getPath() + " of a process that is gone");
                    }
                    removed.add(st.getPath().toString());
                }
            }
        } catch (IOException e) {
            throw new PlannerException("Cannot remove the query directories of dead processes in " + root + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /** True for a directory of a process of this host that no longer runs. */
    static boolean orphan(String name) {
        String[] parts = name.split(SEPARATOR, 3);
        if (parts.length != 3 || !parts[1].equals(HOST)) {
            return false;
        }
        try {
            long pid = Long.parseLong(parts[0]);
            return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static String host() {
        return HOST;
    }

    private static Path queriesRoot(HadoopDbConfig config) {
        return new Path(config.home().jobScratch(), "queries");
    }

    private static String localHost() {
        try {
            // '@' separates the parts of a directory's name; a host name never has one, but be sure
            return InetAddress.getLocalHost().getHostName().replace(SEPARATOR, "_");
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
