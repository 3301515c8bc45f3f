package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

/**
 * Rows against a real PostgreSQL: written with {@link PreparedStatementBinder} or
 * {@link CopyTextEncoder} into a table with one column of every type, read back with
 * {@link ResultSetRowReader}, over both the text and the binary result protocol.
 */
class PostgresRowsTest {
    private static final RowSchema SCHEMA = TestSchemas.ALL_TYPES;
    private static final String COLUMNS = String.join(", ", SCHEMA.names());

    private static EmbeddedPostgres postgres;
    private static Connection connection;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        connection = postgres.getPostgresDatabase().getConnection();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (connection != null) {
            connection.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @BeforeEach
    void createTable() throws Exception {
        StringBuilder ddl = new StringBuilder("CREATE TABLE all_types (");
        for (int i = 0; i < SCHEMA.size(); i++) {
            ddl.append(i == 0 ? "" : ", ").append(SCHEMA.name(i)).append(' ').append(SCHEMA.type(i).postgresType());
        }
        try (Statement st = connection.createStatement()) {
            st.execute("DROP TABLE IF EXISTS all_types");
            st.execute(ddl.append(')').toString());
        }
    }

    /** Rows of edge cases, each exactly representable in PostgreSQL (microseconds, the column's decimal scale, padded CHAR). */
    static List<Row> edgeRows() {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(SCHEMA, (byte) 7, (short) -300, 123456, 1L << 40, 1.5f, Math.PI, new BigDecimal("12345.6789000000"),
                "hello", "world", "ab   ", true, LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123456000),
                "bytes".getBytes(StandardCharsets.UTF_8)));
        rows.add(Row.of(SCHEMA, Byte.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Float.NaN, Double.NEGATIVE_INFINITY,
                new BigDecimal("-9999999999999999999999999999.9999999999"), "", "\t\n\\ \u00e9\u4e2d\ud83d\ude00", "     ", false,
                LocalDate.of(1, 1, 1), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), new byte[] {0, 0, -1, 0}));
        rows.add(new Row(SCHEMA));
        rows.add(Row.of(SCHEMA, (byte) 0, Short.MIN_VALUE, 0, Long.MIN_VALUE, -0.0f, -0.0, new BigDecimal("0E-10"), "\\N", "\\.",
                "a\tb  ", true, LocalDate.of(0, 1, 1), LocalDateTime.of(-43, 3, 15, 12, 0), new byte[0]));
        rows.add(Row.of(SCHEMA, Byte.MAX_VALUE, (short) 0, Integer.MAX_VALUE, 0L, Float.MIN_VALUE, Double.MIN_VALUE,
                new BigDecimal("0.0000000001"), "\ud834\udd1e supplementary \ud83d\ude00", "x\r\ny", "\u00e9    ", null,
                LocalDate.MAX, LocalDateTime.MAX, new byte[] {0}));
        rows.add(Row.of(SCHEMA, (byte) -1, (short) -1, -1, -1L, Float.MAX_VALUE, Double.MAX_VALUE, new BigDecimal("1.5000000000"),
                "back\\slash\\", "", "a b  ", null, LocalDate.MIN, LocalDateTime.MIN, new byte[] {(byte) 0xff}));
        rows.add(Row.of(SCHEMA, null, null, null, null, Float.POSITIVE_INFINITY, Double.NaN, null, "trailing spaces  ", " ",
                null, false, LocalDate.of(20000, 6, 30), LocalDateTime.of(100000, 1, 1, 0, 0, 0, 1000), null));
        rows.add(Row.of(SCHEMA, null, null, null, null, -Float.MIN_NORMAL, 0.1 + 0.2, new BigDecimal("-0.0000000001"),
                "\\", "\r", null, null, LocalDate.of(-4712, 1, 1), LocalDateTime.of(-4712, 1, 1, 0, 0), null));
        return rows;
    }

    private static List<Row> readAll(String sql, boolean binaryTransfer) throws Exception {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            if (binaryTransfer) {
                ps.unwrap(PGStatement.class).setPrepareThreshold(-1); // forces the binary protocol
            }
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetRowReader reader = new ResultSetRowReader(SCHEMA, rs);
                Row row = new Row(SCHEMA);
                List<Row> out = new ArrayList<>();
                while (reader.next(row)) {
                    out.add(row.copy());
                }
                assertThat(reader.rowsRead()).isEqualTo(out.size());
                return out;
            }
        }
    }

    private static void assertReadsBack(List<Row> expected) throws Exception {
        for (boolean binary : new boolean[] {false, true}) {
            List<Row> actual = readAll("SELECT " + COLUMNS + " FROM all_types ORDER BY ctid", binary);
            assertThat(actual).hasSameSizeAs(expected);
            for (int r = 0; r < expected.size(); r++) {
                for (int i = 0; i < SCHEMA.size(); i++) {
                    Object want = expected.get(r).get(i);
                    Object got = actual.get(r).get(i);
                    String what = String.format("row %d %s (binary protocol: %s)", r, SCHEMA.field(i), binary);
                    if (want instanceof Float f) {
                        assertThat(Float.floatToIntBits((Float) got)).as(what).isEqualTo(Float.floatToIntBits(f));
                    } else if (want instanceof Double d) {
                        assertThat(Double.doubleToLongBits((Double) got)).as(what).isEqualTo(Double.doubleToLongBits(d));
                    } else {
                        assertThat(got).as(what).isEqualTo(want);
                    }
                }
                assertThat(actual.get(r)).isEqualTo(expected.get(r));
            }
        }
    }

    @Test
    void rowsInsertedWithTheBinderReadBackEqual() throws Exception {
        List<Row> rows = edgeRows();
        PreparedStatementBinder binder = new PreparedStatementBinder(SCHEMA);
        String placeholders = String.join(", ", java.util.Collections.nCopies(SCHEMA.size(), "?"));
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO all_types (" + COLUMNS + ") VALUES (" + placeholders + ")")) {
            for (Row row : rows) {
                binder.bind(row, ps);
                ps.executeUpdate();
            }
        }
        assertReadsBack(rows);
    }

    @Test
    void rowsCopiedInTextFormatReadBackEqual() throws Exception {
        List<Row> rows = edgeRows();
        CopyTextEncoder encoder = new CopyTextEncoder(SCHEMA);
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        for (Row row : rows) {
            encoder.write(row, lines);
        }
        long copied = copy.copyIn(encoder.copyStatement("all_types"), new ByteArrayInputStream(lines.toByteArray()));
        assertThat(copied).isEqualTo(rows.size());
        assertReadsBack(rows);
    }

    @Test
    void manyRandomRowsCopyAndReadBack() throws Exception {
        Random random = new Random(5);
        List<Row> rows = new ArrayList<>();
        for (int n = 0; n < 500; n++) {
            rows.add(representableInPostgres(RandomValues.row(random, SCHEMA, 0.1)));
        }
        CopyTextEncoder encoder = new CopyTextEncoder(SCHEMA);
        CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(encoder.copyStatement("all_types"));
        for (Row row : rows) {
            encoder.encode(row);
            in.writeToCopy(encoder.buffer(), 0, encoder.length());
        }
        assertThat(in.endCopy()).isEqualTo(rows.size());
        assertReadsBack(rows);
    }

    /** Adjusts a random row to what the columns store exactly: decimal scale, microseconds, PostgreSQL's ranges, no U+0000. */
    private static Row representableInPostgres(Row row) {
        for (int i = 0; i < SCHEMA.size(); i++) {
            Object v = row.get(i);
            if (v == null) {
                continue;
            }
            switch (SCHEMA.type(i).kind()) {
                case DECIMAL -> row.setDecimal(i, ((BigDecimal) v).remainder(BigDecimal.TEN.pow(28)).setScale(10, RoundingMode.DOWN));
                case STRING, VARCHAR, CHAR -> {
                    String s = ((String) v).replace('\u0000', '0');
                    row.setString(i, SCHEMA.type(i).kind() == HiveType.Kind.VARCHAR && s.codePointCount(0, s.length()) > 20
                            ? s.substring(0, s.offsetByCodePoints(0, 20)) : s);
                }
                case DATE -> {
                    LocalDate d = (LocalDate) v;
                    if (!d.equals(LocalDate.MIN) && !d.equals(LocalDate.MAX) && (d.getYear() < -4712 || d.getYear() > 5_000_000)) {
                        row.setDate(i, d.withYear(Math.floorMod(d.getYear(), 4000) + 1));
                    }
                }
                case TIMESTAMP -> {
                    LocalDateTime t = (LocalDateTime) v;
                    if (!t.equals(LocalDateTime.MIN) && !t.equals(LocalDateTime.MAX)) {
                        row.setTimestamp(i, t.withNano(t.getNano() / 1000 * 1000)
                                .withYear(t.getYear() < -4712 || t.getYear() > 294_000 ? 1 + Math.floorMod(t.getYear(), 4000) : t.getYear()));
                    }
                }
                default -> {
                }
            }
        }
        return row;
    }

    @Test
    void postgresRoundsNanosecondsToMicroseconds() throws Exception {
        RowSchema ts = RowSchema.builder().add("ts", HiveType.TIMESTAMP).build();
        CopyTextEncoder encoder = new CopyTextEncoder(ts);
        connection.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY all_types (ts) FROM STDIN",
                new ByteArrayInputStream(encoder.toLine(Row.of(ts, LocalDateTime.of(2020, 1, 1, 0, 0, 0, 123_456_789)))
                        .getBytes(StandardCharsets.UTF_8)));
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT ts FROM all_types")) {
            ResultSetRowReader reader = new ResultSetRowReader(ts, rs);
            Row row = new Row(ts);
            assertThat(reader.next(row)).isTrue();
            assertThat(row.getTimestamp(0)).isEqualTo(LocalDateTime.of(2020, 1, 1, 0, 0, 0, 123_457_000));
            assertThat(reader.next(row)).isFalse();
        }
    }

    @Test
    void checksColumnCountAndTypesOnceWithTheColumnNamed() throws Exception {
        RowSchema intTotal = RowSchema.builder().add("total", HiveType.INT).build();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) AS total FROM all_types")) {
            assertThatThrownBy(() -> new ResultSetRowReader(intTotal, rs)).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("Column 1 'total'").hasMessageContaining("int8").hasMessageContaining("cast it");
        }
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT 1, 2")) {
            assertThatThrownBy(() -> new ResultSetRowReader(intTotal, rs)).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("returns 2 columns");
        }
        RowSchema timestamp = RowSchema.builder().add("t", HiveType.TIMESTAMP).build();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT now() AS t")) {
            assertThatThrownBy(() -> new ResultSetRowReader(timestamp, rs)).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("timestamptz");
        }
        RowSchema widening = RowSchema.builder().add("a", HiveType.BIGINT).add("b", HiveType.DOUBLE).add("c", HiveType.decimal(10, 2))
                .add("d", HiveType.STRING).build();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT 7::int2, 1.5::real, 3::int4, 'x'::varchar(3)")) {
            ResultSetRowReader reader = new ResultSetRowReader(widening, rs);
            Row row = new Row(widening);
            assertThat(reader.next(row)).isTrue();
            assertThat(row).isEqualTo(Row.of(widening, 7L, 1.5, new BigDecimal("3.00"), "x"));
        }
    }

    @Test
    void valuesThatDoNotFitTheirFieldFailWithTheFieldNamed() throws Exception {
        RowSchema tiny = RowSchema.builder().add("t", HiveType.TINYINT).build();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT 300::smallint AS t")) {
            ResultSetRowReader reader = new ResultSetRowReader(tiny, rs);
            assertThatThrownBy(() -> reader.next(new Row(tiny))).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("300").hasMessageContaining("'t' (tinyint)");
        }
        RowSchema dec = RowSchema.builder().add("x", HiveType.decimal(10, 2)).build();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT 1.234::numeric AS x")) {
            ResultSetRowReader reader = new ResultSetRowReader(dec, rs);
            assertThatThrownBy(() -> reader.next(new Row(dec))).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("1.234").hasMessageContaining("'x' (decimal(10,2))");
        }
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT 'NaN'::numeric AS x")) {
            ResultSetRowReader reader = new ResultSetRowReader(dec, rs);
            assertThatThrownBy(() -> reader.next(new Row(dec))).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("'x' (decimal(10,2)) of row 1");
        }
    }
}
