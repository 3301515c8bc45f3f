package org.hadoopdb.loader.job;

import java.sql.SQLException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.loader.LoaderException;

/**
 * Sees a load at its checkpoints: each node task while it streams a chunk into a node, and the driver
 * just before it publishes the new generation. A failure it throws fails that task (which is retried)
 * or the load, exactly as a failure of the database at that point would, which is how tests disturb
 * loads. The loader makes one observer per node task and one in the driver, from the class named by
 * {@code hadoopdb.load.task-observer} (no-argument constructor; {@link org.apache.hadoop.conf.Configurable}
 * ones get the job's configuration); without one it uses {@link #NONE}.
 */
public interface LoadTaskObserver {
    /** Observes nothing. */
    LoadTaskObserver NONE = new LoadTaskObserver() {
    };

    /** A node task has sent about half of one chunk's rows to the chunk's {@code COPY} (all of them if that is one buffer). */
    default void copying(NodeTaskCheckpoint checkpoint) throws SQLException {
    }

    /** A node task has sent the first rows of one replica's {@code COPY} (all of them if that is one buffer). */
    default void replicating(NodeTaskCheckpoint checkpoint) throws SQLException {
    }

    /** The driver has renamed the loaded chunks to their final names and is about to publish {@code table}'s new generation. */
    default void publishing(String table) {
    }

    /** The observer {@code conf} names, or {@link #NONE}. */
    static LoadTaskObserver of(Configuration conf) {
        String name = ConfigKeys.LOAD_TASK_OBSERVER.name();
        if (conf.get(name, "").isBlank()) {
            return NONE;
        }
        try {
            return ReflectionUtils.newInstance(conf.getClass(name, null, LoadTaskObserver.class), conf);
        } catch (RuntimeException e) {
            throw new LoaderException("Cannot create the load task observer " + name + "=" + conf.get(name) + ": " + e.getMessage(), e);
        }
    }
}
