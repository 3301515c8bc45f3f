package org.hadoopdb.jdbc;

/**
 * The error type of the JDBC layer (driver, query server, users file), with the SQLState a JDBC
 * client receives for it. Messages say what to do: which setting, file, user or statement is wrong.
 */
public class JdbcException extends RuntimeException {
    /** The statement was cancelled ({@code Statement.cancel()}, a query timeout, server shutdown). */
    public static final String CANCELLED = "HY008";
    /** A time limit passed (query timeout, queue timeout). */
    public static final String TIMEOUT = "HYT00";
    /** The server has no room for the statement now. */
    public static final String BUSY = "53000";
    /** Syntax error or access rule violation (HiveQL errors). */
    public static final String SYNTAX = "42000";
    /** The connection does not exist (closed, expired, or never opened). */
    public static final String NO_CONNECTION = "08003";
    /** The server refused to open the connection (a malformed request from a hand-written client). */
    public static final String CONNECTION_REFUSED = "08004";
    /** The driver or server cannot do what was asked. */
    public static final String NOT_SUPPORTED = "0A000";
    /** Anything else. */
    public static final String GENERAL = "HY000";

    private final String sqlState;

    public JdbcException(String sqlState, String message) {
        super(message);
        this.sqlState = sqlState;
    }

    public JdbcException(String sqlState, String message, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
    }

    /** The SQLState a JDBC client gets for this error. */
    public String sqlState() {
        return sqlState;
    }
}
