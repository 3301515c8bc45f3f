package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.cli.StackTraces;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs HiveQL statements on a session as the {@code hive} CLI does: rows to the result printer,
 * messages, progress, {@code FAILED: …} and timings to stderr; a script stops at its first failing
 * statement.
 */
public final class ScriptRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ScriptRunner.class);

    private final Session session;
    private final ResultPrinter printer;
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean verbose;

    ScriptRunner(Session session, ResultPrinter printer, PrintWriter err, boolean quiet, boolean verbose) {
        this.session = session;
        this.printer = printer;
        this.err = err;
        this.quiet = quiet;
        this.verbose = verbose;
    }

    /** Runs every statement of {@code script}; false at the first one that fails (the rest are not run). */
    public boolean run(String script) {
        List<SourceSpan> statements = Session.split(script);
        for (SourceSpan s : statements) {
            if (!run(s)) {
                return false;
            }
        }
        return true;
    }

    /** Runs one statement; false (with the error printed) when it fails. */
    public boolean run(SourceSpan statement) {
        long start = System.nanoTime();
        try {
            StatementResult result = session.execute(statement, new ProgressPrinter(err, quiet));
            if (result instanceof StatementResult.Rows r) {
                long n;
                try (ResultStream rows = r.rows()) {
                    n = printer.print(rows);
                }
                note(String.format(Locale.ROOT, "Time taken: %.3f seconds, Fetched: %d row(s)", seconds(start), n));
            } else if (result instanceof StatementResult.Done d) {
                if (!d.message().isBlank()) {
                    note(d.message().strip());
                }
                note(String.format(Locale.ROOT, "OK%nTime taken: %.3f seconds", seconds(start)));
            }
            return true;
        } catch (RuntimeException e) {
            LOG.error("Statement at line {} failed: {}", statement.line(), statement.text(), e);
            err.println("FAILED: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            if (verbose) {
                err.print(StackTraces.format(e));
            }
            err.flush();
            return false;
        }
    }

    private void note(String text) {
        if (!quiet) {
            err.println(text);
            err.flush();
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
