package org.hadoopdb.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Where a command writes: results on stdout (nothing else, so output can be piped), messages,
 * progress and reports on stderr.
 */
public final class Console {
    private final PrintWriter out;
    private final PrintWriter err;

    public Console(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    public static Console system() {
        return new Console(new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
                new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    /** A message for the user on stderr. */
    public void note(String message) {
        err.println(message);
        err.flush();
    }
}
