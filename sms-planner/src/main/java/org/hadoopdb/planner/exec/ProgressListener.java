package org.hadoopdb.planner.exec;

/** Progress of a running query, for the shell and the JDBC server. */
public interface ProgressListener {
    ProgressListener NONE = (stage, stages, jobId, map, reduce) -> { };

    /**
     * @param stage  1-based stage running
     * @param stages number of stages
     * @param jobId  Hadoop job id
     * @param map    map progress 0..1
     * @param reduce reduce progress 0..1 (0 for map-only stages)
     */
    void progress(int stage, int stages, String jobId, float map, float reduce);
}
