package org.hadoopdb.jdbc.meta;

import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.hiveql.parse.HiveQlSyntaxException;
import org.hadoopdb.planner.SemanticException;

/**
 * Turns a failure into what the JDBC client receives: the message and a SQLState. A fault in the
 * statement (syntax, or a {@link SemanticException}: unknown names, wrong types...) is 42000.
 */
final class Errors {
    private Errors() {
    }

    /** The error for the client; {@code cancelled} says whether the statement had been asked to stop. */
    static AvaticaRuntimeException toClient(RuntimeException e, boolean cancelled) {
        if (e instanceof AvaticaRuntimeException a) {
            return a;
        }
        String state;
        if (e instanceof JdbcException j) {
            state = j.sqlState();
        } else if (cancelled) {
            state = JdbcException.CANCELLED;
        } else if (e instanceof HiveQlSyntaxException || e instanceof SemanticException) {
            state = JdbcException.SYNTAX;
        } else {
            state = JdbcException.GENERAL;
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (cancelled && !message.toLowerCase(java.util.Locale.ROOT).contains("cancel")) {
            message = "Query cancelled: " + message;
        }
        return new AvaticaRuntimeException(message, -1, state, AvaticaSeverity.ERROR);
    }

    static AvaticaRuntimeException of(String sqlState, String message) {
        return new AvaticaRuntimeException(message, -1, sqlState, AvaticaSeverity.ERROR);
    }
}
