package org.hadoopdb.connector.row;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType.Kind;
import org.hadoopdb.connector.ConnectorException;

/**
 * Encodes rows as lines of PostgreSQL's {@code COPY ... FROM STDIN} text format (the default
 * format: tab-separated, {@code \N} for NULL, one line per row), in UTF-8, which is what pgjdbc's
 * {@code CopyManager} sends (it always talks UTF-8 to the server). Every value is written so that
 * PostgreSQL reads back exactly the value the row holds:
 * <ul>
 *   <li>strings: backslash, tab, newline and carriage return escaped as {@code \\ \t \n \r}; the
 *       empty string is an empty field, distinct from {@code \N}; a string containing U+0000 is
 *       rejected (PostgreSQL text cannot hold it);
 *   <li>FLOAT and DOUBLE: {@link Float#toString}/{@link Double#toString}, which round-trip exactly
 *       through PostgreSQL's correctly rounded parsers (PostgreSQL 12 and later), including
 *       {@code NaN}, {@code Infinity}, {@code -Infinity}, -0.0 and subnormals;
 *   <li>DECIMAL: plain notation, all digits; BOOLEAN: {@code t}/{@code f};
 *   <li>DATE and TIMESTAMP: ISO ({@code 2024-02-29}, {@code 2024-02-29 13:14:15.123456789}), years
 *       before 1 as {@code ... BC}, {@link LocalDate#MAX}/{@link LocalDateTime#MAX} (and MIN) as
 *       {@code infinity}/{@code -infinity}, as pgjdbc maps them. PostgreSQL keeps microseconds and
 *       rounds the nanoseconds;
 *   <li>BINARY: bytea hex, {@code \\x0a1b...} (the backslash escaped for COPY);
 *   <li>ARRAY, MAP, STRUCT: their stored JSON ({@code ComplexJson}) for a {@code jsonb} column, escaped as strings are.
 * </ul>
 *
 * <pre>{@code
 * CopyTextEncoder encoder = new CopyTextEncoder(schema);
 * CopyIn copy = new CopyManager(pgConnection).copyIn(encoder.copyStatement("chunk_0007"));
 * for (Row row : rows) {
 *     encoder.encode(row);
 *     copy.writeToCopy(encoder.buffer(), 0, encoder.length());
 * }
 * copy.endCopy();
 * }</pre>
 * One encoder per task, reused for every row; not thread-safe.
 */
public final class CopyTextEncoder {
    private static final byte[] NULL = {'\\', 'N'};
    private static final byte[] INFINITY = "infinity".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MINUS_INFINITY = "-infinity".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final RowSchema schema;
    private final Kind[] kinds;
    private final ByteBuilder line = new ByteBuilder(256);
    private RowSchema verifiedSchema;

    public CopyTextEncoder(RowSchema schema) {
        this.schema = schema;
        this.kinds = new Kind[schema.size()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = schema.type(i).kind();
        }
        this.verifiedSchema = schema;
    }

    /**
     * {@code COPY <table> ("a", "b", ...) FROM STDIN}: the statement this encoder's lines are for.
     *
     * @param table the target table, already quoted/qualified as it should appear in SQL
     */
    public String copyStatement(String table) {
        StringBuilder sb = new StringBuilder("COPY ").append(table).append(" (");
        for (int i = 0; i < schema.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('"').append(schema.name(i).replace("\"", "\"\"")).append('"');
        }
        return sb.append(") FROM STDIN").toString();
    }

    /**
     * Encodes {@code row} as one line, newline included, into the internal buffer ({@link #buffer()},
     * {@link #length()}), replacing the previous line.
     *
     * @throws ConnectorException when the row has another schema, or a string contains U+0000
     */
    public void encode(Row row) {
        if (row.schema() != verifiedSchema) {
            if (!schema.equals(row.schema())) {
                throw new ConnectorException("A COPY encoder for " + schema + " cannot encode a row of schema " + row.schema());
            }
            verifiedSchema = row.schema();
        }
        line.reset();
        for (int i = 0; i < kinds.length; i++) {
            if (i > 0) {
                line.put('\t');
            }
            if (row.isNull(i)) {
                line.put(NULL, 0, NULL.length);
            } else {
                encodeValue(row, i);
            }
        }
        line.put('\n');
    }

    /** The bytes of the last encoded line: {@code [0, length())}. Overwritten by the next {@link #encode}. */
    public byte[] buffer() {
        return line.array();
    }

    public int length() {
        return line.length();
    }

    /** Encodes {@code row} and writes the line to {@code out}. */
    public void write(Row row, OutputStream out) throws IOException {
        encode(row);
        out.write(line.array(), 0, line.length());
    }

    /** The line for {@code row} as a string (newline included), for logs and tests. */
    public String toLine(Row row) {
        encode(row);
        return new String(line.array(), 0, line.length(), StandardCharsets.UTF_8);
    }

    private void encodeValue(Row row, int i) {
        switch (kinds[i]) {
            case TINYINT, SMALLINT, INT, BIGINT -> putLong(row.rawPrimitive(i));
            case FLOAT -> putAscii(Float.toString(row.getFloat(i)));
            case DOUBLE -> putAscii(Double.toString(row.getDouble(i)));
            case DECIMAL -> putAscii(row.getDecimal(i).toPlainString());
            case STRING, VARCHAR, CHAR, ARRAY, MAP, STRUCT -> putEscaped(row, i);
            case BOOLEAN -> line.put(row.getBoolean(i) ? 't' : 'f');
            case DATE -> putDate(row.getDate(i));
            case TIMESTAMP -> putTimestamp(row.getTimestamp(i));
            case BINARY -> putHex(row.rawBytes(i), row.rawLength(i));
        }
    }

    private void putEscaped(Row row, int field) {
        byte[] b = row.rawBytes(field);
        int n = row.rawLength(field);
        line.ensure(n);
        // UTF-8 multi-byte sequences never contain ASCII bytes, so escaping byte by byte is safe
        for (int i = 0; i < n; i++) {
            byte c = b[i];
            switch (c) {
                case '\\' -> {
                    line.put('\\');
                    line.put('\\');
                }
                case '\t' -> {
                    line.put('\\');
                    line.put('t');
                }
                case '\n' -> {
                    line.put('\\');
                    line.put('n');
                }
                case '\r' -> {
                    line.put('\\');
                    line.put('r');
                }
                case 0 -> throw new ConnectorException(RowSchema.describe(schema, field)
                        + " holds a string with the character U+0000, which PostgreSQL text cannot store");
                default -> line.put(c);
            }
        }
    }

    private void putHex(byte[] b, int n) {
        line.ensure(3 + 2 * n);
        line.put('\\');
        line.put('\\');
        line.put('x');
        for (int i = 0; i < n; i++) {
            line.put(HEX[(b[i] >> 4) & 0xF]);
            line.put(HEX[b[i] & 0xF]);
        }
    }

    private void putDate(LocalDate d) {
        if (d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN)) {
            putInfinity(d.equals(LocalDate.MAX));
            return;
        }
        putDateDigits(d);
        if (d.getYear() <= 0) {
            putAscii(" BC");
        }
    }

    private void putTimestamp(LocalDateTime t) {
        if (t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN)) {
            putInfinity(t.equals(LocalDateTime.MAX));
            return;
        }
        putDateDigits(t.toLocalDate());
        line.put(' ');
        put2(t.getHour());
        line.put(':');
        put2(t.getMinute());
        line.put(':');
        put2(t.getSecond());
        int nanos = t.getNano();
        if (nanos != 0) {
            line.put('.');
            int digits = 9;
            while (nanos % 10 == 0) {
                nanos /= 10;
                digits--;
            }
            for (int div = pow10(digits - 1); div > 0; div /= 10) {
                line.put('0' + (nanos / div) % 10);
            }
        }
        if (t.getYear() <= 0) {
            putAscii(" BC");
        }
    }

    private void putInfinity(boolean positive) {
        byte[] word = positive ? INFINITY : MINUS_INFINITY;
        line.put(word, 0, word.length);
    }

    /** {@code yyyy-MM-dd}, the year as PostgreSQL spells it: at least 4 digits, BC years counted from 1. */
    private void putDateDigits(LocalDate d) {
        int year = d.getYear();
        long pgYear = year <= 0 ? 1L - year : year;
        for (long p = 1000; p > pgYear && p > 1; p /= 10) {
            line.put('0');
        }
        putLong(pgYear);
        line.put('-');
        put2(d.getMonthValue());
        line.put('-');
        put2(d.getDayOfMonth());
    }

    private static int pow10(int n) {
        int p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private void put2(int v) {
        line.put('0' + v / 10);
        line.put('0' + v % 10);
    }

    /** Decimal digits of {@code v} without allocating a String. */
    private void putLong(long v) {
        if (v == Long.MIN_VALUE) {
            putAscii("-9223372036854775808");
            return;
        }
        if (v < 0) {
            line.put('-');
            v = -v;
        }
        int start = line.length();
        do {
            line.put('0' + (int) (v % 10));
            v /= 10;
        } while (v != 0);
        byte[] b = line.array();
        for (int i = start, j = line.length() - 1; i < j; i++, j--) {
            byte x = b[i];
            b[i] = b[j];
            b[j] = x;
        }
    }

    private void putAscii(String s) {
        line.ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            line.put(s.charAt(i));
        }
    }
}
