package org.hadoopdb.cli.shell;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * A value as the {@code hive} CLI prints it: {@code NULL}, decimals without exponent, doubles as Java
 * writes them, timestamps as {@code yyyy-MM-dd HH:mm:ss[.f…]} (no trailing zeros), binary as its bytes.
 */
public final class ValueText {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss").appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).toFormatter();

    private ValueText() {
    }

    public static String of(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof LocalDateTime t) {
            return TIMESTAMP.format(t);
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return v.toString();
    }
}
