package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.cli.StackTraces;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.engine.session.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code hadoopdb shell --url ... -e/-f}: a script run through a JDBC connection with the local
 * shell's conventions: rows as TSV on stdout ({@code NULL} spelled out, {@code --header}),
 * {@code OK}, timings and {@code FAILED: …} on stderr, stop at the first failing statement.
 * Ctrl-C cancels the running statement on the server.
 */
public final class JdbcScripts {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcScripts.class);

    private JdbcScripts() {
    }

    /** Runs {@code script}; returns whether every statement succeeded. */
    public static boolean run(Connection connection, String script, PrintWriter out, PrintWriter err, boolean header,
                              boolean silent, boolean verbose) throws SQLException {
        ResultPrinter printer = new TsvPrinter(out, header);
        try (Statement statement = connection.createStatement()) {
            Thread cancel = new Thread(() -> cancelQuietly(statement), "hadoopdb-cancel");
            Runtime.getRuntime().addShutdownHook(cancel);
            try {
                List<SourceSpan> statements = Session.split(script);
                for (SourceSpan s : statements) {
                    if (!run(statement, s, printer, err, silent, verbose)) {
                        return false;
                    }
                }
                return true;
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(cancel);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is exiting: the hook is running and cancels the statement
                }
            }
        }
    }

    private static boolean run(Statement statement, SourceSpan s, ResultPrinter printer, PrintWriter err, boolean silent,
                               boolean verbose) {
        long start = System.nanoTime();
        try {
            if (statement.execute(s.text())) {
                long n;
                try (ResultSet rs = statement.getResultSet(); JdbcResultStream rows = new JdbcResultStream(rs)) {
                    n = printer.print(rows);
                }
                note(err, silent, String.format(Locale.ROOT, "Time taken: %.3f seconds, Fetched: %d row(s)", seconds(start), n));
            } else {
                note(err, silent, String.format(Locale.ROOT, "OK%nTime taken: %.3f seconds", seconds(start)));
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            LOG.error("Statement at line {} failed: {}", s.line(), s.text(), e);
            err.println("FAILED: " + message(e));
            if (verbose) {
                err.print(StackTraces.format(e));
            }
            err.flush();
            return false;
        }
    }

    /** The server's message without Avatica's wrapping ("Error -1 (42000) : Error while executing SQL ...: Remote driver error: "). */
    static String message(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int remote = m.indexOf("Remote driver error: ");
        return remote >= 0 ? m.substring(remote + "Remote driver error: ".length()) : m;
    }

    private static void cancelQuietly(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException e) {
            LOG.warn("Could not cancel the running statement: {}", e.getMessage());
        }
    }

    private static void note(PrintWriter err, boolean silent, String text) {
        if (!silent) {
            err.println(text);
            err.flush();
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
