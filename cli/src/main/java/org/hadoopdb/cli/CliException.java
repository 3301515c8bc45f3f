package org.hadoopdb.cli;

/** The error type of the command line: a message the user can act on (which option, file or server). */
public class CliException extends RuntimeException {
    public CliException(String message) {
        super(message);
    }

    public CliException(String message, Throwable cause) {
        super(message, cause);
    }
}
