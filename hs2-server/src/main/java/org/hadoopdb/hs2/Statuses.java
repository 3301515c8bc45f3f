package org.hadoopdb.hs2;

import java.util.Locale;
import org.apache.hive.service.rpc.thrift.TStatus;
import org.apache.hive.service.rpc.thrift.TStatusCode;
import org.hadoopdb.hiveql.parse.HiveQlSyntaxException;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.planner.SemanticException;

/**
 * The {@link TStatus} of an answer: success, or the error Hive's driver turns into an
 * {@code SQLException} with the message and SQLState (a fault in the statement is 42000, a
 * cancelled one HY008, as through our own driver).
 */
final class Statuses {

    private Statuses() {
    }

    static TStatus ok() {
        return new TStatus(TStatusCode.SUCCESS_STATUS);
    }

    static TStatus error(RuntimeException e, boolean cancelled) {
        return error(sqlState(e, cancelled), message(e, cancelled));
    }

    static TStatus error(String sqlState, String message) {
        TStatus status = new TStatus(TStatusCode.ERROR_STATUS);
        status.setSqlState(sqlState);
        status.setErrorMessage(message);
        status.setErrorCode(0);
        return status;
    }

    static String sqlState(RuntimeException e, boolean cancelled) {
        if (e instanceof Hs2Exception h) {
            return h.sqlState();
        } else if (e instanceof JdbcException j) {
            return j.sqlState();
        } else if (cancelled) {
            return JdbcException.CANCELLED;
        } else if (e instanceof HiveQlSyntaxException || e instanceof SemanticException) {
            return JdbcException.SYNTAX;
        }
        return JdbcException.GENERAL;
    }

    static String message(RuntimeException e, boolean cancelled) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (cancelled && !message.toLowerCase(Locale.ROOT).contains("cancel")) {
            message = "Query cancelled: " + message;
        }
        return message;
    }
}
