package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import org.hadoopdb.engine.session.Session;

/** {@code hadoopdb -e} and {@code -f}: a script run to its end or its first failure. */
public final class Scripts {
    private Scripts() {
    }

    /**
     * Runs {@code script}; Ctrl-C (JVM shutdown) cancels the running statement so its jobs die with it.
     *
     * @return whether every statement succeeded
     */
    public static boolean run(Session session, String script, PrintWriter out, PrintWriter err, boolean header, boolean silent,
                              boolean verbose) {
        Thread cancel = new Thread(session::cancel, "hadoopdb-cancel");
        Runtime.getRuntime().addShutdownHook(cancel);
        try {
            return new ScriptRunner(session, new TsvPrinter(out, header), err, silent, verbose).run(script);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(cancel);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting: the hook is running and cancels the statement
            }
        }
    }
}
