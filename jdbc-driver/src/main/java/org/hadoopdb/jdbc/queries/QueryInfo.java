package org.hadoopdb.jdbc.queries;

import java.time.Instant;
import java.util.List;

/**
 * An immutable view of one recorded statement, as the web console shows it.
 *
 * @param id            the registry's id, unique within the server's life
 * @param user          who ran it (null without authentication)
 * @param client        the endpoint it came through: {@code JDBC} or {@code HiveServer2}
 * @param remoteAddress the client's address, when known
 * @param kind          the statement kind (query, insert, load, ddl, …), the label of its metrics
 * @param started       when it was received
 * @param ended         when it reached a final state, or null
 * @param rows          rows sent to the client so far (for a query) or the update count
 * @param sqlState      the SQLState of its error, or null
 * @param stages        each stage's progress and times, by stage number
 * @param plan          a query's plan as EXPLAIN prints it, or null (not a query, or it could not be planned)
 * @param pushed        the SQL a query pushes to the chunks, by stage (empty when {@code plan} is null)
 */
public record QueryInfo(long id, String user, String client, String remoteAddress, String kind, String text,
                        QueryState state, Instant started, Instant ended, long rows, String error, String sqlState,
                        List<StageProgress> stages, String plan, List<PushedSql> pushed) {

    public QueryInfo {
        stages = stages == null ? List.of() : List.copyOf(stages);
        pushed = pushed == null ? List.of() : List.copyOf(pushed);
    }

    /** Milliseconds from start to end, or until now while it runs. */
    public long elapsedMillis() {
        Instant until = ended == null ? Instant.now() : ended;
        return Math.max(0, until.toEpochMilli() - started.toEpochMilli());
    }
}
