package org.hadoopdb.loader.text;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.HiveTimestampFormat;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.loader.LoaderException;

/**
 * Writes values as Hive's delimited text writes a column's value (LazySimpleSerDe): an ARRAY's items,
 * a MAP's entries and a STRUCT's fields separated by the separator of their nesting level, a MAP
 * entry's key and value by the next one ({@link NestingSeparators}); NULL as the format's NULL text at
 * any level; primitives as Hive writes them (BINARY in base64). With an escape character, the escape
 * character and every separator inside a primitive value are preceded by it (and line feed and
 * carriage return written as escape + {@code n}/{@code r} when the format says so), so what it writes
 * reads back as the same value ({@link RecordConverter}, {@link TextRowParser}).
 *
 * <p>Without an escape character, text that holds a separator or the NULL text is written as it is
 * and does not read back the same (as in Hive); nor do an ARRAY holding only the empty string
 * (written as the empty array is) and a one-item ARRAY holding NULL (written as a NULL column is).
 *
 * <pre>{@code
 * HiveDelimitedText text = new HiveDelimitedText(TextFormat.HIVE_DEFAULT);
 * text.check("scores", type);                       // once per column: separators that clash are refused
 * text.append(type, row.getComplex(2), line);       // map<string,array<int>> {a: [1, 2], b: [3]}:
 *                                                   // a ^C 1 ^D 2 ^B b ^C 3 (^B is \002, ...)
 * }</pre>
 * Thread-safe: it keeps no state between calls.
 */
public final class HiveDelimitedText {
    private final TextFormat format;
    private final NestingSeparators separators;
    private final String nullText;
    private final int escape;
    private final boolean escapeCrLf;

    /** A writer of {@code format}'s separators, NULL text, escape character and {@code escape.crlf} setting. */
    public HiveDelimitedText(TextFormat format) {
        this.format = format;
        this.separators = NestingSeparators.of(format);
        this.nullText = format.nullString();
        this.escape = format.escape();
        this.escapeCrLf = format.escapeCrLf();
    }

    /**
     * Checks that a column of {@code type} can be written (and read back) in this format: the separators
     * it uses differ from each other and from the escape character ({@link NestingSeparators#check}).
     *
     * @throws LoaderException naming the column and the clashing separators
     */
    public void check(String column, HiveType type) {
        separators.check(column, type, format);
    }

    /**
     * Appends the text of a column's value: {@code value} in its {@code Row} form (an ARRAY or STRUCT as
     * a {@code List}, a MAP as a {@code Map}, primitives as {@code Row} holds them), null for NULL.
     *
     * @return {@code sb}
     * @throws LoaderException when the value is not of {@code type}, or nests deeper than the separators go
     */
    public StringBuilder append(HiveType type, Object value, StringBuilder sb) {
        try {
            append(type, value, NestingSeparators.COLUMN_LEVEL, sb);
            return sb;
        } catch (ClassCastException e) {
            throw new LoaderException("A value of type " + type + " cannot hold " + value, e);
        }
    }

    private void append(HiveType type, Object value, int level, StringBuilder sb) {
        if (value == null) {
            sb.append(nullText);
            return;
        }
        switch (type.kind()) {
            case ARRAY -> {
                char separator = separator(level);
                int i = 0;
                for (Object item : (List<?>) value) {
                    if (i++ > 0) {
                        sb.append(separator);
                    }
                    append(type.elementType(), item, level + 1, sb);
                }
            }
            case STRUCT -> {
                char separator = separator(level);
                List<?> fields = (List<?>) value;
                List<HiveType> types = type.fieldTypes();
                if (fields.size() != types.size()) {
                    throw new LoaderException("A value of " + type + " needs " + types.size() + " fields, got " + fields.size());
                }
                for (int i = 0; i < types.size(); i++) {
                    if (i > 0) {
                        sb.append(separator);
                    }
                    append(types.get(i), fields.get(i), level + 1, sb);
                }
            }
            case MAP -> {
                char entrySeparator = separator(level);
                char keySeparator = separator(level + 1);
                int i = 0;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    if (i++ > 0) {
                        sb.append(entrySeparator);
                    }
                    append(type.keyType(), e.getKey(), level + 2, sb);
                    sb.append(keySeparator);
                    append(type.valueType(), e.getValue(), level + 2, sb);
                }
            }
            default -> appendEscaped(primitiveText(type, value), sb);
        }
    }

    private char separator(int level) {
        return (char) (separators.at(level) & 0xFF);
    }

    /** A primitive value as Hive's text SerDe writes it, before escaping. */
    private static String primitiveText(HiveType type, Object value) {
        return switch (type.kind()) {
            case STRING, VARCHAR, CHAR -> (String) value;
            case BINARY -> Base64.getEncoder().encodeToString((byte[]) value);
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case TIMESTAMP -> HiveTimestampFormat.appendTo(new StringBuilder(), (LocalDateTime) value).toString();
            default -> String.valueOf(value);
        };
    }

    private void appendEscaped(String text, StringBuilder sb) {
        if (escape < 0) {
            sb.append(text);
            return;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == escape || (c < 0x80 && separators.isSeparator(c))) {
                sb.append((char) escape).append(c);
            } else if (escapeCrLf && c == '\n') {
                sb.append((char) escape).append('n');
            } else if (escapeCrLf && c == '\r') {
                sb.append((char) escape).append('r');
            } else {
                sb.append(c);
            }
        }
    }
}
