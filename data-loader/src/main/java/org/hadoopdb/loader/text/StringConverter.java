package org.hadoopdb.loader.text;

import java.nio.charset.StandardCharsets;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.HiveType.Kind;

/**
 * STRING, VARCHAR(n) and CHAR(n). As in Hive, a VARCHAR or CHAR value longer than its length is
 * truncated to that many characters, and CHAR values compare without trailing spaces. PostgreSQL
 * text cannot hold the character U+0000, so a value containing it is rejected. The value is written
 * with COPY's escapes for backslash, tab, line feed and carriage return.
 */
final class StringConverter extends ColumnConverter {
    private final HiveType type;
    private final int maxChars;
    private final boolean isChar;
    /** The accepted value's bytes, by reference: the caller keeps them unchanged until the row is committed. */
    private byte[] pendingBytes;
    private int pendingFrom;
    private int pendingTo;
    /** The end of the value as stored (for a CHAR, with its trailing spaces). */
    private int pendingEnd;
    private String keyValue;

    StringConverter(HiveType type, boolean key) {
        super(type, key);
        this.type = type;
        this.maxChars = type.length();
        this.isChar = type.kind() == Kind.CHAR;
    }

    @Override
    public boolean emptyIsNull() {
        return false;
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int end = to;
        if (maxChars > 0) {
            end = truncate(b, from, to, maxChars);
        }
        int clean = from;
        long backslashes = Swar.broadcast('\\');
        while (clean + 8 <= end) {
            long w = Swar.word(b, clean);
            if ((Swar.flagBelow(w, 0x20) | Swar.flagZero(w ^ backslashes)) != 0) {
                break;
            }
            clean += 8;
        }
        int run = from;
        for (int i = clean; i < end; i++) {
            byte c = b[i];
            if (c == '\\' || (c >= 0 && c < 0x20)) {
                if (c == 0) {
                    return "the value contains the character U+0000, which PostgreSQL cannot store";
                }
                byte escaped = switch (c) {
                    case '\t' -> (byte) 't';
                    case '\n' -> (byte) 'n';
                    case '\r' -> (byte) 'r';
                    case '\\' -> (byte) '\\';
                    default -> 0; // other control characters are taken literally by COPY
                };
                if (escaped == 0) {
                    continue;
                }
                out.put(b, run, i - run);
                out.put('\\');
                out.put(escaped);
                run = i + 1;
            }
        }
        out.put(b, run, end - run);
        int valueEnd = isChar ? stripTrailingSpaces(b, from, end) : end;
        pendingBytes = b;
        pendingFrom = from;
        pendingTo = valueEnd;
        pendingEnd = end;
        if (key) {
            keyValue = new String(b, from, valueEnd - from, StandardCharsets.UTF_8);
        }
        return null;
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof String s)) {
            return javaTypeError(v, type.toString());
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8); // a new array: stays valid until the commit
        return convert(bytes, 0, bytes.length, out);
    }

    @Override
    public void putBinary(ByteSink out) {
        // the characters as read (a CHAR keeps its trailing spaces: PostgreSQL pads or trims them as for text)
        out.putInt32(pendingEnd - pendingFrom);
        out.put(pendingBytes, pendingFrom, pendingEnd - pendingFrom);
    }

    /** The end of the first {@code max} characters of UTF-8 {@code b[from, to)}. */
    static int truncate(byte[] b, int from, int to, int max) {
        if (to - from <= max) {
            return to; // fewer bytes than the limit: fewer characters too
        }
        int chars = 0;
        for (int i = from; i < to; i++) {
            if ((b[i] & 0xC0) != 0x80) {
                if (chars == max) {
                    return i;
                }
                chars++;
            }
        }
        return to;
    }

    private static int stripTrailingSpaces(byte[] b, int from, int end) {
        while (end > from && b[end - 1] == ' ') {
            end--;
        }
        return end;
    }

    @Override
    public Object keyValue() {
        return keyValue;
    }

    @Override
    protected void commitValue() {
        stats.addBytes(pendingBytes, pendingFrom, pendingTo);
    }
}
