package org.hadoopdb.loader.text;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.loader.LoaderException;

/**
 * How a delimited text file encodes rows: one record per line ({@code \n}, {@code \r\n} or
 * {@code \r}), fields separated by a one-byte delimiter.
 *
 * <ul>
 *   <li><b>delimiter</b> ({@code field.delim}): Hive's default is {@code \001} (Ctrl-A);
 *   <li><b>escape</b> ({@code escape.delim}, none by default): the escape character followed by any
 *       character stands for that character, so {@code a\|b} is the value {@code a|b} with
 *       {@code |} as delimiter and {@code \} as escape; with {@code serialization.escape.crlf=true}
 *       the escape followed by {@code n} or {@code r} is a line feed or carriage return (as in Hive);
 *   <li><b>quote</b> ({@code quote.delim}, none by default): CSV-style quoting. A field that starts
 *       with the quote character runs to the matching closing quote, may contain the delimiter, and
 *       writes a quote character as two; a quoted field is never NULL. A quoted field cannot span
 *       lines;
 *   <li><b>NULL</b> ({@code serialization.null.format}, default {@code \N}): a field whose raw text
 *       is exactly this string is NULL. An empty field of a non-string column is NULL as well (Hive
 *       reads it so); an empty field of a string column is the empty string;
 *   <li><b>header lines</b> ({@code skip.header.line.count}, default 0): skipped at the start of every
 *       input file;
 *   <li><b>encoding</b> ({@code serialization.encoding}, default UTF-8): any charset that encodes
 *       ASCII as single bytes (UTF-8, ISO-8859-x, windows-125x, ...). Lines that are not valid in it
 *       are rejected.
 *   <li><b>collection items</b> ({@code colelction.delim}, default {@code \002}) and <b>map keys</b>
 *       ({@code mapkey.delim}, default {@code \003}): the separators of ARRAY, MAP and STRUCT values
 *       inside a field, by nesting level ({@link NestingSeparators}).
 * </ul>
 *
 * @param delimiter  the field delimiter byte (ASCII)
 * @param escape     the escape byte (ASCII), or -1 for none
 * @param quote      the quote byte (ASCII), or -1 for none
 * @param nullString the text of a NULL field
 * @param headerLines lines to skip at the start of each file
 * @param encoding   the input's character set
 * @param escapeCrLf whether escape + {@code n}/{@code r} stand for line feed / carriage return
 * @param collectionDelimiter the separator of a complex column's items ({@code colelction.delim}, default
 *                   {@code \002}): an ARRAY's items, a MAP's entries, a STRUCT's fields
 * @param mapKeyDelimiter the separator of a MAP entry's key and value ({@code mapkey.delim}, default {@code \003});
 *                   deeper nesting levels use fixed separators ({@link NestingSeparators})
 */
public record TextFormat(byte delimiter, int escape, int quote, String nullString, int headerLines, Charset encoding,
                         boolean escapeCrLf, byte collectionDelimiter, byte mapKeyDelimiter) {

    /** Table property: the field delimiter (Hive's {@code FIELDS TERMINATED BY}). */
    public static final String FIELD_DELIM = "field.delim";
    /** Table property Hive falls back to when {@code field.delim} is absent. */
    public static final String SERIALIZATION_FORMAT = "serialization.format";
    /** Table property: the escape character (Hive's {@code ESCAPED BY}). */
    public static final String ESCAPE_DELIM = "escape.delim";
    /**
     * Table property: the separator of an ARRAY's items, a MAP's entries and a STRUCT's fields (Hive's
     * {@code COLLECTION ITEMS TERMINATED BY}; Hive spells the key {@code colelction.delim}, and so do we,
     * so tables keep their properties when moved).
     */
    public static final String COLLECTION_DELIM = "colelction.delim";
    /** Table property: the separator of a MAP entry's key and value (Hive's {@code MAP KEYS TERMINATED BY}). */
    public static final String MAPKEY_DELIM = "mapkey.delim";
    /** Table property: the quote character (CSV-style quoting; not in Hive's LazySimpleSerDe). */
    public static final String QUOTE_DELIM = "quote.delim";
    /** Table property: the text of NULL (Hive's {@code NULL DEFINED AS}). */
    public static final String NULL_FORMAT = "serialization.null.format";
    /** Table property: header lines to skip in each file. */
    public static final String HEADER_LINES = "skip.header.line.count";
    /** Table property: the input character set. */
    public static final String ENCODING = "serialization.encoding";
    /** Table property: escape + n/r are line feed / carriage return. */
    public static final String ESCAPE_CRLF = "serialization.escape.crlf";

    public static final byte HIVE_DEFAULT_DELIMITER = 1;
    /** Hive's default separator of collection items (Ctrl-B). */
    public static final byte HIVE_DEFAULT_COLLECTION_DELIMITER = 2;
    /** Hive's default separator of a map entry's key and value (Ctrl-C). */
    public static final byte HIVE_DEFAULT_MAPKEY_DELIMITER = 3;
    public static final String DEFAULT_NULL = "\\N";

    /**
     * Hive's defaults: Ctrl-A delimited, no escape, no quote, {@code \N}, no header, UTF-8; complex values'
     * items separated by Ctrl-B, map keys by Ctrl-C.
     */
    public static final TextFormat HIVE_DEFAULT = new TextFormat(HIVE_DEFAULT_DELIMITER, -1, -1, DEFAULT_NULL, 0,
            StandardCharsets.UTF_8, false, HIVE_DEFAULT_COLLECTION_DELIMITER, HIVE_DEFAULT_MAPKEY_DELIMITER);

    public TextFormat {
        if (encoding == null) {
            encoding = StandardCharsets.UTF_8;
        }
        requireAsciiCompatible(encoding);
        if (nullString == null) {
            nullString = DEFAULT_NULL;
        }
        checkSpecial("field delimiter", delimiter);
        if (escape >= 0) {
            checkSpecial("escape character", escape);
            if (escape == (delimiter & 0xFF)) {
                throw new LoaderException("The escape character and the field delimiter must differ (both are " + show(escape) + ")");
            }
        }
        if (quote >= 0) {
            checkSpecial("quote character", quote);
            if (quote == (delimiter & 0xFF) || quote == escape) {
                throw new LoaderException("The quote character " + show(quote) + " must differ from the field delimiter and the escape character");
            }
        }
        if (headerLines < 0) {
            throw new LoaderException("Header lines must not be negative, got " + headerLines);
        }
    }

    /** This format with the delimiter {@code c}. */
    public TextFormat withDelimiter(char c) {
        return new TextFormat(asciiByte("field delimiter", c), escape, quote, nullString, headerLines, encoding, escapeCrLf,
                collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withEscape(Character c) {
        return new TextFormat(delimiter, c == null ? -1 : asciiByte("escape character", c), quote, nullString, headerLines,
                encoding, escapeCrLf, collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withQuote(Character c) {
        return new TextFormat(delimiter, escape, c == null ? -1 : asciiByte("quote character", c), nullString, headerLines,
                encoding, escapeCrLf, collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withNullString(String s) {
        return new TextFormat(delimiter, escape, quote, s, headerLines, encoding, escapeCrLf,
                collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withHeaderLines(int n) {
        return new TextFormat(delimiter, escape, quote, nullString, n, encoding, escapeCrLf,
                collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withEncoding(Charset cs) {
        return new TextFormat(delimiter, escape, quote, nullString, headerLines, cs, escapeCrLf,
                collectionDelimiter, mapKeyDelimiter);
    }

    public TextFormat withEscapeCrLf(boolean on) {
        return new TextFormat(delimiter, escape, quote, nullString, headerLines, encoding, on,
                collectionDelimiter, mapKeyDelimiter);
    }

    /** This format with {@code c} separating the items of complex values (Hive's {@code COLLECTION ITEMS TERMINATED BY}). */
    public TextFormat withCollectionDelimiter(char c) {
        return new TextFormat(delimiter, escape, quote, nullString, headerLines, encoding, escapeCrLf,
                asciiByte("collection items delimiter", c), mapKeyDelimiter);
    }

    /** This format with {@code c} separating a map entry's key and value (Hive's {@code MAP KEYS TERMINATED BY}). */
    public TextFormat withMapKeyDelimiter(char c) {
        return new TextFormat(delimiter, escape, quote, nullString, headerLines, encoding, escapeCrLf, collectionDelimiter,
                asciiByte("map keys delimiter", c));
    }

    /** The NULL string in the input encoding, to compare with raw field bytes. */
    public byte[] nullBytes() {
        return nullString.getBytes(encoding);
    }

    public boolean isUtf8() {
        return encoding.equals(StandardCharsets.UTF_8);
    }

    /**
     * The format a table's properties describe, Hive's defaults for what they leave out. Follows
     * Hive's reading of delimiter properties: a number is a byte value ({@code '9'} is a tab), anything
     * else its first character.
     */
    public static TextFormat fromProperties(Map<String, String> properties) {
        Map<String, String> p = lowerCaseKeys(properties);
        String delim = p.containsKey(FIELD_DELIM) ? p.get(FIELD_DELIM) : p.get(SERIALIZATION_FORMAT);
        byte delimiter = delim == null || delim.isEmpty() ? HIVE_DEFAULT_DELIMITER : (byte) hiveByte(FIELD_DELIM, delim);
        int escape = blank(p.get(ESCAPE_DELIM)) ? -1 : hiveByte(ESCAPE_DELIM, p.get(ESCAPE_DELIM));
        int quote = blank(p.get(QUOTE_DELIM)) ? -1 : hiveByte(QUOTE_DELIM, p.get(QUOTE_DELIM));
        String nullString = p.getOrDefault(NULL_FORMAT, DEFAULT_NULL);
        int header = 0;
        if (!blank(p.get(HEADER_LINES))) {
            try {
                header = Integer.parseInt(p.get(HEADER_LINES).trim());
            } catch (NumberFormatException e) {
                throw new LoaderException("Table property " + HEADER_LINES + " must be a whole number, got '" + p.get(HEADER_LINES) + "'", e);
            }
        }
        Charset cs = blank(p.get(ENCODING)) ? StandardCharsets.UTF_8 : charset(p.get(ENCODING));
        boolean crlf = "true".equalsIgnoreCase(String.valueOf(p.get(ESCAPE_CRLF)).trim());
        byte collection = blank(p.get(COLLECTION_DELIM)) ? HIVE_DEFAULT_COLLECTION_DELIMITER
                : (byte) hiveByte(COLLECTION_DELIM, p.get(COLLECTION_DELIM));
        byte mapKey = blank(p.get(MAPKEY_DELIM)) ? HIVE_DEFAULT_MAPKEY_DELIMITER : (byte) hiveByte(MAPKEY_DELIM, p.get(MAPKEY_DELIM));
        return new TextFormat(delimiter, escape, quote, nullString, header, cs, crlf, collection, mapKey);
    }

    /** The table properties that describe this format (only those differing from Hive's defaults). */
    public Map<String, String> toProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(FIELD_DELIM, String.valueOf((char) (delimiter & 0xFF)));
        if (escape >= 0) {
            p.put(ESCAPE_DELIM, String.valueOf((char) escape));
        }
        if (quote >= 0) {
            p.put(QUOTE_DELIM, String.valueOf((char) quote));
        }
        if (!DEFAULT_NULL.equals(nullString)) {
            p.put(NULL_FORMAT, nullString);
        }
        if (headerLines > 0) {
            p.put(HEADER_LINES, Integer.toString(headerLines));
        }
        if (!isUtf8()) {
            p.put(ENCODING, encoding.name());
        }
        if (escapeCrLf) {
            p.put(ESCAPE_CRLF, "true");
        }
        // as byte values: fromProperties reads a digit as a byte value, so the character itself would not come back
        if (collectionDelimiter != HIVE_DEFAULT_COLLECTION_DELIMITER) {
            p.put(COLLECTION_DELIM, Integer.toString(collectionDelimiter & 0xFF));
        }
        if (mapKeyDelimiter != HIVE_DEFAULT_MAPKEY_DELIMITER) {
            p.put(MAPKEY_DELIM, Integer.toString(mapKeyDelimiter & 0xFF));
        }
        return p;
    }

    /** A character set by name, with an error listing what went wrong. */
    public static Charset charset(String name) {
        try {
            return Charset.forName(name.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new LoaderException("Unknown character encoding '" + name + "' (try UTF-8, ISO-8859-1, windows-1252)", e);
        }
    }

    /**
     * A delimiter, escape or quote character as a user types it: one character, or {@code \t},
     * {@code \\}, an octal escape such as {@code \001}, {@code \xHH} or {@code \\uHHHH}.
     */
    public static char parseCharSpec(String what, String spec) {
        if (spec == null || spec.isEmpty()) {
            throw new LoaderException("The " + what + " is empty; give one character such as '|' or an escape such as '\\t' or '\\001'");
        }
        if (spec.length() == 1) {
            return spec.charAt(0);
        }
        if (spec.charAt(0) == '\\') {
            String rest = spec.substring(1);
            try {
                switch (rest) {
                    case "t":
                        return '\t';
                    case "\\":
                        return '\\';
                    default:
                        if (rest.startsWith("x") || rest.startsWith("u")) {
                            return (char) Integer.parseInt(rest.substring(1), 16);
                        }
                        if (rest.chars().allMatch(ch -> ch >= '0' && ch <= '7')) {
                            return (char) Integer.parseInt(rest, 8);
                        }
                }
            } catch (NumberFormatException e) {
                throw new LoaderException("Cannot read the " + what + " '" + spec + "': " + e.getMessage(), e);
            }
        }
        if (spec.equalsIgnoreCase("tab")) {
            return '\t';
        }
        throw new LoaderException("The " + what + " must be one character, got '" + spec
                + "' (escapes: \\t, \\\\, \\001 octal, \\x01 hex)");
    }

    private static int hiveByte(String property, String value) {
        try {
            int b = Byte.parseByte(value.trim());
            return b & 0xFF;
        } catch (NumberFormatException e) {
            char c = value.charAt(0);
            return asciiByte("table property " + property, c) & 0xFF;
        }
    }

    private static byte asciiByte(String what, char c) {
        if (c > 0x7F) {
            throw new LoaderException("The " + what + " must be an ASCII character, got '" + c + "' (U+"
                    + String.format(Locale.ROOT, "%04X", (int) c) + ")");
        }
        return (byte) c;
    }

    private static void checkSpecial(String what, int b) {
        int v = b & 0xFF;
        if (v == '\n' || v == '\r') {
            throw new LoaderException("The " + what + " cannot be a line break: records are lines");
        }
        if (v > 0x7F) {
            throw new LoaderException("The " + what + " must be an ASCII character, got byte " + v);
        }
    }

    private static void requireAsciiCompatible(Charset cs) {
        byte[] ascii = new byte[128];
        for (int i = 0; i < 128; i++) {
            ascii[i] = (byte) i;
        }
        String decoded = new String(ascii, cs);
        if (decoded.length() != 128) {
            throw asciiError(cs);
        }
        for (int i = 0; i < 128; i++) {
            if (decoded.charAt(i) != i) {
                throw asciiError(cs);
            }
        }
    }

    private static LoaderException asciiError(Charset cs) {
        return new LoaderException("Encoding " + cs.name() + " is not supported: input files must use an encoding that "
                + "writes ASCII as single bytes (UTF-8, ISO-8859-x, windows-125x, ...); convert UTF-16/UTF-32 files to UTF-8 first");
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }

    private static Map<String, String> lowerCaseKeys(Map<String, String> properties) {
        Map<String, String> out = new LinkedHashMap<>();
        properties.forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), v));
        return out;
    }

    static String show(int b) {
        return b >= 0x20 && b < 0x7F ? "'" + (char) b + "'" : String.format(Locale.ROOT, "\\%03o", b);
    }

    @Override
    public String toString() {
        return "delimiter " + show(delimiter & 0xFF) + (escape >= 0 ? ", escape " + show(escape) : "")
                + (quote >= 0 ? ", quote " + show(quote) : "") + ", NULL as '" + nullString + "'"
                + (headerLines > 0 ? ", " + headerLines + " header line(s)" : "") + ", " + encoding.name()
                + (collectionDelimiter != HIVE_DEFAULT_COLLECTION_DELIMITER ? ", collection items " + show(collectionDelimiter & 0xFF) : "")
                + (mapKeyDelimiter != HIVE_DEFAULT_MAPKEY_DELIMITER ? ", map keys " + show(mapKeyDelimiter & 0xFF) : "");
    }
}
