package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.hive.service.rpc.thrift.TColumn;
import org.apache.hive.service.rpc.thrift.TRowSet;
import org.apache.hive.service.rpc.thrift.TTypeId;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.junit.jupiter.api.Test;

class ColumnarRowsTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("i", "int").add("f", "float").add("d", "decimal(6,2)")
            .add("dt", "date").add("ts", "timestamp").add("b", "binary").add("s", "string").build();

    @Test
    void valuesTravelInHivesColumnKindsWithNullBits() {
        ColumnarRows rows = new ColumnarRows(ResultColumn.of(SCHEMA));
        rows.add(Row.of(SCHEMA, 7, 0.1f, new BigDecimal("12.50"), LocalDate.of(2024, 2, 29),
                LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000), new byte[] {1, 2}, "x"));
        rows.add(Row.of(SCHEMA, null, null, null, null, null, null, null));
        rows.add(Row.of(SCHEMA, 9, 2.5f, new BigDecimal("1.00"), LocalDate.of(1999, 12, 31),
                LocalDateTime.of(2000, 1, 1, 0, 0), new byte[0], null));
        TRowSet set = rows.toRowSet(40);
        assertThat(set.getStartRowOffset()).isEqualTo(40);
        List<TColumn> c = set.getColumns();
        assertThat(c.get(0).getI32Val().getValues()).containsExactly(7, 0, 9);
        assertThat(c.get(0).getI32Val().getNulls()).containsExactly(0b010);
        assertThat(c.get(1).getDoubleVal().getValues()).containsExactly(0.1, 0.0, 2.5);
        assertThat(c.get(2).getStringVal().getValues()).containsExactly("12.50", "", "1.00");
        assertThat(c.get(3).getStringVal().getValues()).containsExactly("2024-02-29", "", "1999-12-31");
        assertThat(c.get(4).getStringVal().getValues()).containsExactly("2024-02-29 12:34:56.789", "", "2000-01-01 00:00:00");
        assertThat(c.get(5).getBinaryVal().getValues()).containsExactly(ByteBuffer.wrap(new byte[] {1, 2}),
                ByteBuffer.allocate(0), ByteBuffer.allocate(0));
        assertThat(c.get(6).getStringVal().getNulls()).containsExactly(0b110);
    }

    @Test
    void decimalsAndStringsCarryTheirQualifiers() {
        assertThat(ThriftTypes.typeId(HiveType.decimal(6, 2))).isEqualTo(TTypeId.DECIMAL_TYPE);
        var decimal = ThriftTypes.typeDesc(HiveType.decimal(6, 2)).getTypes().get(0).getPrimitiveEntry().getTypeQualifiers();
        assertThat(decimal.getQualifiers().get("precision").getI32Value()).isEqualTo(6);
        assertThat(decimal.getQualifiers().get("scale").getI32Value()).isEqualTo(2);
        var varchar = ThriftTypes.typeDesc(HiveType.varchar(20)).getTypes().get(0).getPrimitiveEntry().getTypeQualifiers();
        assertThat(varchar.getQualifiers().get("characterMaximumLength").getI32Value()).isEqualTo(20);
        assertThat(ThriftTypes.typeDesc(HiveType.INT).getTypes().get(0).getPrimitiveEntry().isSetTypeQualifiers()).isFalse();
    }

    @Test
    void aRowSetOfNineRowsHasTwoNullBytes() {
        RowSchema one = RowSchema.builder().add("i", "int").build();
        ColumnarRows rows = new ColumnarRows(ResultColumn.of(one));
        for (int i = 0; i < 9; i++) {
            rows.add(Row.of(one, i == 8 ? null : i));
        }
        assertThat(rows.toRowSet(0).getColumns().get(0).getI32Val().getNulls()).containsExactly(0, 1);
    }
}
