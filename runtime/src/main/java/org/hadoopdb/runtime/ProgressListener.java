package org.hadoopdb.runtime;

import org.hadoopdb.connector.chunk.NodeReads;

/** Progress of a running query, for the shell and the JDBC server. */
public interface ProgressListener {
    ProgressListener NONE = (stage, stages, jobId, map, reduce) -> { };

    /** The job id reported for a stage that runs in the client instead of as a MapReduce job. */
    String CLIENT_STAGE = "client";

    /**
     * @param stage  1-based stage running
     * @param stages number of stages
     * @param jobId  Hadoop job id, or {@link #CLIENT_STAGE} for a stage run in the client
     * @param map    map progress 0..1
     * @param reduce reduce progress 0..1 (0 for map-only stages)
     */
    void progress(int stage, int stages, String jobId, float map, float reduce);

    /**
     * The stage ended well: its job succeeded, or the stage in the client has its rows. Called after
     * the stage's last {@link #progress} call, whose percentages alone cannot tell a map-only stage
     * that is done from a stage whose reducers have not started. Listeners that show percentages only
     * need not implement it.
     *
     * @param stage  1-based stage that ended
     * @param stages number of stages
     * @param jobId  Hadoop job id, or {@link #CLIENT_STAGE}
     */
    default void stageFinished(int stage, int stages, String jobId) {
    }

    /**
     * Something the user should know about a query that still answers (lines of an external table's
     * files that were skipped because they cannot be read). Listeners without a user ignore it.
     */
    default void warning(String text) {
    }

    /**
     * Rows and bytes the query's chunk reads took from each node: reported when each read in this
     * process (a direct read, a stage in the client) ends, and for each job when it ends, from its map
     * tasks' counters. Called from the reading threads, possibly at once, and possibly after the result
     * was closed (a read stopped early). Listeners without metrics ignore it.
     */
    default void chunksRead(NodeReads reads) {
    }

    /**
     * One of the query's MapReduce jobs ended, well or not, after running {@code mapTasks} map and
     * {@code reduceTasks} reduce tasks (on YARN the attempts launched, retries included). Listeners
     * without metrics ignore it.
     */
    default void jobEnded(String jobId, int mapTasks, int reduceTasks) {
    }
}
