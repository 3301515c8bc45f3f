package org.hadoopdb.engine.session;

import org.hadoopdb.runtime.ProgressListener;

/**
 * What a running statement reports to its caller: MapReduce job progress, and messages meant for
 * the user (load progress and reports, notices). The shell prints both on stderr; the JDBC server
 * keeps them as the statement's warnings.
 */
public interface StatementListener extends ProgressListener {
    StatementListener NONE = new StatementListener() {
        @Override
        public void progress(int stage, int stages, String jobId, float map, float reduce) {
        }

        @Override
        public void message(String text) {
        }
    };

    /** A line of text for the user. */
    void message(String text);

    /** A warning reaches the user as a message. */
    @Override
    default void warning(String text) {
        message("WARNING: " + text);
    }
}
