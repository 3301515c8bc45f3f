package org.hadoopdb.runtime;

import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import org.hadoopdb.connector.row.Row;

/**
 * A value as the Hive CLI prints it: decimals in plain notation, timestamps as
 * {@code yyyy-MM-dd HH:mm:ss[.fffffffff]} without trailing zeros, booleans as {@code true}/{@code false},
 * doubles as Java prints them, binary as its bytes read as UTF-8.
 */
public final class ValueText {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter();

    private ValueText() {
    }

    /** The text of field {@code i} of {@code row}, which must not be NULL. */
    public static String of(Row row, int i) {
        Object v = row.get(i);
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof java.time.LocalDateTime t) {
            return TIMESTAMP.format(t);
        }
        if (v instanceof byte[] b) {
            return new String(b, java.nio.charset.StandardCharsets.UTF_8);
        }
        return String.valueOf(v);
    }
}
