package org.hadoopdb.jdbc.queries;

/** Where a recorded statement is in its life. The last three are final. */
public enum QueryState {
    /** Waiting for a slot of the query server's gate or for its session. */
    QUEUED,
    /** Running, or its rows being fetched by the client. */
    RUNNING,
    FINISHED,
    FAILED,
    CANCELLED;

    public boolean done() {
        return this == FINISHED || this == FAILED || this == CANCELLED;
    }
}
