package org.hadoopdb.hs2;

/**
 * The error type of the HiveServer2 endpoint, with the SQLState Hive's driver reports for it
 * (the codes of {@link org.hadoopdb.jdbc.JdbcException}). Messages name the request, handle or
 * setting at fault.
 */
public class Hs2Exception extends RuntimeException {
    private final String sqlState;

    public Hs2Exception(String sqlState, String message) {
        super(message);
        this.sqlState = sqlState;
    }

    public Hs2Exception(String sqlState, String message, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
    }

    /** The SQLState the client receives. */
    public String sqlState() {
        return sqlState;
    }
}
