package org.hadoopdb.peers.spark;

import java.math.BigDecimal;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.hadoopdb.peers.protocol.PeerException;

/**
 * A query result's rows as the protocol's text: integers plain, doubles as {@link Double#toString(double)}, decimals
 * without exponent, dates {@code yyyy-MM-dd}, NULL as null. One formatter per column, chosen once from the schema.
 */
final class RowText {
    private final Function<Object, String>[] columns;

    private RowText(Function<Object, String>[] columns) {
        this.columns = columns;
    }

    /** The text form of rows of {@code schema}; a column of a type the benchmark has no text for is refused here. */
    @SuppressWarnings("unchecked")
    static RowText of(StructType schema) {
        StructField[] fields = schema.fields();
        Function<Object, String>[] columns = new Function[fields.length];
        for (int i = 0; i < fields.length; i++) {
            columns[i] = formatter(fields[i]);
        }
        return new RowText(columns);
    }

    /** The row's values as text. */
    String[] values(Row row) {
        String[] values = new String[columns.length];
        for (int i = 0; i < columns.length; i++) {
            Object v = row.get(i);
            values[i] = v == null ? null : columns[i].apply(v);
        }
        return values;
    }

    private static Function<Object, String> formatter(StructField field) {
        DataType t = field.dataType();
        if (t.equals(DataTypes.DoubleType)) {
            return v -> Double.toString((Double) v);
        }
        if (t.equals(DataTypes.FloatType)) {
            return v -> Float.toString((Float) v);
        }
        if (t instanceof DecimalType) {
            return v -> ((BigDecimal) v).toPlainString();
        }
        // integers, strings and booleans print as they are; a date is a LocalDate (java8API), ISO yyyy-MM-dd
        if (t.equals(DataTypes.IntegerType) || t.equals(DataTypes.LongType) || t.equals(DataTypes.ShortType)
                || t.equals(DataTypes.ByteType) || t.equals(DataTypes.StringType) || t.equals(DataTypes.BooleanType)
                || t.equals(DataTypes.DateType)) {
            return Object::toString;
        }
        throw new PeerException("Result column '" + field.name() + "' has Spark type " + t.simpleString()
                + ", which the benchmark's answers have no text form for (cast it to STRING in the query)");
    }
}
