package org.hadoopdb.console;

/** The web console cannot start or serve: the message names the setting or the resource at fault. */
public class ConsoleException extends RuntimeException {
    public ConsoleException(String message) {
        super(message);
    }

    public ConsoleException(String message, Throwable cause) {
        super(message, cause);
    }
}
