package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType;

/** A schema with one field of every supported type, and rows of edge-case values for it. */
final class TestSchemas {
    private TestSchemas() {
    }

    static final RowSchema ALL_TYPES = RowSchema.builder()
            .add("t", HiveType.TINYINT)
            .add("s", HiveType.SMALLINT)
            .add("i", HiveType.INT)
            .add("b", HiveType.BIGINT)
            .add("f", HiveType.FLOAT)
            .add("d", HiveType.DOUBLE)
            .add("dec", HiveType.decimal(38, 10))
            .add("str", HiveType.STRING)
            .add("vc", HiveType.varchar(20))
            .add("ch", HiveType.charType(5))
            .add("bool", HiveType.BOOLEAN)
            .add("dt", HiveType.DATE)
            .add("ts", HiveType.TIMESTAMP)
            .add("bin", HiveType.BINARY)
            .build();

    static Row typical() {
        return Row.of(ALL_TYPES, (byte) 7, (short) -300, 123456, 1L << 40, 1.5f, Math.PI,
                new BigDecimal("12345.6789000000"), "hello", "world", "ab   ", true,
                LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123456789),
                "bytes".getBytes(StandardCharsets.UTF_8));
    }

    static Row extremes() {
        return Row.of(ALL_TYPES, Byte.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE,
                Float.NaN, Double.NEGATIVE_INFINITY, new BigDecimal("-9999999999999999999999999999.9999999999"),
                "", "\t\n\\ \u00e9\u4e2d\ud83d\ude00", "", false, LocalDate.of(1, 1, 1),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999), new byte[] {0, 0, -1, 0});
    }

    static Row allNull() {
        return new Row(ALL_TYPES);
    }
}
