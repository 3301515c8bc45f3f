package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.Temporal;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * {@code PreparedStatement.setObject} with {@code java.time} values, which Avatica would send as
 * untyped objects the server cannot read. HiveQL's DATE and TIMESTAMP are wall-clock values without
 * a zone, and travel as Avatica's serial forms (days, and milliseconds of the wall clock, since 1970):
 * <ul>
 *   <li>{@link LocalDate} is a DATE, {@link LocalDateTime} a TIMESTAMP, as they stand;</li>
 *   <li>an instant ({@link Instant}, {@link OffsetDateTime}, {@link ZonedDateTime}) is the TIMESTAMP
 *       of its wall clock in the connection's time zone, as {@code setTimestamp(Timestamp.from(i))}
 *       would send it;</li>
 *   <li>{@link LocalTime} is a STRING {@code HH:mm:ss[.fraction]}: HiveQL has no time-of-day type.</li>
 * </ul>
 * TIMESTAMP parameters carry milliseconds, like every TIMESTAMP value through this driver.
 */
final class JavaTimeParameters {
    private JavaTimeParameters() {
    }

    /** Whether {@code x} is a {@code java.time} value this class sends. */
    static boolean handles(Object x) {
        return x instanceof LocalDate || x instanceof LocalDateTime || x instanceof LocalTime || x instanceof Instant
                || x instanceof OffsetDateTime || x instanceof ZonedDateTime;
    }

    /** The value as it travels, by its own type. */
    static TypedValue value(Object x, TimeZone zone) {
        if (x instanceof LocalDate d) {
            return date(d);
        } else if (x instanceof LocalTime t) {
            return TypedValue.ofLocal(ColumnMetaData.Rep.STRING, DateTimeFormatter.ISO_LOCAL_TIME.format(t));
        }
        return timestamp(wallClock((Temporal) x, zone));
    }

    /** The value as {@code targetSqlType} asks ({@code setObject(i, x, Types.DATE)} and the like). */
    static TypedValue value(Object x, int targetSqlType, TimeZone zone) throws SQLException {
        switch (targetSqlType) {
            case Types.DATE:
                if (x instanceof LocalTime) {
                    break;
                }
                return date(x instanceof LocalDate d ? d : wallClock((Temporal) x, zone).toLocalDate());
            case Types.TIMESTAMP:
            case Types.TIMESTAMP_WITH_TIMEZONE:
                if (x instanceof LocalTime) {
                    break;
                }
                return timestamp(x instanceof LocalDate d ? d.atStartOfDay() : wallClock((Temporal) x, zone));
            case Types.CHAR:
            case Types.VARCHAR:
            case Types.LONGVARCHAR:
            case Types.NCHAR:
            case Types.NVARCHAR:
            case Types.LONGNVARCHAR:
                return TypedValue.ofLocal(ColumnMetaData.Rep.STRING, x.toString());
            case Types.TIME:
            case Types.TIME_WITH_TIMEZONE:
                if (!(x instanceof LocalTime)) {
                    break;
                }
                return value(x, zone);
            case Types.JAVA_OBJECT:
            case Types.OTHER:
                return value(x, zone);
            default:
                break;
        }
        throw new SQLFeatureNotSupportedException("A " + x.getClass().getSimpleName() + " cannot be sent as JDBC type "
                + targetSqlType + "; send it as DATE, TIMESTAMP or VARCHAR", "0A000");
    }

    private static LocalDateTime wallClock(Temporal x, TimeZone zone) {
        if (x instanceof LocalDateTime t) {
            return t;
        }
        Instant instant = x instanceof Instant i ? i : x instanceof OffsetDateTime o ? o.toInstant()
                : ((ZonedDateTime) x).toInstant();
        return LocalDateTime.ofInstant(instant, zone.toZoneId());
    }

    private static TypedValue date(LocalDate d) {
        return TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_DATE, Math.toIntExact(d.toEpochDay()));
    }

    private static TypedValue timestamp(LocalDateTime t) {
        long millis = t.toEpochSecond(ZoneOffset.UTC) * 1000L + t.getNano() / 1_000_000;
        return TypedValue.ofSerial(ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP, millis);
    }
}
