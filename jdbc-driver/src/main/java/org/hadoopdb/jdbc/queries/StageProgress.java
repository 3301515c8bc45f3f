package org.hadoopdb.jdbc.queries;

/**
 * The last progress the engine reported for one stage of a statement.
 *
 * @param stage  1-based stage number
 * @param stages how many stages the statement has
 * @param jobId  the Hadoop job id, or {@code client} for a stage run in the server's process
 * @param map    map progress 0..1
 * @param reduce reduce progress 0..1
 */
public record StageProgress(int stage, int stages, String jobId, float map, float reduce) {
}
