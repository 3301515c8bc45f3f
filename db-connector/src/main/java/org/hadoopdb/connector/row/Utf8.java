package org.hadoopdb.connector.row;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 encoding of Java strings into reusable buffers, without the intermediate array of
 * {@link String#getBytes}. An unpaired surrogate becomes {@code '?'}, as with {@code getBytes}.
 */
final class Utf8 {
    private Utf8() {
    }

    /** The most bytes {@code s} can take: 3 per UTF-16 unit (a surrogate pair takes 4 for 2 units). */
    static int maxEncodedLength(String s) {
        return s.length() * 3;
    }

    /** Encodes {@code s} into {@code dst} (which has room for {@link #maxEncodedLength}); returns the byte count. */
    static int encode(String s, byte[] dst) {
        int n = s.length();
        int p = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | (c >> 6));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    dst[p++] = (byte) (0xF0 | (cp >> 18));
                    dst[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    dst[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    dst[p++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    dst[p++] = '?';
                }
            } else {
                dst[p++] = (byte) (0xE0 | (c >> 12));
                dst[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }

    /** The bytes {@link #encode} writes for {@code s}, counted without encoding it. */
    static int encodedLength(String s) {
        int n = s.length();
        int p = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                p++;
            } else if (c < 0x800) {
                p += 2;
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    p += 4;
                } else {
                    p++;
                }
            } else {
                p += 3;
            }
        }
        return p;
    }

    static String decode(byte[] src, int off, int len) {
        return new String(src, off, len, StandardCharsets.UTF_8);
    }
}
