package org.hadoopdb.hs2;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.hive.service.rpc.thrift.TBinaryColumn;
import org.apache.hive.service.rpc.thrift.TBoolColumn;
import org.apache.hive.service.rpc.thrift.TByteColumn;
import org.apache.hive.service.rpc.thrift.TColumn;
import org.apache.hive.service.rpc.thrift.TDoubleColumn;
import org.apache.hive.service.rpc.thrift.TI16Column;
import org.apache.hive.service.rpc.thrift.TI32Column;
import org.apache.hive.service.rpc.thrift.TI64Column;
import org.apache.hive.service.rpc.thrift.TRowSet;
import org.apache.hive.service.rpc.thrift.TStringColumn;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;

/**
 * One batch of rows in HiveServer2's columnar form (protocol V6 and later): a value list per column
 * and a bit set of its NULLs (bit i of byte i/8, lowest bit first). The Thrift column kind per type
 * is Hive's own: FLOAT travels in a double column, DECIMAL, DATE and TIMESTAMP as their text, which
 * Hive's driver parses by the column's type.
 */
final class ColumnarRows {
    /** Hive's TIMESTAMP text: seconds always, the fraction only as long as it needs to be. */
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd HH:mm:ss").appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).toFormatter();

    private final List<ResultColumn> columns;
    private final List<List<Object>> values = new ArrayList<>();
    private final List<BitSet> nulls = new ArrayList<>();
    private int size;

    ColumnarRows(List<ResultColumn> columns) {
        this.columns = columns;
        for (int i = 0; i < columns.size(); i++) {
            values.add(new ArrayList<>());
            nulls.add(new BitSet());
        }
    }

    int size() {
        return size;
    }

    /** Appends a query result row (copied: the row is reused by its stream). */
    void add(Row row) {
        for (int i = 0; i < columns.size(); i++) {
            HiveType type = columns.get(i).type();
            if (row.isNull(i)) {
                addNull(i, type);
            } else {
                values.get(i).add(wireValue(row, i, type));
            }
        }
        size++;
    }

    /** Appends a metadata row: plain Java values (String, Number, Boolean) or nulls. */
    void add(List<?> row) {
        for (int i = 0; i < columns.size(); i++) {
            HiveType type = columns.get(i).type();
            Object v = row.get(i);
            if (v == null) {
                addNull(i, type);
            } else {
                values.get(i).add(wireValue(v, type));
            }
        }
        size++;
    }

    private void addNull(int column, HiveType type) {
        nulls.get(column).set(size);
        values.get(column).add(placeholder(type));
    }

    private static Object wireValue(Row row, int i, HiveType type) {
        return switch (type.kind()) {
            case BOOLEAN -> row.getBoolean(i);
            case TINYINT -> row.getByte(i);
            case SMALLINT -> row.getShort(i);
            case INT -> row.getInt(i);
            case BIGINT -> row.getLong(i);
            // through its shortest text, so 0.1f arrives as 0.1 rather than 0.10000000149011612
            case FLOAT -> Double.parseDouble(Float.toString(row.getFloat(i)));
            case DOUBLE -> row.getDouble(i);
            case DECIMAL -> row.getDecimal(i).toPlainString();
            case STRING, VARCHAR, CHAR -> row.getString(i);
            case DATE -> row.getDate(i).toString();
            case TIMESTAMP -> TIMESTAMP.format(row.getTimestamp(i));
            case BINARY -> ByteBuffer.wrap(row.getBinary(i).clone());
            // as HiveServer2 sends them: Hive's text of the value in a string column
            case ARRAY, MAP, STRUCT -> org.hadoopdb.catalog.model.ComplexDisplay.format(type, row.getComplex(i));
        };
    }

    private static Object wireValue(Object v, HiveType type) {
        return switch (type.kind()) {
            case BOOLEAN -> (Boolean) v;
            case TINYINT -> ((Number) v).byteValue();
            case SMALLINT -> ((Number) v).shortValue();
            case INT -> ((Number) v).intValue();
            case BIGINT -> ((Number) v).longValue();
            case FLOAT, DOUBLE -> ((Number) v).doubleValue();
            case DECIMAL -> v instanceof BigDecimal d ? d.toPlainString() : v.toString();
            case TIMESTAMP -> v instanceof LocalDateTime t ? TIMESTAMP.format(t) : v.toString();
            case DATE -> v instanceof LocalDate d ? d.toString() : v.toString();
            case BINARY -> ByteBuffer.wrap((byte[]) v);
            default -> v.toString();
        };
    }

    /** What stands in a value list where the NULL bit is set (Thrift lists hold no nulls). */
    private static Object placeholder(HiveType type) {
        return switch (type.kind()) {
            case BOOLEAN -> Boolean.FALSE;
            case TINYINT -> (byte) 0;
            case SMALLINT -> (short) 0;
            case INT -> 0;
            case BIGINT -> 0L;
            case FLOAT, DOUBLE -> 0.0;
            case BINARY -> ByteBuffer.allocate(0);
            default -> "";
        };
    }

    /** The batch as a row set starting at {@code offset} (rows sent before it). */
    @SuppressWarnings("unchecked")
    TRowSet toRowSet(long offset) {
        TRowSet set = new TRowSet(offset, new ArrayList<>());
        List<TColumn> out = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            List<?> v = values.get(i);
            ByteBuffer n = ByteBuffer.wrap(nulls.get(i).toByteArray());
            out.add(switch (columns.get(i).type().kind()) {
                case BOOLEAN -> TColumn.boolVal(new TBoolColumn((List<Boolean>) v, n));
                case TINYINT -> TColumn.byteVal(new TByteColumn((List<Byte>) v, n));
                case SMALLINT -> TColumn.i16Val(new TI16Column((List<Short>) v, n));
                case INT -> TColumn.i32Val(new TI32Column((List<Integer>) v, n));
                case BIGINT -> TColumn.i64Val(new TI64Column((List<Long>) v, n));
                case FLOAT, DOUBLE -> TColumn.doubleVal(new TDoubleColumn((List<Double>) v, n));
                case BINARY -> TColumn.binaryVal(new TBinaryColumn((List<ByteBuffer>) v, n));
                default -> TColumn.stringVal(new TStringColumn((List<String>) v, n));
            });
        }
        set.setColumns(out);
        set.setColumnCount(columns.size());
        return set;
    }
}
