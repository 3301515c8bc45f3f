package org.hadoopdb.jdbc.client;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/** An ARRAY column's value for {@code ResultSet.getArray}: its elements, read from Hive's text of it. */
final class HiveArray implements Array {
    private final String baseTypeName;
    private final Object[] elements;

    HiveArray(String baseTypeName, Object[] elements) {
        this.baseTypeName = baseTypeName;
        this.elements = elements;
    }

    @Override
    public String getBaseTypeName() {
        return baseTypeName;
    }

    @Override
    public int getBaseType() {
        String t = baseTypeName.toLowerCase(Locale.ROOT);
        if (t.startsWith("decimal")) {
            return Types.DECIMAL;
        }
        return switch (t) {
            case "tinyint", "smallint", "int" -> Types.INTEGER;
            case "bigint" -> Types.BIGINT;
            case "float", "double" -> Types.DOUBLE;
            case "boolean" -> Types.BOOLEAN;
            default -> Types.VARCHAR; // strings, dates and timestamps in Hive's text, nested values as theirs
        };
    }

    @Override
    public Object getArray() {
        return elements.clone();
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) {
        return getArray();
    }

    /** Elements {@code index} (from 1, as JDBC counts) to {@code index + count - 1}. */
    @Override
    public Object getArray(long index, int count) throws SQLException {
        if (index < 1 || count < 0 || index - 1 + count > elements.length) {
            throw new SQLException("Elements " + index + " to " + (index + count - 1) + " are outside the array of "
                    + elements.length, "22003");
        }
        return Arrays.copyOfRange(elements, (int) index - 1, (int) index - 1 + count);
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet: read the elements with getArray()");
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public void free() {
    }
}
