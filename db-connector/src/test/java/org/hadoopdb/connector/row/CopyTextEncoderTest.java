package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;
import org.junit.jupiter.api.Test;

class CopyTextEncoderTest {

    @Test
    void encodesEveryTypeAsPostgresCopyText() {
        CopyTextEncoder encoder = new CopyTextEncoder(TestSchemas.ALL_TYPES);
        assertThat(encoder.toLine(TestSchemas.typical())).isEqualTo(
                "7\t-300\t123456\t1099511627776\t1.5\t3.141592653589793\t12345.6789000000\thello\tworld\tab   \tt"
                        + "\t2024-02-29\t2024-02-29 13:14:15.123456789\t\\\\x6279746573\n");
        assertThat(encoder.toLine(TestSchemas.allNull())).isEqualTo(String.join("\t", java.util.Collections.nCopies(14, "\\N")) + "\n");
    }

    @Test
    void escapesStringsAndKeepsEmptyApartFromNull() {
        RowSchema schema = RowSchema.builder().add("a", HiveType.STRING).add("b", HiveType.STRING).add("c", HiveType.STRING).build();
        CopyTextEncoder encoder = new CopyTextEncoder(schema);
        assertThat(encoder.toLine(Row.of(schema, "", null, "tab\tnl\ncr\rbs\\N \u00e9\ud83d\ude00")))
                .isEqualTo("\t\\N\ttab\\tnl\\ncr\\rbs\\\\N \u00e9\ud83d\ude00\n");
        assertThatThrownBy(() -> encoder.encode(Row.of(schema, "nul\u0000", null, null))).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("'a'").hasMessageContaining("U+0000");
    }

    @Test
    void floatsRoundTripAndSpecialValuesUsePostgresSpelling() {
        RowSchema schema = RowSchema.builder().add("f", HiveType.FLOAT).add("d", HiveType.DOUBLE).build();
        CopyTextEncoder encoder = new CopyTextEncoder(schema);
        assertThat(encoder.toLine(Row.of(schema, Float.NaN, Double.NEGATIVE_INFINITY))).isEqualTo("NaN\t-Infinity\n");
        assertThat(encoder.toLine(Row.of(schema, -0.0f, Double.MIN_VALUE))).isEqualTo("-0.0\t4.9E-324\n");
        assertThat(encoder.toLine(Row.of(schema, 0.1f, 0.1 + 0.2))).isEqualTo("0.1\t0.30000000000000004\n");
    }

    @Test
    void datesAndTimestampsInIsoWithBcAndInfinity() {
        RowSchema schema = RowSchema.builder().add("d", HiveType.DATE).add("t", HiveType.TIMESTAMP).build();
        CopyTextEncoder encoder = new CopyTextEncoder(schema);
        assertThat(encoder.toLine(Row.of(schema, LocalDate.of(5, 1, 2), LocalDateTime.of(2020, 1, 2, 3, 4, 5, 1000))))
                .isEqualTo("0005-01-02\t2020-01-02 03:04:05.000001\n");
        assertThat(encoder.toLine(Row.of(schema, LocalDate.of(0, 12, 31), LocalDateTime.of(-43, 3, 15, 12, 0))))
                .isEqualTo("0001-12-31 BC\t0044-03-15 12:00:00 BC\n");
        assertThat(encoder.toLine(Row.of(schema, LocalDate.of(20000, 1, 1), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000))))
                .isEqualTo("20000-01-01\t1969-12-31 23:59:59.5\n");
        assertThat(encoder.toLine(Row.of(schema, LocalDate.MAX, LocalDateTime.MIN))).isEqualTo("infinity\t-infinity\n");
    }

    @Test
    void integersDecimalsBooleansAndBinary() {
        RowSchema schema = RowSchema.builder().add("l", HiveType.BIGINT).add("x", HiveType.decimal(38, 20)).add("b", HiveType.BOOLEAN)
                .add("y", HiveType.BINARY).build();
        CopyTextEncoder encoder = new CopyTextEncoder(schema);
        assertThat(encoder.toLine(Row.of(schema, Long.MIN_VALUE, new BigDecimal("1E-20"), false, new byte[] {0, (byte) 0xff, 0x0a})))
                .isEqualTo("-9223372036854775808\t0.00000000000000000001\tf\t\\\\x00ff0a\n");
        assertThat(encoder.toLine(Row.of(schema, 0L, new BigDecimal("1E+3"), true, new byte[0]))).isEqualTo("0\t1000\tt\t\\\\x\n");
    }

    @Test
    void namesTheColumnsInItsCopyStatement() {
        RowSchema schema = RowSchema.builder().add("id", HiveType.INT).add("we\"ird", HiveType.STRING).build();
        assertThat(new CopyTextEncoder(schema).copyStatement("public.chunk_1"))
                .isEqualTo("COPY public.chunk_1 (\"id\", \"we\"\"ird\") FROM STDIN");
    }

    @Test
    void rejectsRowsOfAnotherSchema() {
        CopyTextEncoder encoder = new CopyTextEncoder(TestSchemas.ALL_TYPES);
        assertThatThrownBy(() -> encoder.encode(Row.of(RowSchema.builder().add("a", HiveType.INT).build(), 1)))
                .isInstanceOf(ConnectorException.class);
    }
}
