package org.hadoopdb.jdbc.client;

import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * A forward-only result set read frame by frame from the server; it stops when its statement is
 * cancelled (SQLState HY008). Adds the JDBC 4.2 conversions tools
 * use for DATE and TIMESTAMP columns: {@code getObject(i, LocalDate.class)} and
 * {@code LocalDateTime.class} give the wall-clock value exactly as stored (read through a UTC calendar,
 * so no time zone or daylight-saving gap of the client shifts it); {@code OffsetDateTime.class},
 * {@code ZonedDateTime.class} and {@code Instant.class} place that wall clock in the connection's
 * time zone, as {@code getTimestamp} does. Dates past the year 9999 are printed whole.
 */
final class HadoopDbResultSet extends AvaticaResultSet {
    private final TimeZone zone;
    private long handedOut;

    HadoopDbResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
                      ResultSetMetaData resultSetMetaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
        super(statement, state, signature, resultSetMetaData, timeZone, firstFrame);
        this.zone = timeZone;
    }

    /** After {@code Statement.cancel()} no further row: the rows already received are not handed out either. */
    @Override
    public boolean next() throws SQLException {
        if (statement != null && statement.connection instanceof HadoopDbConnection c && c.cancelled(statement.handle)) {
            throw new SQLException("Query cancelled: the statement was cancelled while its rows were read", "HY008");
        }
        // JDBC: rows past the statement's maxRows are dropped silently. The server plans a plain statement's
        // maxRows as a LIMIT, but a prepared statement's execute request does not carry it
        long max = statement == null ? 0 : statement.getLargeMaxRows();
        if (max > 0 && handedOut >= max) {
            return false;
        }
        boolean more = super.next();
        if (more) {
            handedOut++;
        }
        return more;
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == LocalDate.class) {
            Date d = getDate(columnIndex, utc());
            return type.cast(d == null ? null : LocalDate.ofEpochDay(Math.floorDiv(d.getTime(), 86_400_000L)));
        }
        if (type == LocalDateTime.class || type == OffsetDateTime.class || type == ZonedDateTime.class
                || type == Instant.class) {
            LocalDateTime wall = wallClock(columnIndex);
            if (wall == null || type == LocalDateTime.class) {
                return type.cast(wall);
            }
            ZonedDateTime zoned = wall.atZone(zone.toZoneId());
            return type.cast(type == ZonedDateTime.class ? zoned : type == OffsetDateTime.class
                    ? zoned.toOffsetDateTime() : zoned.toInstant());
        }
        return super.getObject(columnIndex, type);
    }

    private LocalDateTime wallClock(int columnIndex) throws SQLException {
        Timestamp t = getTimestamp(columnIndex, utc());
        return t == null ? null : LocalDateTime.ofInstant(t.toInstant(), ZoneOffset.UTC);
    }

    private static Calendar utc() {
        return Calendar.getInstance(TimeZone.getTimeZone(ZoneOffset.UTC), Locale.ROOT);
    }

    /**
     * An ARRAY column's value (the server sends Hive's text of it, {@code [1,2]}; its type name is the
     * column's Hive type, {@code array<int>}) as a {@link java.sql.Array} of its elements.
     */
    @Override
    public java.sql.Array getArray(int columnIndex) throws SQLException {
        String type = getMetaData().getColumnTypeName(columnIndex);
        String text = getString(columnIndex);
        if (text == null) {
            return null;
        }
        return new HiveArray(HiveArrayText.elementType(type), HiveArrayText.elements(text, type));
    }

    @Override
    public java.sql.Array getArray(String columnLabel) throws SQLException {
        return getArray(findColumn(columnLabel));
    }

    @Override
    public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
        return getObject(findColumn(columnLabel), type);
    }

    /**
     * A DATE past the year 9999 (Hive's {@code date_add} reaches it) as Hive prints it, {@code +10233-09-21}:
     * Avatica writes four year digits and would cut it to {@code 0233-09-21}. Other values as Avatica gives them.
     */
    @Override
    public String getString(int columnIndex) throws SQLException {
        String s = super.getString(columnIndex);
        if (s != null && getMetaData().getColumnType(columnIndex) == Types.DATE) {
            LocalDate d = getObject(columnIndex, LocalDate.class);
            if (d.getYear() > 9999) {
                return d.toString();
            }
        }
        return s;
    }
}
