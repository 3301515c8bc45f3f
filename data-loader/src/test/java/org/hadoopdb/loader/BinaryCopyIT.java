package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.text.ByteSink;
import org.hadoopdb.loader.text.RecordConverter;
import org.hadoopdb.loader.text.TextFormat;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * The Global Hasher's binary {@code COPY} tuples store exactly what its {@code COPY} text stores, for every
 * column type (a complex one's jsonb included) and its edge values: the same records go into one table as text and into another as
 * binary, on a real node, and PostgreSQL finds no difference between them.
 */
class BinaryCopyIT {
    private static final List<ColumnInfo> COLUMNS = List.of(new ColumnInfo("ti", HiveType.parse("tinyint")),
            new ColumnInfo("si", HiveType.parse("smallint")), new ColumnInfo("i", HiveType.INT), new ColumnInfo("bi", HiveType.parse("bigint")),
            new ColumnInfo("f", HiveType.FLOAT), new ColumnInfo("d", HiveType.parse("double")), new ColumnInfo("dec", HiveType.parse("decimal(10,3)")),
            new ColumnInfo("wide", HiveType.parse("decimal(38,10)")), new ColumnInfo("s", HiveType.parse("string")),
            new ColumnInfo("vc", HiveType.varchar(5)), new ColumnInfo("c", HiveType.charType(4)), new ColumnInfo("b", HiveType.parse("boolean")),
            new ColumnInfo("dt", HiveType.DATE), new ColumnInfo("ts", HiveType.parse("timestamp")), new ColumnInfo("bin", HiveType.parse("binary")),
            new ColumnInfo("cx", HiveType.parse("map<string,array<string>>")));

    private static final List<String> LINES = List.of(
            "1|2|3|4|1.5|2.25|1234567.891|-12345678901234567890.0123456789|hello|abcdefgh|ab|true|2024-02-29|2024-02-29 12:34:56.123456|aGVsbG8=|k\003a\004b",
            "-128|-32768|-2147483648|-9223372036854775808|-0|NaN|-0.001|0|tab\there é|é€xyzw|é |false|-0043-03-15|1969-12-31 23:59:59.999999|x|t\tab\003x\\y\004\"q\"",
            "127|32767|2147483647|9223372036854775807|1e-30|-Infinity|9999999.999|99999999999999999999999999.9999999999||| x y|1|0001-01-01|2000-01-01 00:00:00||",
            "0|0|0|0|3.4028235e38|4.9e-324|1.23456|12345.67890123456|back\\\\slash|a\\b|    |0|1999-12-31|1999-12-31 23:59:59.5|////|e\003",
            "\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N",
            "5|6|7|8|0.1|0.1|-1|-0.0000000001|line\\nbreak|z|zz|yes|2000-01-01|1900-03-01 01:02:03.000001|AAEC|a\003\\N\002b\003\004");

    @Test
    void binaryTuplesStoreWhatTheTextStores() throws Exception {
        TextFormat format = TextFormat.HIVE_DEFAULT.withDelimiter('|');
        RecordConverter text = new RecordConverter(format, COLUMNS, new int[0], false);
        RecordConverter binary = new RecordConverter(format, COLUMNS, new int[0], true);
        ByteArrayOutputStream textCopy = new ByteArrayOutputStream();
        ByteArrayOutputStream binaryCopy = binaryHeader();
        ByteSink line = new ByteSink(256);
        for (String l : LINES) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            assertThat(text.parseLine(b, b.length, line)).as(l).isNull();
            textCopy.write(line.array(), 0, line.length());
            assertThat(binary.parseLine(b, b.length, line)).as(l).isNull();
            binaryCopy.write(line.array(), 0, line.length());
        }
        Row typed = Row.of(RowSchema.ofColumns(COLUMNS), (byte) -7, (short) 300, 70_000, 1L << 40, 2.5f, -1e300, new BigDecimal("-42.5"),
                new BigDecimal("123456789.123456789012"), "typed", "abc", "q", true, LocalDate.of(-200, 6, 1),
                LocalDateTime.of(2038, 1, 19, 3, 14, 7, 999_999_500), new byte[] {0, (byte) 0xFF, 10},
                Map.of("typed\\", List.of("v\t")));
        assertThat(text.convertRow(typed, line)).isNull();
        textCopy.write(line.array(), 0, line.length());
        assertThat(binary.convertRow(typed, line)).isNull();
        binaryCopy.write(line.array(), 0, line.length());
        binaryCopy.write(new byte[] {(byte) 0xFF, (byte) 0xFF});

        String table = LoadTesting.uniqueName("binary_copy");
        try (NodePools pools = new NodePools(LoadTesting.config());
             Connection c = pools.connect(LoadTesting.catalog().nodes().get(0)); Statement st = c.createStatement()) {
            // node sessions search only pg_catalog (NodeSession); this test's own tables go to public
            st.execute("SET search_path TO public");
            for (String suffix : List.of("_text", "_binary")) {
                st.execute("CREATE TABLE " + table + suffix + " (" + columnsSql() + ")");
            }
            var copy = c.unwrap(PGConnection.class).getCopyAPI();
            long textRows = copy.copyIn("COPY " + table + "_text FROM STDIN", new ByteArrayInputStream(textCopy.toByteArray()));
            long binaryRows = copy.copyIn("COPY " + table + "_binary FROM STDIN (FORMAT binary)",
                    new ByteArrayInputStream(binaryCopy.toByteArray()));
            assertThat(binaryRows).isEqualTo(textRows).isEqualTo(LINES.size() + 1);
            // IS NOT DISTINCT FROM on whole rows: NULLs, NaN and -0 compare as stored
            assertThat(rows(st, "SELECT * FROM " + table + "_text EXCEPT ALL SELECT * FROM " + table + "_binary")).isEmpty();
            assertThat(rows(st, "SELECT * FROM " + table + "_binary EXCEPT ALL SELECT * FROM " + table + "_text")).isEmpty();
            // the values that differ by a bit only in binary: the sign of zero, the last digit of a subnormal
            String asText = "SELECT f::text, d::text, \"dec\"::text, wide::text, ts::text, dt::text, c::text, encode(bin, 'hex'), cx::text FROM ";
            assertThat(rows(st, asText + table + "_binary ORDER BY i NULLS LAST"))
                    .containsExactlyElementsOf(rows(st, asText + table + "_text ORDER BY i NULLS LAST"));
            assertThat(rows(st, "SELECT dt::text, ts::text FROM " + table + "_binary WHERE i = -2147483648"))
                    .containsExactly("0044-03-15 BC|1969-12-31 23:59:59.999999");
            assertThat(rows(st, "SELECT cx::text FROM " + table + "_text WHERE i = -2147483648"))
                    .containsExactly("[[\"t\\tab\", [\"x\\\\y\", \"\\\"q\\\"\"]]]");
            assertThat(rows(st, "SELECT cx::text FROM " + table + "_binary WHERE i = 70000"))
                    .containsExactly("[[\"typed\\\\\", [\"v\\t\"]]]");
            st.execute("DROP TABLE " + table + "_text, " + table + "_binary");
        }
    }

    private static ByteArrayOutputStream binaryHeader() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0});
        return out;
    }

    private static String columnsSql() {
        StringBuilder sb = new StringBuilder();
        for (ColumnInfo col : COLUMNS) {
            sb.append(sb.length() == 0 ? "" : ", ").append('"').append(col.name()).append("\" ").append(col.type().postgresType());
        }
        return sb.toString();
    }

    private static List<String> rows(Statement st, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(i == 1 ? "" : "|").append(rs.getString(i));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }
}
