package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.WritableComparator;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.row.SortKeySpec.Column;
import org.hadoopdb.connector.row.SortKeySpec.NullOrder;
import org.junit.jupiter.api.Test;

class SortKeyTest {
    private static final WritableComparator RAW = WritableComparator.get(SortKey.class);

    private static final List<HiveType> TYPES = List.of(HiveType.TINYINT, HiveType.SMALLINT, HiveType.INT, HiveType.BIGINT,
            HiveType.FLOAT, HiveType.DOUBLE, HiveType.decimal(38, 4), HiveType.STRING, HiveType.varchar(30), HiveType.charType(6),
            HiveType.BOOLEAN, HiveType.DATE, HiveType.TIMESTAMP, HiveType.BINARY);

    private static byte[] keyBytes(SortKeyCodec codec, Row row) {
        return Writables.serialize(codec.encode(row, new SortKey()));
    }

    private static int rawCompare(byte[] a, byte[] b) {
        return RAW.compare(a, 0, a.length, b, 0, b.length);
    }

    @Test
    void theRegisteredComparatorIsTheRawOne() {
        assertThat(RAW).isInstanceOf(SortKey.Comparator.class);
    }

    @Test
    void rawByteOrderEqualsSqlOrderForEveryTypeDirectionAndNullOrder() {
        Random random = new Random(20240229);
        for (HiveType type : TYPES) {
            RowSchema schema = RowSchema.builder().add("v", type).build();
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                values.add(random.nextInt(20) == 0 ? null : RandomValues.value(random, type));
            }
            for (Column column : List.of(Column.asc(0), Column.desc(0), Column.asc(0).nullsLast(), Column.desc(0).nullsFirst())) {
                SortKeyCodec codec = new SortKeyCodec(SortKeySpec.of(schema, column));
                List<byte[]> keys = new ArrayList<>();
                for (Object v : values) {
                    keys.add(keyBytes(codec, Row.of(schema, v)));
                }
                for (int i = 0; i < values.size(); i++) {
                    for (int j = 0; j < values.size(); j++) {
                        int expected = Integer.signum(SqlOrder.compare(type, column.descending(), column.nulls(), values.get(i), values.get(j)));
                        int actual = Integer.signum(rawCompare(keys.get(i), keys.get(j)));
                        if (actual != expected) {
                            throw new AssertionError(type + " " + column + ": " + show(values.get(i)) + " vs " + show(values.get(j))
                                    + " expected " + expected + " but raw comparison gave " + actual);
                        }
                    }
                }
            }
        }
    }

    @Test
    void decodingGivesBackTheValueInCanonicalForm() {
        Random random = new Random(7);
        for (HiveType type : TYPES) {
            RowSchema schema = RowSchema.builder().add("v", type).build();
            for (Column column : List.of(Column.asc(0), Column.desc(0))) {
                SortKeyCodec codec = new SortKeyCodec(SortKeySpec.of(schema, column));
                Row decoded = codec.newKeyRow();
                for (int i = 0; i < 500; i++) {
                    Object v = random.nextInt(20) == 0 ? null : RandomValues.value(random, type);
                    SortKey key = Writables.deserialize(keyBytes(codec, Row.of(schema, v)), new SortKey());
                    Object back = codec.decode(key, decoded).get(0);
                    if (v == null) {
                        assertThat(back).isNull();
                    } else {
                        assertThat(SqlOrder.compareValues(type, back, v)).as("%s %s -> %s", type, show(v), show(back)).isZero();
                        assertThat(back).isInstanceOf(v.getClass());
                    }
                }
            }
        }
    }

    @Test
    void canonicalForms() {
        RowSchema schema = RowSchema.builder().add("d", HiveType.DOUBLE).add("x", HiveType.decimal(10, 2))
                .add("c", HiveType.charType(4)).add("n", HiveType.decimal(5, 0)).build();
        SortKeyCodec codec = new SortKeyCodec(SortKeySpec.ascending(schema));
        Row back = codec.decode(codec.encode(Row.of(schema, -0.0, new BigDecimal("1.5"), "ab", new BigDecimal("100")), new SortKey()),
                codec.newKeyRow());
        assertThat(Double.doubleToRawLongBits(back.getDouble(0))).isZero();
        assertThat(back.getDecimal(1)).isEqualTo(new BigDecimal("1.50"));
        assertThat(back.getString(2)).isEqualTo("ab  ");
        assertThat(back.getDecimal(3)).isEqualTo(new BigDecimal("100"));
    }

    @Test
    void equalValuesOfDifferentRepresentationsHaveEqualKeys() {
        assertThat(key(HiveType.TINYINT, (byte) 5)).isEqualTo(key(HiveType.BIGINT, 5L)).isEqualTo(key(HiveType.INT, 5));
        assertThat(key(HiveType.FLOAT, 1.5f)).isEqualTo(key(HiveType.DOUBLE, 1.5));
        assertThat(key(HiveType.DOUBLE, -0.0)).isEqualTo(key(HiveType.DOUBLE, 0.0));
        assertThat(key(HiveType.DOUBLE, Double.longBitsToDouble(0x7ff8_0000_0000_0001L))).isEqualTo(key(HiveType.DOUBLE, Double.NaN));
        assertThat(key(HiveType.decimal(10, 2), new BigDecimal("1.50"))).isEqualTo(key(HiveType.decimal(5, 1), new BigDecimal("1.5")));
        assertThat(key(HiveType.decimal(10, 2), new BigDecimal("0.00"))).isEqualTo(key(HiveType.decimal(5, 1), BigDecimal.ZERO));
        assertThat(key(HiveType.charType(5), "ab   ")).isEqualTo(key(HiveType.charType(3), "ab"));
        assertThat(key(HiveType.STRING, "ab ")).isNotEqualTo(key(HiveType.STRING, "ab"));
        assertThat(key(HiveType.STRING, "ab")).isEqualTo(key(HiveType.varchar(9), "ab"));
    }

    private static SortKey key(HiveType type, Object value) {
        RowSchema schema = RowSchema.builder().add("v", type).build();
        return new SortKeyCodec(SortKeySpec.ascending(schema)).encode(Row.of(schema, value), new SortKey());
    }

    @Test
    void multiColumnKeysOrderLexicographically() {
        Random random = new Random(99);
        RowSchema schema = TestSchemas.ALL_TYPES;
        // few distinct values in the leading columns so that later columns decide often
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            Row r = RandomValues.row(random, schema, 0.15);
            if (!r.isNull(10)) {
                r.setBoolean(10, random.nextBoolean());
            }
            if (!r.isNull(0)) {
                r.setByte(0, (byte) random.nextInt(3));
            }
            rows.add(r);
        }
        SortKeySpec spec = SortKeySpec.of(schema, Column.asc(10), Column.desc(0).nullsFirst(), Column.asc(7).nullsLast(),
                Column.desc(6), Column.asc(12), Column.desc(13));
        SortKeyCodec codec = new SortKeyCodec(spec);
        List<byte[]> keys = rows.stream().map(r -> keyBytes(codec, r)).toList();
        for (int i = 0; i < rows.size(); i++) {
            for (int j = 0; j < rows.size(); j++) {
                int expected = 0;
                for (Column c : spec.columns()) {
                    expected = SqlOrder.compare(schema.type(c.field()), c.descending(), c.nulls(),
                            rows.get(i).get(c.field()), rows.get(j).get(c.field()));
                    if (expected != 0) {
                        break;
                    }
                }
                assertThat(Integer.signum(rawCompare(keys.get(i), keys.get(j)))).as("rows %s / %s", i, j)
                        .isEqualTo(Integer.signum(expected));
            }
        }
        Row decoded = codec.decode(Writables.deserialize(keys.get(0), new SortKey()), codec.newKeyRow());
        assertThat(decoded.schema()).isEqualTo(spec.keySchema());
    }

    @Test
    void longKeysWithMultiByteLengthPrefixesCompareCorrectly() {
        RowSchema schema = RowSchema.builder().add("s", HiveType.STRING).build();
        SortKeyCodec codec = new SortKeyCodec(SortKeySpec.ascending(schema));
        byte[] longA = keyBytes(codec, Row.of(schema, "x".repeat(300) + "a"));
        byte[] longB = keyBytes(codec, Row.of(schema, "x".repeat(300) + "b"));
        byte[] shortY = keyBytes(codec, Row.of(schema, "y"));
        assertThat(rawCompare(longA, longB)).isNegative();
        assertThat(rawCompare(longB, shortY)).isNegative();
        assertThat(rawCompare(shortY, longA)).isPositive();
    }

    @Test
    void groupPrefixDrivesGroupingAndPartitioning() {
        RowSchema schema = RowSchema.builder().add("k", HiveType.decimal(10, 2)).add("t", HiveType.TIMESTAMP).build();
        SortKeySpec spec = SortKeySpec.builder(schema).asc("k").desc("t").groupColumns(1).build();
        SortKeyCodec codec = new SortKeyCodec(spec);
        SortKey a = codec.encode(Row.of(schema, new BigDecimal("1.50"), LocalDateTime.of(2020, 1, 1, 0, 0)), new SortKey()).copy();
        SortKey b = codec.encode(Row.of(schema, new BigDecimal("1.5"), LocalDateTime.of(2021, 1, 1, 0, 0)), new SortKey()).copy();
        SortKey c = codec.encode(Row.of(schema, new BigDecimal("2"), LocalDateTime.of(2021, 1, 1, 0, 0)), new SortKey()).copy();

        assertThat(a.compareTo(b)).isPositive(); // same k, t descending
        assertThat(a.compareGroup(b)).isZero();
        byte[] sa = Writables.serialize(a);
        byte[] sb = Writables.serialize(b);
        byte[] sc = Writables.serialize(c);
        SortKey.GroupComparator group = new SortKey.GroupComparator();
        assertThat(group.compare(sa, 0, sa.length, sb, 0, sb.length)).isZero();
        assertThat(group.compare(sa, 0, sa.length, sc, 0, sc.length)).isNegative();
        assertThat(group.compare(a, c)).isNegative();
        for (int n : new int[] {1, 2, 7, 100}) {
            assertThat(SortKeyPartitioner.partition(a, n)).isEqualTo(SortKeyPartitioner.partition(b, n));
        }
        assertThat(new SortKeyPartitioner<Row>().getPartition(a, null, 13)).isBetween(0, 12);
    }

    @Test
    void partitionsSpreadKeys() {
        RowSchema schema = RowSchema.builder().add("k", HiveType.BIGINT).build();
        SortKeyCodec codec = new SortKeyCodec(SortKeySpec.ascending(schema));
        int[] counts = new int[8];
        SortKey key = new SortKey();
        for (long i = 0; i < 8000; i++) {
            counts[SortKeyPartitioner.partition(codec.encode(Row.of(schema, i), key), counts.length)]++;
        }
        assertThat(java.util.Arrays.stream(counts).boxed().toList()).allSatisfy(c -> assertThat(c).isBetween(800, 1200));
    }

    @Test
    void keysAreCompact() {
        RowSchema schema = RowSchema.builder().add("a", HiveType.INT).add("b", HiveType.INT).build();
        SortKey key = new SortKeyCodec(SortKeySpec.ascending(schema)).encode(Row.of(schema, 1, -1), new SortKey());
        assertThat(key.length()).isEqualTo(5); // header + 0x81 01, header + 0x7f
        assertThat(Writables.serialize(key)).hasSize(7);
    }

    @Test
    void specHasATextForm() {
        SortKeySpec spec = SortKeySpec.of(TestSchemas.ALL_TYPES, Column.desc(3), Column.asc(0).nullsLast(), Column.desc(7).nullsFirst())
                .groupedBy(2);
        assertThat(SortKeySpec.parse(spec.toText())).isEqualTo(spec);
        assertThat(spec.toText()).endsWith("|3dl,0al,7df|2");
        assertThat(spec.keySchema().names()).containsExactly("b", "t", "str");
        assertThatThrownBy(() -> SortKeySpec.parse("a:int|0xq|1")).isInstanceOf(ConnectorException.class);
        assertThatThrownBy(() -> SortKeySpec.of(RowSchema.builder().add("a", HiveType.INT).build(), Column.asc(1)))
                .isInstanceOf(ConnectorException.class).hasMessageContaining("outside");
    }

    @Test
    void rejectsRowsOfAnotherSchema() {
        SortKeyCodec codec = new SortKeyCodec(SortKeySpec.ascending(RowSchema.builder().add("a", HiveType.INT).build()));
        Row other = Row.of(RowSchema.builder().add("a", HiveType.BIGINT).build(), 1L);
        assertThatThrownBy(() -> codec.encode(other, new SortKey())).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("cannot encode");
    }

    @Test
    void datesBeforeTheEpochAndNanosOrderCorrectly() {
        assertThat(key(HiveType.DATE, LocalDate.of(1969, 12, 31)).compareTo(key(HiveType.DATE, LocalDate.EPOCH))).isNegative();
        assertThat(key(HiveType.TIMESTAMP, LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999))
                .compareTo(key(HiveType.TIMESTAMP, LocalDateTime.of(1970, 1, 1, 0, 0)))).isNegative();
        assertThat(key(HiveType.TIMESTAMP, LocalDateTime.of(2000, 1, 1, 0, 0, 0, 1))
                .compareTo(key(HiveType.TIMESTAMP, LocalDateTime.of(2000, 1, 1, 0, 0, 0, 2)))).isNegative();
    }

    private static String show(Object v) {
        if (v instanceof byte[] b) {
            return java.util.Arrays.toString(b);
        }
        if (v instanceof String s) {
            return s.codePoints().mapToObj(Integer::toHexString).toList().toString();
        }
        return String.valueOf(v);
    }
}
