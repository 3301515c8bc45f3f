package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;
import org.junit.jupiter.api.Test;

class RowTest {

    private static Row roundTrip(Row row) {
        return Writables.deserialize(Writables.serialize(row), new Row(row.schema()));
    }

    private static Object roundTripValue(HiveType type, Object value) {
        RowSchema schema = RowSchema.builder().add("v", type).build();
        return roundTrip(Row.of(schema, value)).get(0);
    }

    @Test
    void roundTripsEveryTypeWithTypicalAndExtremeValuesAndNulls() {
        for (Row row : List.of(TestSchemas.typical(), TestSchemas.extremes(), TestSchemas.allNull())) {
            Row back = roundTrip(row);
            assertThat(back).isEqualTo(row).hasSameHashCodeAs(row);
            for (int i = 0; i < row.size(); i++) {
                assertThat(back.get(i)).as("field %s", row.schema().name(i)).isEqualTo(row.get(i));
            }
        }
    }

    @Test
    void valuesComeBackAsTheJavaTypeOfTheirHiveType() {
        Row back = roundTrip(TestSchemas.typical());
        assertThat(back.get(0)).isInstanceOf(Byte.class);
        assertThat(back.get(1)).isInstanceOf(Short.class);
        assertThat(back.get(2)).isInstanceOf(Integer.class);
        assertThat(back.get(3)).isInstanceOf(Long.class);
        assertThat(back.get(4)).isInstanceOf(Float.class);
        assertThat(back.get(5)).isInstanceOf(Double.class);
        assertThat(back.get(6)).isInstanceOf(BigDecimal.class);
        assertThat(back.get(7)).isInstanceOf(String.class);
        assertThat(back.get(10)).isInstanceOf(Boolean.class);
        assertThat(back.get(11)).isInstanceOf(LocalDate.class);
        assertThat(back.get(12)).isInstanceOf(LocalDateTime.class);
        assertThat(back.get(13)).isInstanceOf(byte[].class);
    }

    @Test
    void floatingPointIsKeptBitForBit() {
        float payloadNaN = Float.intBitsToFloat(0x7fc0_1234);
        for (float f : new float[] {Float.NaN, payloadNaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
                Float.MIN_VALUE, Float.MAX_VALUE, -Float.MIN_NORMAL, 0.1f}) {
            Object back = roundTripValue(HiveType.FLOAT, f);
            assertThat(Float.floatToRawIntBits((Float) back)).as("float %s", f).isEqualTo(Float.floatToRawIntBits(f));
        }
        double payloadNaND = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
        for (double d : new double[] {Double.NaN, payloadNaND, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
                Double.MIN_VALUE, Double.MAX_VALUE, 0.1 + 0.2}) {
            Object back = roundTripValue(HiveType.DOUBLE, d);
            assertThat(Double.doubleToRawLongBits((Double) back)).as("double %s", d).isEqualTo(Double.doubleToRawLongBits(d));
        }
    }

    @Test
    void decimalsKeepTheirScaleAndMagnitude() {
        for (String s : new String[] {"1.50", "1.5", "0", "0.00", "0E-10", "-0.001", "1E+5", "123456789012345678901234567890.12345678",
                "-99999999999999999999999999999999999999", "1E-400", "3.14159265358979323846264338327950288419716939937510"}) {
            BigDecimal d = new BigDecimal(s);
            BigDecimal back = (BigDecimal) roundTripValue(HiveType.decimal(38, 2), d);
            assertThat(back.scale()).as(s).isEqualTo(d.scale());
            assertThat(back.unscaledValue()).as(s).isEqualTo(d.unscaledValue());
        }
    }

    @Test
    void emptyStringIsNotNull() {
        RowSchema schema = RowSchema.builder().add("a", HiveType.STRING).add("b", HiveType.STRING).add("c", HiveType.BINARY).build();
        Row back = roundTrip(Row.of(schema, "", null, new byte[0]));
        assertThat(back.isNull(0)).isFalse();
        assertThat(back.getString(0)).isEmpty();
        assertThat(back.isNull(1)).isTrue();
        assertThat(back.getString(1)).isNull();
        assertThat(back.getBinary(2)).isEmpty();
    }

    @Test
    void unicodeIncludingSupplementaryCharactersRoundTrips() {
        String s = "a\u00e9\u4e2d\ud83d\ude00\ud801\udc37z\u0000end";
        assertThat(roundTripValue(HiveType.STRING, s)).isEqualTo(s);
        assertThat(roundTripValue(HiveType.varchar(100), s)).isEqualTo(s);
    }

    @Test
    void datesAndTimestampsRoundTripIncludingBefore1970AndNanos() {
        for (LocalDate d : new LocalDate[] {LocalDate.of(1969, 12, 31), LocalDate.of(1, 1, 1), LocalDate.of(-4712, 1, 1),
                LocalDate.of(9999, 12, 31), LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH}) {
            assertThat(roundTripValue(HiveType.DATE, d)).isEqualTo(d);
        }
        for (LocalDateTime t : new LocalDateTime[] {LocalDateTime.of(1969, 12, 31, 23, 59, 59, 1),
                LocalDateTime.of(1900, 1, 1, 0, 0, 0, 999_999_999), LocalDateTime.of(2038, 1, 19, 3, 14, 8, 123_456_789),
                LocalDateTime.MIN, LocalDateTime.MAX}) {
            assertThat(roundTripValue(HiveType.TIMESTAMP, t)).isEqualTo(t);
        }
    }

    @Test
    void complexValuesRoundTripAndCompareByValue() {
        RowSchema schema = RowSchema.parse("id:int;tags:array<string>;m:map<string,array<bigint>>;s:struct<a:tinyint,b:date>");
        java.util.Map<Object, Object> m = new java.util.LinkedHashMap<>();
        m.put("k", java.util.List.of(1L, 2L));
        m.put("z", null);
        Row row = Row.of(schema, 1, java.util.Arrays.asList("x", null), m,
                java.util.Arrays.asList((byte) 3, java.time.LocalDate.of(1969, 12, 31)));
        Row back = roundTrip(row);
        assertThat(back).isEqualTo(row).hasSameHashCodeAs(row);
        assertThat(back.getComplex(2)).isEqualTo(m);
        assertThat(back.get(3)).isEqualTo(java.util.Arrays.asList((byte) 3, java.time.LocalDate.of(1969, 12, 31)));
        assertThat(back.toString()).isEqualTo("1\t[\"x\",null]\t{\"k\":[1,2],\"z\":null}\t{\"a\":3,\"b\":\"1969-12-31\"}");
        Row fromJson = new Row(schema);
        fromJson.setComplexJson(1, "[\"x\", null]");
        assertThat(fromJson.getComplex(1)).isEqualTo(row.getComplex(1));
        assertThatThrownBy(() -> row.getString(1)).hasMessageContaining("holds a List");
    }

    @Test
    void binaryWithZeroBytesRoundTrips() {
        byte[] b = {0, 0, 1, 0, (byte) 0xff, 0};
        assertThat((byte[]) roundTripValue(HiveType.BINARY, b)).containsExactly(b);
    }

    @Test
    void aReusedRowIsResetByReadFields() {
        RowSchema schema = RowSchema.builder().add("s", HiveType.STRING).add("n", HiveType.BIGINT).add("d", HiveType.decimal(20, 4))
                .add("b", HiveType.BINARY).build();
        Row longer = Row.of(schema, "a much longer string than the next one", 123456789L, new BigDecimal("1234567890.1234"),
                new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        Row shorter = Row.of(schema, "short", null, new BigDecimal("1.5000"), new byte[] {9});
        Row reused = new Row(schema);

        Writables.deserialize(Writables.serialize(longer), reused);
        assertThat(reused).isEqualTo(longer);
        assertThat(reused.getString(0)).isEqualTo(longer.getString(0)); // decoded and cached...
        Writables.deserialize(Writables.serialize(shorter), reused);
        assertThat(reused).isEqualTo(shorter); // ...and the cache was dropped
        assertThat(reused.getString(0)).isEqualTo("short");
        assertThat(reused.isNull(1)).isTrue();
        assertThat(reused.getDecimal(2)).isEqualTo(new BigDecimal("1.5000"));
        assertThat(reused.getBinary(3)).containsExactly(9);
        Writables.deserialize(Writables.serialize(longer), reused);
        assertThat(reused).isEqualTo(longer);
    }

    @Test
    void readFieldsDoesNotReplaceTheSchema() {
        Row row = new Row(TestSchemas.ALL_TYPES);
        RowSchema before = row.schema();
        Writables.deserialize(Writables.serialize(TestSchemas.typical()), row);
        assertThat(row.schema()).isSameAs(before);
    }

    @Test
    void encodingIsCompact() {
        RowSchema ints = RowSchema.builder().add("a", HiveType.INT).add("b", HiveType.INT).add("c", HiveType.INT).build();
        assertThat(Writables.serialize(Row.of(ints, 1, -5, 42))).hasSize(4); // bitmap + 1 byte each
        assertThat(Writables.serialize(Row.of(ints, null, null, null))).hasSize(1);
        RowSchema wide = RowSchema.builder().add("x", HiveType.BIGINT).add("s", HiveType.STRING).add("d", HiveType.decimal(10, 2))
                .add("b", HiveType.BOOLEAN).add("dt", HiveType.DATE).build();
        // 1 bitmap + 3 bigint + (1 + 3) string + (1 + 1 + 2) decimal + 1 boolean + 3 date
        assertThat(Writables.serialize(Row.of(wide, 100_000L, "abc", new BigDecimal("1.50"), true, LocalDate.of(2020, 1, 1))))
                .hasSizeLessThanOrEqualTo(16);
    }

    @Test
    void typedAccessorsWidenButDoNotNarrow() {
        RowSchema schema = RowSchema.builder().add("t", HiveType.TINYINT).add("f", HiveType.FLOAT).add("b", HiveType.BIGINT).build();
        Row row = Row.of(schema, (byte) -3, 0.1f, 5L);
        assertThat(row.getByte(0)).isEqualTo((byte) -3);
        assertThat(row.getShort(0)).isEqualTo((short) -3);
        assertThat(row.getInt(0)).isEqualTo(-3);
        assertThat(row.getLong(0)).isEqualTo(-3L);
        assertThat(row.getDouble(1)).isEqualTo((double) 0.1f);
        assertThatThrownBy(() -> row.getInt(2)).isInstanceOf(ConnectorException.class).hasMessageContaining("field 3 'b' (bigint)");
        assertThatThrownBy(() -> row.getString(0)).isInstanceOf(ConnectorException.class).hasMessageContaining("getString");
    }

    @Test
    void settersCheckTypeAndRange() {
        RowSchema schema = RowSchema.builder().add("t", HiveType.TINYINT).add("i", HiveType.INT).build();
        Row row = new Row(schema);
        assertThatThrownBy(() -> row.setLong(0, 128)).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("128").hasMessageContaining("'t' (tinyint)");
        assertThatThrownBy(() -> row.set(1, 5L)).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("takes a Integer, got a Long");
        assertThatThrownBy(() -> row.setString(1, "x")).isInstanceOf(ConnectorException.class);
        row.setLong(0, -128);
        assertThat(row.get(0)).isEqualTo((byte) -128);
    }

    @Test
    void primitiveGetterOnNullFails() {
        Row row = new Row(RowSchema.builder().add("n", HiveType.INT).build());
        assertThat(row.isNull(0)).isTrue();
        assertThatThrownBy(() -> row.getInt(0)).isInstanceOf(ConnectorException.class).hasMessageContaining("is NULL");
    }

    @Test
    void copyIsDeepAndBinaryGettersCopy() {
        Row row = TestSchemas.typical();
        Row copy = row.copy();
        assertThat(copy).isEqualTo(row).isNotSameAs(row);
        copy.setString(7, "changed");
        assertThat(row.getString(7)).isEqualTo("hello");
        byte[] bin = row.getBinary(13);
        bin[0] = 'X';
        assertThat(row.getBinary(13)[0]).isEqualTo((byte) 'b');
        Row decoded = roundTrip(row);
        Row decodedCopy = decoded.copy();
        Writables.deserialize(Writables.serialize(TestSchemas.extremes()), decoded);
        assertThat(decodedCopy).isEqualTo(row);
    }

    @Test
    void equalityIsExactForFloatsAndDecimals() {
        RowSchema schema = RowSchema.builder().add("d", HiveType.DOUBLE).add("x", HiveType.decimal(10, 2)).build();
        assertThat(Row.of(schema, Double.NaN, BigDecimal.ONE)).isEqualTo(Row.of(schema, Double.NaN, BigDecimal.ONE));
        assertThat(Row.of(schema, -0.0, BigDecimal.ONE)).isNotEqualTo(Row.of(schema, 0.0, BigDecimal.ONE));
        assertThat(Row.of(schema, 1.0, new BigDecimal("1.50"))).isNotEqualTo(Row.of(schema, 1.0, new BigDecimal("1.5")));
    }

    @Test
    void toStringIsTabSeparatedLikeHive() {
        assertThat(TestSchemas.typical().toString()).isEqualTo(
                "7\t-300\t123456\t1099511627776\t1.5\t3.141592653589793\t12345.6789000000\thello\tworld\tab   \ttrue"
                        + "\t2024-02-29\t2024-02-29 13:14:15.123456789\tbytes");
        assertThat(TestSchemas.allNull().toString()).isEqualTo(String.join("\t", java.util.Collections.nCopies(14, "NULL")));
        RowSchema ts = RowSchema.builder().add("t", HiveType.TIMESTAMP).build();
        assertThat(Row.of(ts, LocalDateTime.of(2020, 1, 2, 3, 4, 5)).toString()).isEqualTo("2020-01-02 03:04:05");
        assertThat(Row.of(ts, LocalDateTime.of(2020, 1, 2, 3, 4, 5, 100_000_000)).toString()).isEqualTo("2020-01-02 03:04:05.1");
    }

    @Test
    void reflectionMadeRowsTakeTheirSchemaFromTheConfiguration() {
        Configuration conf = new Configuration(false);
        TestSchemas.ALL_TYPES.store(conf, Row.SCHEMA_KEY);
        Row row = ReflectionUtils.newInstance(Row.class, conf);
        assertThat(row.schema()).isEqualTo(TestSchemas.ALL_TYPES);
        Writables.deserialize(Writables.serialize(TestSchemas.typical()), row);
        assertThat(row).isEqualTo(TestSchemas.typical());

        Row noSchema = ReflectionUtils.newInstance(Row.class, new Configuration(false));
        assertThatThrownBy(() -> Writables.deserialize(new byte[] {0}, noSchema))
                .isInstanceOf(ConnectorException.class).hasMessageContaining(Row.SCHEMA_KEY);
    }

    @Test
    void rowMappersFillTheUsersWritable() {
        RowMapper<org.apache.hadoop.io.Text> urls = (row, out) -> out.set(row.getString(0));
        RowSchema schema = RowSchema.builder().add("url", HiveType.STRING).add("visits", HiveType.BIGINT).build();
        org.apache.hadoop.io.Text out = new org.apache.hadoop.io.Text();
        urls.map(Row.of(schema, "http://a", 3L), out);
        assertThat(out).hasToString("http://a");
        urls.map(Row.of(schema, "http://b", null), out);
        assertThat(out).hasToString("http://b");
    }

    @Test
    void setSchemaWithAnEqualSchemaOnlyClears() {
        Row row = TestSchemas.typical();
        row.setSchema(RowSchema.parse(TestSchemas.ALL_TYPES.toText()));
        assertThat(row).isEqualTo(TestSchemas.allNull());
    }

    @Test
    void manyRandomRowsRoundTripThroughOneReusedRow() {
        java.util.Random random = new java.util.Random(42);
        Row reused = new Row(TestSchemas.ALL_TYPES);
        List<Row> rows = new ArrayList<>();
        for (int n = 0; n < 2000; n++) {
            rows.add(RandomValues.row(random, TestSchemas.ALL_TYPES, 0.2));
        }
        for (Row r : rows) {
            Writables.deserialize(Writables.serialize(r), reused);
            assertThat(reused).isEqualTo(r);
        }
    }
}
