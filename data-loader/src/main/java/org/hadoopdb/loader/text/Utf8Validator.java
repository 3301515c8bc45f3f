package org.hadoopdb.loader.text;

/** Checks that bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF). */
public final class Utf8Validator {
    private Utf8Validator() {
    }

    /** The offset of the first byte of the first invalid sequence in {@code [from, to)}, or -1 if all is valid. */
    public static int firstInvalid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int need;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                min = 0x10000;
            } else {
                return i;
            }
            if (i + need >= to) {
                return i;
            }
            int cp = c & (0x3F >> need);
            for (int k = 1; k <= need; k++) {
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += need + 1;
        }
        return -1;
    }

    /** True when {@code [from, to)} holds only ASCII bytes. */
    public static boolean isAscii(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            if ((Swar.word(b, i) & Swar.HIGHS) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }
}
