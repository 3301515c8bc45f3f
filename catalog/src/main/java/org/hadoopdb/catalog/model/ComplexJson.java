package org.hadoopdb.catalog.model;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.CatalogException;

/**
 * The one stored form of ARRAY, MAP and STRUCT values: JSON, typed by the column's {@link HiveType}. It
 * is what the chunks hold (as {@code jsonb}) and what a row carries between tasks, so a value read
 * from PostgreSQL is only parsed and written again, never converted.
 *
 * <ul>
 *   <li>ARRAY: a JSON array of the elements; STRUCT: a JSON array of the fields' values, in order (names
 *       are the type's, so renaming a field rewrites nothing); MAP: a JSON array of {@code [key, value]}
 *       pairs, in the map's order (a JSON object would lose the keys' types and order, and repeat none).
 *   <li>Integers, DECIMAL and finite FLOAT/DOUBLE: JSON numbers ({@code jsonb} keeps a decimal's scale);
 *       NaN and the infinities: the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
 *   <li>STRING/VARCHAR/CHAR: JSON strings; BOOLEAN: {@code true}/{@code false}; DATE and TIMESTAMP: strings
 *       in Hive's text ({@link HiveTimestampFormat}); BINARY: a base64 string; NULL: {@code null}.
 * </ul>
 *
 * <p>Java forms: ARRAY and STRUCT are unmodifiable {@link List}s, MAP an unmodifiable
 * {@link LinkedHashMap} (keys in order); primitive values as in {@code Row}: {@code Byte},
 * {@code Short}, {@code Integer}, {@code Long}, {@code Float}, {@code Double}, {@code BigDecimal},
 * {@code String}, {@code Boolean}, {@code LocalDate}, {@code LocalDateTime}, {@code byte[]}.
 *
 * <p>Example: {@code map<string,array<int>>} holding {@code {"a": [1, 2]}} is {@code [["a",[1,2]]]}.
 */
public final class ComplexJson {
    private ComplexJson() {
    }

    /** The stored form of {@code value} (a Java form of {@code type}); null for NULL. */
    public static String write(HiveType type, Object value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(32);
        write(type, value, sb);
        return sb.toString();
    }

    /** Appends the stored form of {@code value} to {@code sb}. */
    public static void write(HiveType type, Object value, StringBuilder sb) {
        append(type, value, sb, false);
    }

    /**
     * Appends {@code value}: its stored form, or with {@code display} Hive's text of it
     * ({@link ComplexDisplay}): maps as {@code {k:v}}, structs as {@code {"name":v}}, NaN and the
     * infinities bare. The two differ only there, so one writer serves both.
     */
    static void append(HiveType type, Object value, StringBuilder sb, boolean display) {
        if (value == null) {
            sb.append("null");
            return;
        }
        try {
            switch (type.kind()) {
                case ARRAY -> {
                    sb.append('[');
                    int i = 0;
                    for (Object e : (List<?>) value) {
                        sb.append(i++ == 0 ? "" : ",");
                        append(type.elementType(), e, sb, display);
                    }
                    sb.append(']');
                }
                case STRUCT -> {
                    List<?> fields = (List<?>) value;
                    List<HiveType> types = type.fieldTypes();
                    if (fields.size() != types.size()) {
                        throw new CatalogException("A value of " + type + " needs " + types.size() + " fields, got " + fields.size());
                    }
                    sb.append(display ? '{' : '[');
                    for (int i = 0; i < types.size(); i++) {
                        sb.append(i == 0 ? "" : ",");
                        if (display) {
                            quote(type.fieldNames().get(i), sb);
                            sb.append(':');
                        }
                        append(types.get(i), fields.get(i), sb, display);
                    }
                    sb.append(display ? '}' : ']');
                }
                case MAP -> {
                    sb.append(display ? '{' : '[');
                    int i = 0;
                    for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                        sb.append(i++ == 0 ? "" : ",").append(display ? "" : "[");
                        append(type.keyType(), e.getKey(), sb, display);
                        sb.append(display ? ':' : ',');
                        append(type.valueType(), e.getValue(), sb, display);
                        sb.append(display ? "" : "]");
                    }
                    sb.append(display ? '}' : ']');
                }
                case TINYINT, SMALLINT, INT, BIGINT -> sb.append(((Number) value).longValue());
                case BOOLEAN -> sb.append(((Boolean) value).booleanValue());
                case FLOAT, DOUBLE -> {
                    double d = ((Number) value).doubleValue();
                    if (!display && (Double.isNaN(d) || Double.isInfinite(d))) {
                        sb.append('"').append(d).append('"');
                    } else {
                        sb.append(value);
                    }
                }
                case DECIMAL -> sb.append(((BigDecimal) value).toPlainString());
                case STRING, VARCHAR, CHAR -> quote((String) value, sb);
                case DATE -> sb.append('"').append((LocalDate) value).append('"');
                case TIMESTAMP -> HiveTimestampFormat.appendTo(sb.append('"'), (LocalDateTime) value).append('"');
                case BINARY -> sb.append('"').append(Base64.getEncoder().encodeToString((byte[]) value)).append('"');
            }
        } catch (ClassCastException e) {
            throw new CatalogException("A value of type " + type + " cannot be " + value.getClass().getSimpleName()
                    + " (" + value + ")", e);
        }
    }

    /** Appends {@code s} as a JSON string. */
    public static void quote(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * The Java form of a stored value of {@code type} (any JSON spacing, as {@code jsonb} prints it).
     *
     * @throws CatalogException naming the type and the position when the text is not a value of it
     */
    public static Object read(HiveType type, CharSequence json) {
        if (json == null) {
            return null;
        }
        Reader r = new Reader(json, type);
        Object v = r.value(type);
        r.skipBlanks();
        if (r.pos != json.length()) {
            throw r.error("unexpected text after the value");
        }
        return v;
    }

    private static final class Reader {
        private final CharSequence text;
        private final HiveType whole;
        private int pos;

        Reader(CharSequence text, HiveType whole) {
            this.text = text;
            this.whole = whole;
        }

        Object value(HiveType type) {
            skipBlanks();
            if (startsWith("null")) {
                pos += 4;
                return null;
            }
            return switch (type.kind()) {
                case ARRAY -> {
                    List<Object> out = new ArrayList<>();
                    list(() -> out.add(value(type.elementType())));
                    yield Collections.unmodifiableList(out);
                }
                case STRUCT -> {
                    List<Object> out = new ArrayList<>(type.fieldTypes().size());
                    list(() -> {
                        if (out.size() == type.fieldTypes().size()) {
                            throw error("more fields than " + type + " has");
                        }
                        out.add(value(type.fieldTypes().get(out.size())));
                    });
                    if (out.size() != type.fieldTypes().size()) {
                        throw error("fewer fields than " + type + " has");
                    }
                    yield Collections.unmodifiableList(out);
                }
                case MAP -> {
                    Map<Object, Object> out = new LinkedHashMap<>();
                    list(() -> {
                        expect('[');
                        Object k = value(type.keyType());
                        expect(',');
                        Object v = value(type.valueType());
                        expect(']');
                        out.put(k, v);
                    });
                    yield Collections.unmodifiableMap(out);
                }
                case TINYINT -> (byte) integer(type, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> (short) integer(type, Short.MIN_VALUE, Short.MAX_VALUE);
                case INT -> (int) integer(type, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> integer(type, Long.MIN_VALUE, Long.MAX_VALUE);
                case FLOAT -> (float) floating();
                case DOUBLE -> floating();
                case DECIMAL -> new BigDecimal(number());
                case STRING, VARCHAR, CHAR -> string();
                case BOOLEAN -> {
                    if (startsWith("true")) {
                        pos += 4;
                        yield Boolean.TRUE;
                    }
                    if (startsWith("false")) {
                        pos += 5;
                        yield Boolean.FALSE;
                    }
                    throw error("expected true or false");
                }
                case DATE -> {
                    String s = string();
                    try {
                        yield LocalDate.parse(s);
                    } catch (DateTimeParseException e) {
                        throw error("'" + s + "' is not a date");
                    }
                }
                case TIMESTAMP -> {
                    String s = string();
                    try {
                        yield LocalDateTime.parse(s.replace(' ', 'T'));
                    } catch (DateTimeParseException e) {
                        throw error("'" + s + "' is not a timestamp");
                    }
                }
                case BINARY -> {
                    String s = string();
                    try {
                        yield Base64.getDecoder().decode(s);
                    } catch (IllegalArgumentException e) {
                        throw error("'" + s + "' is not base64");
                    }
                }
            };
        }

        private void list(Runnable item) {
            expect('[');
            skipBlanks();
            if (peek() == ']') {
                pos++;
                return;
            }
            do {
                item.run();
                skipBlanks();
            } while (accept(','));
            expect(']');
        }

        private long integer(HiveType type, long min, long max) {
            String n = number();
            try {
                long v = Long.parseLong(n);
                if (v < min || v > max) {
                    throw error(n + " is out of the range of " + type);
                }
                return v;
            } catch (NumberFormatException e) {
                throw error("'" + n + "' is not an integer");
            }
        }

        private double floating() {
            skipBlanks();
            if (peek() == '"') {
                String s = string();
                return switch (s) {
                    case "NaN" -> Double.NaN;
                    case "Infinity" -> Double.POSITIVE_INFINITY;
                    case "-Infinity" -> Double.NEGATIVE_INFINITY;
                    default -> throw error("'" + s + "' is not a number");
                };
            }
            return Double.parseDouble(number());
        }

        private String number() {
            skipBlanks();
            int start = pos;
            while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
            if (start == pos) {
                throw error("expected a number");
            }
            return text.subSequence(start, pos).toString();
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw error("a string is not closed");
                }
                char c = text.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (pos >= text.length()) {
                    throw error("a string is not closed");
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("a \\u escape is cut short");
                        }
                        sb.append((char) Integer.parseInt(text.subSequence(pos, pos + 4).toString(), 16));
                        pos += 4;
                    }
                    default -> sb.append(e); // \" \\ \/
                }
            }
        }

        void skipBlanks() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private boolean startsWith(String word) {
            int n = word.length();
            return pos + n <= text.length() && text.subSequence(pos, pos + n).toString().equals(word);
        }

        private boolean accept(char c) {
            skipBlanks();
            if (peek() == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!accept(c)) {
                throw error("expected '" + c + "'");
            }
        }

        CatalogException error(String what) {
            String shown = text.length() > 200 ? text.subSequence(0, 200) + "…" : text.toString();
            return new CatalogException("Malformed " + whole + " value at character " + (pos + 1) + ": " + what + ": " + shown);
        }
    }
}
