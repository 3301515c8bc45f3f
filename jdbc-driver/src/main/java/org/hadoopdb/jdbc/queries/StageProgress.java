package org.hadoopdb.jdbc.queries;

import org.hadoopdb.runtime.ProgressListener;
import java.time.Instant;

/**
 * The last progress the engine reported for one stage of a statement, and when the stage ran.
 *
 * @param stage   1-based stage number
 * @param stages  how many stages the statement has
 * @param jobId   the Hadoop job id, or {@code client} for a stage run in the server's process
 * @param map     map progress 0..1
 * @param reduce  reduce progress 0..1
 * @param started when the stage first reported, or null when not known (statements recorded before
 *                stage times were kept)
 * @param ended   when the stage ended well, or null while it runs (or when it never ended: its
 *                statement failed or was cancelled first)
 */
public record StageProgress(int stage, int stages, String jobId, float map, float reduce, Instant started,
                            Instant ended) {

    /** Whether the stage ran in the query server's process, not as a MapReduce job. */
    public boolean inClient() {
        return ProgressListener.CLIENT_STAGE.equals(jobId);
    }

    /** Milliseconds from its start to its end, or to {@code until} when it did not end; 0 when its start is not known. */
    public long elapsedMillis(Instant until) {
        if (started == null) {
            return 0;
        }
        Instant end = ended != null ? ended : until;
        return end == null ? 0 : Math.max(0, end.toEpochMilli() - started.toEpochMilli());
    }
}
