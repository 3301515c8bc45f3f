package org.hadoopdb.peers.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.hadoopdb.peers.protocol.PeerTable;

/**
 * The {@link Variant#TEXT} tables: external tables of Spark's CSV reader over a {@link PeerTable}'s directory, with the
 * table's own schema (never inferred, which would read the data) and the benchmark's plain text format.
 */
final class TextTables {
    private TextTables() {
    }

    /** Creates (or replaces) the text table; reads no data. */
    static void define(SparkSession spark, PeerTable table) {
        String name = Variant.TEXT.qualify(table.name());
        spark.sql("DROP TABLE IF EXISTS " + name);
        spark.catalog().createTable(name, "csv", schema(table.columns()), options(table));
    }

    /** The CSV reader's options for the benchmark's format: one record a line, no quoting, no header. */
    static Map<String, String> options(PeerTable table) {
        return Map.of(
                "path", table.directory(),
                "sep", String.valueOf(table.delimiter()),
                // an empty quote turns quoting off: a '"' in a field is an ordinary character
                "quote", "",
                "header", "false",
                "dateFormat", "yyyy-MM-dd",
                "encoding", "UTF-8",
                // a line that does not parse fails the query instead of becoming a row of NULLs
                "mode", "FAILFAST");
    }

    static StructType schema(List<PeerTable.Column> columns) {
        return DataTypes.createStructType(columns.stream()
                .map(c -> DataTypes.createStructField(c.name(), type(c.type()), false))
                .toArray(StructField[]::new));
    }

    private static DataType type(PeerTable.Type type) {
        return switch (type) {
            case STRING -> DataTypes.StringType;
            case INT -> DataTypes.IntegerType;
            case BIGINT -> DataTypes.LongType;
            case DOUBLE -> DataTypes.DoubleType;
            case DATE -> DataTypes.DateType;
        };
    }
}
