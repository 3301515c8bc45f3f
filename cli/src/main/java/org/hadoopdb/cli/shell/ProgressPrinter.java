package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import java.util.Locale;
import org.hadoopdb.engine.session.StatementListener;

/**
 * Prints a statement's progress and messages on stderr: one line per job change and at most one
 * progress line a second, like the {@code hive} CLI's {@code map = 40%, reduce = 0%}.
 */
final class ProgressPrinter implements StatementListener {
    private final PrintWriter err;
    private final boolean quiet;
    private String lastJob = "";
    private String lastLine = "";
    private long lastNanos;

    ProgressPrinter(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    @Override
    public void progress(int stage, int stages, String jobId, float map, float reduce) {
        if (quiet) {
            return;
        }
        long now = System.nanoTime();
        String line = String.format(Locale.ROOT, "Stage %d/%d (%s): map = %.0f%%, reduce = %.0f%%", stage, stages, jobId,
                map * 100, reduce * 100);
        boolean newJob = !jobId.equals(lastJob);
        boolean finished = map >= 1f && reduce >= 1f;
        if (!line.equals(lastLine) && (newJob || finished || now - lastNanos >= 1_000_000_000L)) {
            lastJob = jobId;
            lastLine = line;
            lastNanos = now;
            err.println(line);
            err.flush();
        }
    }

    @Override
    public void message(String text) {
        if (!quiet) {
            err.println(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
            err.flush();
        }
    }
}
