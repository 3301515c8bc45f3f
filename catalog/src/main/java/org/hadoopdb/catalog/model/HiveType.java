package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.CatalogException;

/**
 * A HiveQL column type as the catalog records it, with its PostgreSQL storage type.
 *
 * <p>Spelled as in HiveQL: {@code int}, {@code decimal(10,2)}, {@code varchar(100)}. Parsing is
 * case-insensitive and accepts Hive's synonyms ({@code integer}, {@code numeric}, {@code dec}).
 */
public final class HiveType {

    /** The type families HiveQL tables may use. */
    public enum Kind {
        TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, STRING, VARCHAR, CHAR, BOOLEAN, DATE, TIMESTAMP, BINARY;

        public boolean isInteger() {
            return this == TINYINT || this == SMALLINT || this == INT || this == BIGINT;
        }

        public boolean isNumeric() {
            return isInteger() || this == FLOAT || this == DOUBLE || this == DECIMAL;
        }

        public boolean isString() {
            return this == STRING || this == VARCHAR || this == CHAR;
        }
    }

    /** Hive's defaults and limits for DECIMAL and character types. */
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int DEFAULT_DECIMAL_PRECISION = 10;
    public static final int MAX_VARCHAR_LENGTH = 65535;
    public static final int MAX_CHAR_LENGTH = 255;

    public static final HiveType TINYINT = new HiveType(Kind.TINYINT, 0, 0);
    public static final HiveType SMALLINT = new HiveType(Kind.SMALLINT, 0, 0);
    public static final HiveType INT = new HiveType(Kind.INT, 0, 0);
    public static final HiveType BIGINT = new HiveType(Kind.BIGINT, 0, 0);
    public static final HiveType FLOAT = new HiveType(Kind.FLOAT, 0, 0);
    public static final HiveType DOUBLE = new HiveType(Kind.DOUBLE, 0, 0);
    public static final HiveType STRING = new HiveType(Kind.STRING, 0, 0);
    public static final HiveType BOOLEAN = new HiveType(Kind.BOOLEAN, 0, 0);
    public static final HiveType DATE = new HiveType(Kind.DATE, 0, 0);
    public static final HiveType TIMESTAMP = new HiveType(Kind.TIMESTAMP, 0, 0);
    public static final HiveType BINARY = new HiveType(Kind.BINARY, 0, 0);

    private static final Pattern SPELLING =
            Pattern.compile("\\s*([a-zA-Z ]+?)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?\\s*");

    private final Kind kind;
    /** DECIMAL precision, or VARCHAR/CHAR length; 0 when the kind has no parameter. */
    private final int precision;
    /** DECIMAL scale; 0 otherwise. */
    private final int scale;

    private HiveType(Kind kind, int precision, int scale) {
        this.kind = kind;
        this.precision = precision;
        this.scale = scale;
    }

    public static HiveType decimal(int precision, int scale) {
        if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
            throw new CatalogException("DECIMAL precision must be between 1 and " + MAX_DECIMAL_PRECISION + ", got " + precision);
        }
        if (scale < 0 || scale > precision) {
            throw new CatalogException("DECIMAL scale must be between 0 and the precision (" + precision + "), got " + scale);
        }
        return new HiveType(Kind.DECIMAL, precision, scale);
    }

    public static HiveType varchar(int length) {
        if (length < 1 || length > MAX_VARCHAR_LENGTH) {
            throw new CatalogException("VARCHAR length must be between 1 and " + MAX_VARCHAR_LENGTH + ", got " + length);
        }
        return new HiveType(Kind.VARCHAR, length, 0);
    }

    public static HiveType charType(int length) {
        if (length < 1 || length > MAX_CHAR_LENGTH) {
            throw new CatalogException("CHAR length must be between 1 and " + MAX_CHAR_LENGTH + ", got " + length);
        }
        return new HiveType(Kind.CHAR, length, 0);
    }

    /**
     * Parses a HiveQL type spelling such as {@code "decimal(10,2)"} or {@code "VARCHAR(64)"}.
     *
     * @throws CatalogException naming the spelling when it is not a supported type
     */
    @JsonCreator
    public static HiveType parse(String spelling) {
        if (spelling == null) {
            throw new CatalogException("Missing column type");
        }
        Matcher m = SPELLING.matcher(spelling);
        if (!m.matches()) {
            throw new CatalogException("Unknown column type '" + spelling + "'");
        }
        String name = m.group(1).trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        Integer p = m.group(2) == null ? null : Integer.valueOf(m.group(2));
        Integer s = m.group(3) == null ? null : Integer.valueOf(m.group(3));
        HiveType simple = switch (name) {
            case "tinyint" -> TINYINT;
            case "smallint" -> SMALLINT;
            case "int", "integer" -> INT;
            case "bigint" -> BIGINT;
            case "float", "real" -> FLOAT;
            case "double", "double precision" -> DOUBLE;
            case "string", "text" -> STRING;
            case "boolean" -> BOOLEAN;
            case "date" -> DATE;
            case "timestamp" -> TIMESTAMP;
            case "binary" -> BINARY;
            default -> null;
        };
        if (simple != null) {
            if (p != null) {
                throw new CatalogException("Type '" + name + "' takes no parameters: '" + spelling.trim() + "'");
            }
            return simple;
        }
        switch (name) {
            case "decimal", "numeric", "dec":
                return decimal(p == null ? DEFAULT_DECIMAL_PRECISION : p, s == null ? 0 : s);
            case "varchar":
                requireLength(spelling, p, s);
                return varchar(p);
            case "char":
                requireLength(spelling, p, s);
                return charType(p);
            default:
                throw new CatalogException("Unknown column type '" + spelling.trim() + "'; supported: tinyint, smallint, int, "
                        + "bigint, float, double, decimal(p,s), string, varchar(n), char(n), boolean, date, timestamp, binary");
        }
    }

    private static void requireLength(String spelling, Integer length, Integer extra) {
        if (length == null || extra != null) {
            throw new CatalogException("Type '" + spelling.trim() + "' needs exactly one length, e.g. varchar(100)");
        }
    }

    public Kind kind() {
        return kind;
    }

    /** DECIMAL precision; VARCHAR/CHAR maximum length; 0 for other kinds. */
    public int precision() {
        return precision;
    }

    /** DECIMAL scale; 0 for other kinds. */
    public int scale() {
        return scale;
    }

    /** VARCHAR/CHAR maximum length; 0 for other kinds. */
    public int length() {
        return kind == Kind.VARCHAR || kind == Kind.CHAR ? precision : 0;
    }

    /** The PostgreSQL column type that stores this type in the node databases. */
    public String postgresType() {
        return switch (kind) {
            // PostgreSQL has no 1-byte integer; the range is checked when values are loaded.
            case TINYINT, SMALLINT -> "smallint";
            case INT -> "integer";
            case BIGINT -> "bigint";
            case FLOAT -> "real";
            case DOUBLE -> "double precision";
            case DECIMAL -> "numeric(" + precision + "," + scale + ")";
            case STRING -> "text";
            case VARCHAR -> "varchar(" + precision + ")";
            case CHAR -> "char(" + precision + ")";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case BINARY -> "bytea";
        };
    }

    /** The HiveQL spelling, e.g. {@code decimal(10,2)}; {@link #parse} reads it back. */
    @JsonValue
    @Override
    public String toString() {
        return switch (kind) {
            case DECIMAL -> "decimal(" + precision + "," + scale + ")";
            case VARCHAR -> "varchar(" + precision + ")";
            case CHAR -> "char(" + precision + ")";
            default -> kind.name().toLowerCase(Locale.ROOT);
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HiveType t && t.kind == kind && t.precision == precision && t.scale == scale;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, precision, scale);
    }
}
