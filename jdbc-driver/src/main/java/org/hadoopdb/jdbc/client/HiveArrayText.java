package org.hadoopdb.jdbc.client;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads an ARRAY column's value as Hive shows it ({@code [1,2]}, {@code ["a",null]}), which is what the
 * server sends, back into its elements for {@code ResultSet.getArray}: numbers as {@code Integer},
 * {@code Long}, {@code Double} or {@code BigDecimal} by the element type, strings (and dates and
 * timestamps, in Hive's text) as {@code String}, booleans as {@code Boolean}, NULL as null, and a nested
 * array, map or struct as its own Hive text.
 */
final class HiveArrayText {
    private final String text;
    private final String elementType;
    private int pos;

    private HiveArrayText(String text, String elementType) {
        this.text = text;
        this.elementType = elementType.toLowerCase(Locale.ROOT);
    }

    /** The elements of {@code text}, an array of the type spelled {@code arrayType} ({@code array<int>}). */
    static Object[] elements(String text, String arrayType) throws SQLException {
        String type = arrayType.trim();
        if (!type.toLowerCase(Locale.ROOT).startsWith("array<") || !type.endsWith(">")) {
            throw new SQLException("The column is " + arrayType + ", not an array: read it with getString", "22005");
        }
        HiveArrayText reader = new HiveArrayText(text, type.substring(6, type.length() - 1).trim());
        try {
            return reader.read();
        } catch (RuntimeException e) {
            throw new SQLException("Malformed " + arrayType + " value at character " + (reader.pos + 1) + ": " + text, "22000", e);
        }
    }

    /** The element type's base name, as {@code java.sql.Array.getBaseTypeName} reports it. */
    static String elementType(String arrayType) {
        return arrayType.trim().substring(6, arrayType.trim().length() - 1).trim();
    }

    private Object[] read() {
        expect('[');
        List<Object> out = new ArrayList<>();
        if (peek() != ']') {
            do {
                out.add(element());
            } while (accept(','));
        }
        expect(']');
        if (pos != text.length()) {
            throw new IllegalArgumentException("text after the array");
        }
        return out.toArray();
    }

    private Object element() {
        char c = peek();
        if (text.startsWith("null", pos)) {
            pos += 4;
            return null;
        }
        if (c == '[' || c == '{') {
            return nested();
        }
        if (c == '"') {
            return string();
        }
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != ',' && text.charAt(pos) != ']') {
            pos++;
        }
        String token = text.substring(start, pos);
        if (elementType.equals("boolean")) {
            return Boolean.valueOf(token);
        }
        if (elementType.startsWith("decimal")) {
            return new BigDecimal(token);
        }
        return switch (elementType) {
            case "tinyint", "smallint", "int" -> Integer.valueOf(token);
            case "bigint" -> Long.valueOf(token);
            case "float", "double" -> Double.valueOf(token);
            default -> token;
        };
    }

    /** A nested value's whole text, brackets matched outside strings. */
    private String nested() {
        int start = pos;
        int depth = 0;
        boolean inString = false;
        for (; pos < text.length(); pos++) {
            char c = text.charAt(pos);
            if (inString) {
                if (c == '\\') {
                    pos++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
            } else if ((c == ']' || c == '}') && --depth == 0) {
                pos++;
                return text.substring(start, pos);
            }
        }
        throw new IllegalArgumentException("a nested value is not closed");
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> sb.append(e);
            }
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private boolean accept(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw new IllegalArgumentException("expected '" + c + "'");
        }
    }
}
