package org.hadoopdb.catalog.model;

/**
 * Partitioning keys hash by family, not by exact type: an {@code int} key and a {@code bigint} key
 * with the same value land in the same chunk, and a {@code varchar(100)} key is co-located with a
 * {@code string} key. Each family has one canonical byte encoding (see {@code KeyHasher}).
 */
public enum KeyFamily {
    INTEGER, DECIMAL, FLOATING, STRING, BOOLEAN, DATE, TIMESTAMP, BINARY;

    public static KeyFamily of(HiveType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> INTEGER;
            case DECIMAL -> DECIMAL;
            case FLOAT, DOUBLE -> FLOATING;
            case STRING, VARCHAR, CHAR -> STRING;
            case BOOLEAN -> BOOLEAN;
            case DATE -> DATE;
            case TIMESTAMP -> TIMESTAMP;
            case BINARY -> BINARY;
            case ARRAY, MAP, STRUCT -> throw new org.hadoopdb.catalog.CatalogException(
                    "A column of type " + type + " cannot be a partitioning key: complex values are not hashed");
        };
    }
}
