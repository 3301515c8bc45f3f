package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.ComplexDisplay;
import org.hadoopdb.catalog.model.HiveTimestampFormat;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Values as Hive's command line prints them: {@code NULL}, decimals in plain notation, timestamps as
 * {@link HiveTimestampFormat} writes them, binary as its bytes read as UTF-8, everything else (dates,
 * booleans as {@code true}/{@code false}, doubles as Java writes them) as its {@code toString()}.
 * ARRAY, MAP and STRUCT as Hive shows them ({@link ComplexDisplay}).
 * The shell, {@code INSERT OVERWRITE DIRECTORY} and {@link Row#toString()} all print through here.
 */
public final class HiveText {
    private HiveText() {
    }

    /** The text of a value in its {@link Row} form ({@link Row#get}); {@code NULL} for null. */
    public static String of(Object value) {
        return value == null ? "NULL" : append(new StringBuilder(), value).toString();
    }

    /** The text of field {@code i} of {@code row}; {@code NULL} for null. */
    public static String field(Row row, int i) {
        return of(row.schema().type(i), row.get(i));
    }

    /** The text of a value of {@code type} in its {@link Row} form; {@code NULL} for null. */
    public static String of(HiveType type, Object value) {
        return value == null ? "NULL" : append(new StringBuilder(), type, value).toString();
    }

    /** Appends the text of a non-null value of {@code type}: complex values as {@link ComplexDisplay} shows them. */
    public static StringBuilder append(StringBuilder sb, HiveType type, Object value) {
        if (type.kind().isComplex()) {
            return sb.append(ComplexDisplay.format(type, value));
        }
        return append(sb, value);
    }

    /** Appends the text of a non-null primitive value in its {@link Row} form to {@code sb} and returns {@code sb}. */
    public static StringBuilder append(StringBuilder sb, Object value) {
        if (value instanceof BigDecimal d) {
            return sb.append(d.toPlainString());
        }
        if (value instanceof LocalDateTime t) {
            return HiveTimestampFormat.appendTo(sb, t);
        }
        if (value instanceof byte[] b) {
            // Hive prints binary columns as their bytes; we decode them as UTF-8 as Hive's CLI does.
            return sb.append(new String(b, StandardCharsets.UTF_8));
        }
        return sb.append(value);
    }
}
