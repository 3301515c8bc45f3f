package org.hadoopdb.loader.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.junit.jupiter.api.Test;

class RecordConverterTest {
    private static final TextFormat PIPE = TextFormat.HIVE_DEFAULT.withDelimiter('|');

    private static String one(HiveType type, String field) {
        return one(PIPE, type, field);
    }

    /** The COPY text of a one-column line, or "REJECT: reason". */
    private static String one(TextFormat format, HiveType type, String field) {
        RecordConverter rc = new RecordConverter(format, List.of(new ColumnInfo("c", type)), new int[0]);
        ByteSink out = new ByteSink(16);
        byte[] b = field.getBytes(format.encoding());
        String reason = rc.parseLine(b, b.length, out);
        if (reason != null) {
            return "REJECT: " + reason;
        }
        String s = new String(out.array(), 0, out.length(), StandardCharsets.UTF_8);
        assertThat(s).endsWith("\n");
        return s.substring(0, s.length() - 1);
    }

    /** The binary COPY tuple of a one-column line, as hex, or "REJECT: reason". */
    private static String binary(HiveType type, String field) {
        RecordConverter rc = new RecordConverter(PIPE, List.of(new ColumnInfo("c", type)), new int[0], true);
        ByteSink out = new ByteSink(16);
        byte[] b = field.getBytes(StandardCharsets.UTF_8);
        String reason = rc.parseLine(b, b.length, out);
        if (reason != null) {
            return "REJECT: " + reason;
        }
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < out.length(); i++) {
            hex.append(String.format("%02x", out.array()[i] & 0xFF));
        }
        assertThat(hex).startsWith("0001"); // one field
        return hex.substring(4);
    }

    @Test
    void binaryTuplesHoldEachTypesBinaryForm() {
        assertThat(binary(HiveType.INT, "1")).isEqualTo("00000004" + "00000001");
        assertThat(binary(HiveType.TINYINT, "-1")).isEqualTo("00000002" + "ffff");
        assertThat(binary(HiveType.BIGINT, "-2")).isEqualTo("00000008" + "fffffffffffffffe");
        assertThat(binary(HiveType.INT, "\\N")).isEqualTo("ffffffff");
        assertThat(binary(HiveType.DATE, "2000-01-02")).isEqualTo("00000004" + "00000001");
        assertThat(binary(HiveType.DATE, "1999-12-31")).isEqualTo("00000004" + "ffffffff");
        assertThat(binary(HiveType.TIMESTAMP, "2000-01-01 00:00:00.000001")).isEqualTo("00000008" + "0000000000000001");
        assertThat(binary(HiveType.FLOAT, "1.5")).isEqualTo("00000004" + "3fc00000");
        assertThat(binary(HiveType.DOUBLE, "-0")).isEqualTo("00000008" + "8000000000000000");
        assertThat(binary(HiveType.BOOLEAN, "true")).isEqualTo("00000001" + "01");
        assertThat(binary(HiveType.varchar(2), "é€x")).as("truncated to 2 characters").isEqualTo("00000005" + "c3a9e282ac");
        assertThat(binary(HiveType.STRING, "a\tb")).as("no COPY text escapes").isEqualTo("00000003" + "610962");
        assertThat(binary(HiveType.INT, "x")).startsWith("REJECT: ");
    }

    @Test
    void decimalsInPostgresBinaryNumericForm() {
        // ndigits, weight, sign, dscale, then base-10000 digits grouped from the decimal point
        assertThat(binary(HiveType.decimal(10, 3), "1234567.891")).isEqualTo("0000000e" + "0003" + "0001" + "0000" + "0003"
                + "007b" + "11d7" + "22ce");
        assertThat(binary(HiveType.decimal(10, 3), "-0.001")).isEqualTo("0000000a" + "0001" + "ffff" + "4000" + "0003" + "000a");
        assertThat(binary(HiveType.decimal(10, 3), "0")).isEqualTo("00000008" + "0000" + "0000" + "0000" + "0003");
        assertThat(binary(HiveType.decimal(10, 2), "10000")).isEqualTo("0000000a" + "0001" + "0001" + "0000" + "0002" + "0001");
        assertThat(binary(HiveType.decimal(18, 1), "12345678901234567.8")).as("a long, but not once its fraction is padded")
                .isEqualTo("00000014" + "0006" + "0004" + "0000" + "0001" + "0001" + "0929" + "1a85" + "007b" + "11d7" + "1f40");
        assertThat(binary(HiveType.decimal(30, 2), "123456789012345678901.5")).as("past a long: the BigDecimal path")
                .isEqualTo("00000016" + "0007" + "0005" + "0000" + "0002" + "0001" + "0929" + "1a85" + "007b" + "11d7" + "22c5" + "1388");
    }

    @Test
    void integersAsHiveReadsThem() {
        assertThat(one(HiveType.INT, "42")).isEqualTo("42");
        assertThat(one(HiveType.INT, " -7 ")).isEqualTo("-7");
        assertThat(one(HiveType.INT, "+007")).isEqualTo("7");
        assertThat(one(HiveType.INT, "12.9")).isEqualTo("12");
        assertThat(one(HiveType.INT, "-0.5")).isEqualTo("0");
        assertThat(one(HiveType.BIGINT, "-9223372036854775808")).isEqualTo("-9223372036854775808");
        assertThat(one(HiveType.BIGINT, "9223372036854775808")).startsWith("REJECT: column 1 'c' (bigint): '9223372036854775808' is out of range");
        assertThat(one(HiveType.TINYINT, "128")).contains("out of range for tinyint (-128 to 127)");
        assertThat(one(HiveType.SMALLINT, "-32768")).isEqualTo("-32768");
        assertThat(one(HiveType.INT, "12x")).isEqualTo("REJECT: column 1 'c' (int): '12x' is not an int");
        assertThat(one(HiveType.INT, "1.2.3")).startsWith("REJECT:");
        assertThat(one(HiveType.INT, "-")).startsWith("REJECT:");
        assertThat(one(HiveType.INT, "")).isEqualTo("\\N");
        assertThat(one(HiveType.INT, "\\N")).isEqualTo("\\N");
    }

    @Test
    void floatingPointPassesPlainDecimalsAndNormalisesTheRest() {
        assertThat(one(HiveType.FLOAT, "123.456")).isEqualTo("123.456");
        assertThat(one(HiveType.DOUBLE, "-0.5")).isEqualTo("-0.5");
        assertThat(one(HiveType.DOUBLE, "1e3")).isEqualTo("1000.0");
        assertThat(one(HiveType.DOUBLE, " 2.5 ")).isEqualTo("2.5");
        assertThat(one(HiveType.DOUBLE, "NaN")).isEqualTo("NaN");
        assertThat(one(HiveType.DOUBLE, "-Infinity")).isEqualTo("-Infinity");
        assertThat(one(HiveType.FLOAT, "1e39")).isEqualTo("Infinity");
        assertThat(one(HiveType.FLOAT, "1.5f")).isEqualTo("1.5");
        assertThat(one(HiveType.DOUBLE, "abc")).isEqualTo("REJECT: column 1 'c' (double): 'abc' is not a double");
    }

    @Test
    void floatingPointFastPathGivesTheCorrectlyRoundedValue() {
        RecordConverter rc = new RecordConverter(PIPE, List.of(new ColumnInfo("f", HiveType.FLOAT),
                new ColumnInfo("d", HiveType.DOUBLE)), new int[] {0, 1});
        ByteSink out = new ByteSink(16);
        for (String s : List.of("0.1", "123.456", "16777215", "0.0000001", "-3.4028235", "99999.99", "0.3333333333")) {
            byte[] b = (s + "|" + s).getBytes(StandardCharsets.US_ASCII);
            assertThat(rc.parseLine(b, b.length, out)).isNull();
            Object[] keys = rc.keyValues();
            assertThat(keys[0]).as(s).isEqualTo(Float.parseFloat(s));
            assertThat(keys[1]).as(s).isEqualTo(Double.parseDouble(s));
        }
    }

    @Test
    void decimalsRoundHalfUpAndRejectTooManyIntegerDigits() {
        HiveType d = HiveType.decimal(5, 2);
        assertThat(one(d, "1.5")).isEqualTo("1.50");
        assertThat(one(d, "-001.255")).isEqualTo("-1.26");
        assertThat(one(d, "999.994")).isEqualTo("999.99");
        assertThat(one(d, "999.995")).contains("out of range for decimal(5,2)");
        assertThat(one(d, "1000")).contains("out of range");
        assertThat(one(d, "1.2e2")).isEqualTo("120.00");
        assertThat(one(d, ".5")).isEqualTo("0.50");
        assertThat(one(d, "x")).contains("'x' is not a decimal(5,2)");
        assertThat(one(HiveType.decimal(38, 10), "12345678901234567890.0123456789")).isEqualTo("12345678901234567890.0123456789");
        assertThat(one(HiveType.decimal(10, 0), "7.5")).isEqualTo("8");
    }

    @Test
    void stringsAreEscapedForCopyAndTruncatedToTheirLength() {
        assertThat(one(HiveType.STRING, "a\\b\tc")).isEqualTo("a\\\\b\\tc");
        assertThat(one(HiveType.STRING, "")).isEqualTo("");
        assertThat(one(HiveType.STRING, "\\N")).isEqualTo("\\N");
        assertThat(one(HiveType.varchar(3), "abcdef")).isEqualTo("abc");
        assertThat(one(HiveType.varchar(3), "żółw")).isEqualTo("żół");
        assertThat(one(HiveType.charType(2), "xyz")).isEqualTo("xy");
        assertThat(one(HiveType.STRING, "a\u0000b")).contains("U+0000");
        assertThat(one(HiveType.STRING, "\u0001ctrl")).isEqualTo("\u0001ctrl");
    }

    @Test
    void booleansDatesTimestampsAndBinary() {
        assertThat(one(HiveType.BOOLEAN, "TRUE")).isEqualTo("t");
        assertThat(one(HiveType.BOOLEAN, "no")).isEqualTo("f");
        assertThat(one(HiveType.BOOLEAN, "maybe")).contains("is not a boolean");
        assertThat(one(HiveType.DATE, "2024-2-29")).isEqualTo("2024-02-29");
        assertThat(one(HiveType.DATE, "2023-02-29")).contains("is not a calendar date");
        assertThat(one(HiveType.DATE, "2024-03-01 10:00:00")).isEqualTo("2024-03-01");
        assertThat(one(HiveType.DATE, "2024-03-011")).contains("is not a date");
        assertThat(one(HiveType.DATE, "-0043-03-15")).isEqualTo("0044-03-15 BC");
        assertThat(one(HiveType.DATE, "-5000-01-01")).contains("before 4713 BC");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29 13:14:15.1234567")).isEqualTo("2024-02-29 13:14:15.123457");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29 23:59:59.9999996")).isEqualTo("2024-03-01 00:00:00");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29")).isEqualTo("2024-02-29 00:00:00");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29T01:02:03")).isEqualTo("2024-02-29 01:02:03");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29 25:00:00")).contains("is not a timestamp");
        assertThat(one(HiveType.TIMESTAMP, "2024-02-29 10:00")).contains("is not a timestamp");
        assertThat(one(HiveType.BINARY, "aGVsbG8=")).isEqualTo("\\\\x68656c6c6f");
        assertThat(one(HiveType.BINARY, "hi there!")).isEqualTo("\\\\x6869207468657265" + "21");
    }

    @Test
    void escapesQuotesNullsAndFieldCounts() {
        TextFormat f = PIPE.withEscape('\\').withQuote('"');
        List<ColumnInfo> cols = List.of(new ColumnInfo("a", HiveType.STRING), new ColumnInfo("b", HiveType.STRING),
                new ColumnInfo("n", HiveType.INT));
        RecordConverter rc = new RecordConverter(f, cols, new int[0]);
        ByteSink out = new ByteSink(16);
        assertThat(parse(rc, "x\\|y|\"q|\"\"uoted\"|3", out)).isNull();
        assertThat(text(out)).isEqualTo("x|y\tq|\"uoted\t3\n");
        assertThat(parse(rc, "\\N|\"\\\\N\"|\\N", out)).isNull();
        assertThat(text(out)).isEqualTo("\\N\t\\\\N\t\\N\n");
        assertThat(parse(rc, "a|\"open|3", out)).contains("not closed");
        assertThat(parse(rc, "a|\"x\"y|3", out)).contains("text after its closing quote");
        assertThat(parse(rc, "a|b", out)).isEqualTo("the line has 2 fields but the table has 3 columns");
        assertThat(parse(rc, "a,b,3", out)).contains("is the field delimiter '|' right?");
        assertThat(parse(rc, "a|b|c|d", out)).contains("has 4 fields");
    }

    @Test
    void encodingErrorsAreRejected() {
        RecordConverter utf8 = new RecordConverter(PIPE, List.of(new ColumnInfo("s", HiveType.STRING)), new int[0]);
        ByteSink out = new ByteSink(16);
        byte[] bad = {'a', (byte) 0xC3, '(', 'b'};
        assertThat(utf8.parseLine(bad, bad.length, out)).contains("invalid UTF-8 at byte 2");
        byte[] overlong = {(byte) 0xC0, (byte) 0xAF};
        assertThat(utf8.parseLine(overlong, 2, out)).contains("invalid UTF-8");

        Charset latin1 = StandardCharsets.ISO_8859_1;
        assertThat(one(PIPE.withEncoding(latin1), HiveType.STRING, "caf\u00e9")).isEqualTo("café");
        Charset cp1252 = Charset.forName("windows-1252");
        RecordConverter win = new RecordConverter(PIPE.withEncoding(cp1252), List.of(new ColumnInfo("s", HiveType.STRING)), new int[0]);
        byte[] undefined = {'x', (byte) 0x81};
        assertThat(win.parseLine(undefined, 2, out)).contains("not valid windows-1252");
    }

    @Test
    void keysAndStatisticsComeFromAcceptedRowsOnly() {
        List<ColumnInfo> cols = List.of(new ColumnInfo("k", HiveType.varchar(10)), new ColumnInfo("n", HiveType.INT),
                new ColumnInfo("d", HiveType.DATE));
        RecordConverter rc = new RecordConverter(PIPE, cols, new int[] {0, 2});
        ByteSink out = new ByteSink(16);
        assertThat(parse(rc, "bb|5|2020-01-02", out)).isNull();
        assertThat(rc.keyValues()).containsExactly("bb", LocalDate.of(2020, 1, 2));
        assertThat(parse(rc, "aa|1000|bad", out)).isNotNull();
        assertThat(rc.keyOfRejectedLine(bytes("aa|1000|2021-05-06"), bytes("aa|1000|2021-05-06").length))
                .containsExactly("aa", LocalDate.of(2021, 5, 6));
        assertThat(parse(rc, "cc|\\N|\\N", out)).isNull();
        assertThat(rc.keyValues()).containsExactly("cc", null);
        var stats = rc.stats();
        assertThat(stats[0].minText()).isEqualTo("bb");
        assertThat(stats[0].maxText()).isEqualTo("cc");
        assertThat(stats[1].minText()).isEqualTo("5");
        assertThat(stats[1].maxText()).isEqualTo("5");
        assertThat(stats[1].nulls()).isEqualTo(1);
        assertThat(stats[2].maxText()).isEqualTo("2020-01-02");
    }

    @Test
    void typedRowsConvertWithTheSameRules() {
        RowSchema schema = RowSchema.builder().add("i", HiveType.INT).add("v", HiveType.varchar(2)).add("d", HiveType.decimal(4, 1))
                .add("t", HiveType.TIMESTAMP).build();
        List<ColumnInfo> cols = List.of(new ColumnInfo("i", HiveType.INT), new ColumnInfo("v", HiveType.varchar(2)),
                new ColumnInfo("d", HiveType.decimal(4, 1)), new ColumnInfo("t", HiveType.TIMESTAMP));
        RecordConverter rc = new RecordConverter(TextFormat.HIVE_DEFAULT, cols, new int[] {0});
        ByteSink out = new ByteSink(16);
        Row row = Row.of(schema, 7, "abc", new BigDecimal("1.25"), LocalDateTime.of(2020, 1, 1, 0, 0, 0, 1500));
        assertThat(rc.convertRow(row, out)).isNull();
        assertThat(text(out)).isEqualTo("7\tab\t1.3\t2020-01-01 00:00:00.000002\n");
        assertThat(rc.keyValues()).containsExactly(7L);
        Row big = Row.of(schema, 1, null, new BigDecimal("1234.5"), null);
        assertThat(rc.convertRow(big, out)).contains("out of range for decimal(4,1)");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String parse(RecordConverter rc, String line, ByteSink out) {
        byte[] b = bytes(line);
        return rc.parseLine(b, b.length, out);
    }

    private static String text(ByteSink out) {
        return new String(out.array(), 0, out.length(), StandardCharsets.UTF_8);
    }
}
