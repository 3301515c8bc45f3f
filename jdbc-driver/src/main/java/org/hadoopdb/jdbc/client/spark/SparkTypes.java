package org.hadoopdb.jdbc.client.spark;

import java.sql.Types;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.jdbc.JdbcType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VarcharType;

/**
 * HiveQL's types and Spark's, both ways. HadoopDB's driver names each column by its HiveQL type
 * ({@code TINYINT}, {@code DECIMAL}, {@code STRING}, …; a complex column by its whole spelling, e.g.
 * {@code array<int>}), which is what the mapping reads; Spark's generic mapping by JDBC type code would
 * widen TINYINT and SMALLINT to IntegerType and FLOAT to DoubleType.
 */
final class SparkTypes {
    /** HiveQL's widest DECIMAL, and Spark's. */
    private static final int MAX_PRECISION = 38;
    /** The longest VARCHAR and CHAR HiveQL declares; longer Spark ones become STRING. */
    private static final int MAX_VARCHAR = 65535;
    private static final int MAX_CHAR = 255;

    private SparkTypes() {
    }

    /**
     * The Spark type of a column HadoopDB reports as {@code typeName} with {@code precision} and {@code scale};
     * empty for TIMESTAMP (Spark's own choice of TimestampType or TimestampNTZType, which its
     * {@code preferTimestampNTZ} option decides) and for names HiveQL does not have.
     */
    static Optional<DataType> toSpark(String typeName, int precision, int scale) {
        if (typeName == null) {
            return Optional.empty();
        }
        if (typeName.indexOf('<') >= 0) {
            // ARRAY, MAP and STRUCT arrive as Hive's text of the value ([1,2], {"k":1})
            return Optional.of(DataTypes.StringType);
        }
        return switch (typeName.toUpperCase(Locale.ROOT)) {
            case "TINYINT" -> Optional.of(DataTypes.ByteType);
            case "SMALLINT" -> Optional.of(DataTypes.ShortType);
            case "INT", "INTEGER" -> Optional.of(DataTypes.IntegerType);
            case "BIGINT" -> Optional.of(DataTypes.LongType);
            case "FLOAT" -> Optional.of(DataTypes.FloatType);
            case "DOUBLE" -> Optional.of(DataTypes.DoubleType);
            case "DECIMAL" -> Optional.of(decimal(precision, scale));
            case "STRING", "VARCHAR", "CHAR" -> Optional.of(DataTypes.StringType);
            case "BOOLEAN" -> Optional.of(DataTypes.BooleanType);
            case "DATE" -> Optional.of(DataTypes.DateType);
            case "BINARY" -> Optional.of(DataTypes.BinaryType);
            default -> Optional.empty();
        };
    }

    private static DecimalType decimal(int precision, int scale) {
        int p = Math.max(1, Math.min(MAX_PRECISION, precision));
        int s = Math.max(0, Math.min(p, scale));
        return DataTypes.createDecimalType(p, s);
    }

    /**
     * The HiveQL type of a Spark type, for the {@code CREATE TABLE} Spark writes when it saves to a table
     * that does not exist, for casts, and as the JDBC type of NULL parameters; empty for the types
     * HiveQL's columns cannot hold from JDBC (arrays, maps, structs, intervals).
     */
    static Optional<JdbcType> toHive(DataType type) {
        if (type instanceof StringType) {
            return jdbc("STRING", Types.VARCHAR);
        } else if (type instanceof BooleanType) {
            return jdbc("BOOLEAN", Types.BOOLEAN);
        } else if (type instanceof ByteType) {
            return jdbc("TINYINT", Types.TINYINT);
        } else if (type instanceof ShortType) {
            return jdbc("SMALLINT", Types.SMALLINT);
        } else if (type instanceof IntegerType) {
            return jdbc("INT", Types.INTEGER);
        } else if (type instanceof LongType) {
            return jdbc("BIGINT", Types.BIGINT);
        } else if (type instanceof FloatType) {
            return jdbc("FLOAT", Types.REAL); // the code HadoopDB's driver gives FLOAT
        } else if (type instanceof DoubleType) {
            return jdbc("DOUBLE", Types.DOUBLE);
        } else if (type instanceof DecimalType d) {
            return jdbc("DECIMAL(" + d.precision() + "," + d.scale() + ")", Types.DECIMAL);
        } else if (type instanceof DateType) {
            return jdbc("DATE", Types.DATE);
        } else if (type instanceof TimestampType || type instanceof TimestampNTZType) {
            return jdbc("TIMESTAMP", Types.TIMESTAMP);
        } else if (type instanceof BinaryType) {
            return jdbc("BINARY", Types.BINARY);
        } else if (type instanceof VarcharType v) {
            return v.length() <= MAX_VARCHAR ? jdbc("VARCHAR(" + v.length() + ")", Types.VARCHAR) : jdbc("STRING", Types.VARCHAR);
        } else if (type instanceof CharType c) {
            return c.length() <= MAX_CHAR ? jdbc("CHAR(" + c.length() + ")", Types.CHAR) : jdbc("STRING", Types.VARCHAR);
        }
        return Optional.empty();
    }

    /** Whether HiveQL's CAST to {@code type} computes what Spark's does: a numeric target (Spark pushes only widening casts). */
    static boolean isNumeric(DataType type) {
        return type instanceof ByteType || type instanceof ShortType || type instanceof IntegerType
                || type instanceof LongType || type instanceof FloatType || type instanceof DoubleType
                || type instanceof DecimalType;
    }

    private static Optional<JdbcType> jdbc(String definition, int code) {
        return Optional.of(new JdbcType(definition, code));
    }
}
