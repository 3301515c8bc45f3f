package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType.Kind;

/** Values as Hive's command line prints them. */
final class HiveText {
    private HiveText() {
    }

    static void append(StringBuilder sb, Kind kind, Object value) {
        switch (kind) {
            case DECIMAL -> sb.append(((BigDecimal) value).toPlainString());
            // Hive prints binary columns as their bytes; we decode them as UTF-8 as Hive's CLI does.
            case BINARY -> sb.append(new String((byte[]) value, StandardCharsets.UTF_8));
            case DATE -> sb.append((LocalDate) value);
            case TIMESTAMP -> appendTimestamp(sb, (LocalDateTime) value);
            default -> sb.append(value);
        }
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.fffffffff]} with trailing zeros of the fraction dropped, as Hive prints timestamps. */
    static void appendTimestamp(StringBuilder sb, LocalDateTime t) {
        sb.append(t.toLocalDate()).append(' ');
        pad2(sb, t.getHour()).append(':');
        pad2(sb, t.getMinute()).append(':');
        pad2(sb, t.getSecond());
        appendFraction(sb, t.getNano());
    }

    /** {@code .fffffffff} without trailing zeros; nothing for a whole second. */
    static void appendFraction(StringBuilder sb, int nanos) {
        if (nanos == 0) {
            return;
        }
        String digits = Integer.toString(1_000_000_000 + nanos).substring(1);
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        sb.append('.').append(digits, 0, end);
    }

    static StringBuilder pad2(StringBuilder sb, int v) {
        if (v < 10) {
            sb.append('0');
        }
        return sb.append(v);
    }
}
