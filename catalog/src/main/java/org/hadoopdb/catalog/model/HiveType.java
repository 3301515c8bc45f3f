package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.CatalogException;

/**
 * A HiveQL column type as the catalog records it, with its PostgreSQL storage type.
 *
 * <p>Spelled as in HiveQL: {@code int}, {@code decimal(10,2)}, {@code varchar(100)}, and the complex
 * types {@code array<int>}, {@code map<string,double>}, {@code struct<name:string,age:int>}, nested to
 * any depth. Parsing is case-insensitive and accepts Hive's synonyms ({@code integer}, {@code numeric},
 * {@code dec}).
 *
 * <p>Complex values are stored in the chunks as {@code jsonb} in the form {@link ComplexJson} writes:
 * every complex expression is evaluated in MapReduce, where Hive's semantics are ours to keep.
 */
public final class HiveType {

    /** The type families HiveQL tables may use. */
    public enum Kind {
        TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, STRING, VARCHAR, CHAR, BOOLEAN, DATE, TIMESTAMP, BINARY,
        ARRAY, MAP, STRUCT;

        /** ARRAY, MAP and STRUCT: types made of other types. */
        public boolean isComplex() {
            return this == ARRAY || this == MAP || this == STRUCT;
        }

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
    /** ARRAY: the element; MAP: key and value; STRUCT: the fields' types; empty for other kinds. */
    private final List<HiveType> children;
    /** STRUCT: the fields' names (lower case); empty for other kinds. */
    private final List<String> fieldNames;

    private HiveType(Kind kind, int precision, int scale) {
        this(kind, precision, scale, List.of(), List.of());
    }

    private HiveType(Kind kind, int precision, int scale, List<HiveType> children, List<String> fieldNames) {
        this.kind = kind;
        this.precision = precision;
        this.scale = scale;
        this.children = List.copyOf(children);
        this.fieldNames = List.copyOf(fieldNames);
    }

    /** {@code array<element>}. */
    public static HiveType array(HiveType element) {
        return new HiveType(Kind.ARRAY, 0, 0, List.of(Objects.requireNonNull(element, "element")), List.of());
    }

    /** {@code map<key,value>}; the key must be a primitive type, as in Hive. */
    public static HiveType map(HiveType key, HiveType value) {
        if (key.kind.isComplex()) {
            throw new CatalogException("A map's key must be a primitive type, not " + key);
        }
        return new HiveType(Kind.MAP, 0, 0, List.of(key, Objects.requireNonNull(value, "value")), List.of());
    }

    /**
     * {@code struct<name:type,...>}. Field names are identifiers ({@code [A-Za-z0-9_]}), kept in lower
     * case as Hive keeps them, and distinct.
     */
    public static HiveType struct(List<String> names, List<HiveType> types) {
        if (names.isEmpty() || names.size() != types.size()) {
            throw new CatalogException("A struct needs at least one field, each with a name and a type");
        }
        List<String> lower = new ArrayList<>(names.size());
        for (String n : names) {
            if (n == null || !n.matches("[A-Za-z0-9_]+")) {
                throw new CatalogException("Struct field name '" + n + "' is not an identifier (letters, digits, _)");
            }
            String l = n.toLowerCase(Locale.ROOT);
            if (lower.contains(l)) {
                throw new CatalogException("Struct field '" + l + "' is named twice");
            }
            lower.add(l);
        }
        return new HiveType(Kind.STRUCT, 0, 0, types, lower);
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
        if (spelling.indexOf('<') >= 0) {
            return new ComplexSpelling(spelling).parseWhole();
        }
        return parsePrimitive(spelling);
    }

    /** A type without {@code <}: a primitive one (or a complex one written without its parameters, refused). */
    static HiveType parsePrimitive(String spelling) {
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
            case "array", "map", "struct":
                throw new CatalogException("Type '" + name + "' needs its parameters, e.g. array<int>, map<string,int>, "
                        + "struct<a:int,b:string>: '" + spelling.trim() + "'");
            default:
                throw new CatalogException("Unknown column type '" + spelling.trim() + "'; supported: tinyint, smallint, int, "
                        + "bigint, float, double, decimal(p,s), string, varchar(n), char(n), boolean, date, timestamp, binary, "
                        + "array<t>, map<k,v>, struct<name:t,...>");
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

    /** ARRAY's element type. */
    public HiveType elementType() {
        requireKind(Kind.ARRAY);
        return children.get(0);
    }

    /** MAP's key type. */
    public HiveType keyType() {
        requireKind(Kind.MAP);
        return children.get(0);
    }

    /** MAP's value type. */
    public HiveType valueType() {
        requireKind(Kind.MAP);
        return children.get(1);
    }

    /** STRUCT's field names, lower case, in order. */
    public List<String> fieldNames() {
        requireKind(Kind.STRUCT);
        return fieldNames;
    }

    /** STRUCT's field types, in order. */
    public List<HiveType> fieldTypes() {
        requireKind(Kind.STRUCT);
        return children;
    }

    /** The position of STRUCT field {@code name} (case-insensitive), or -1. */
    public int fieldIndex(String name) {
        requireKind(Kind.STRUCT);
        return fieldNames.indexOf(name.toLowerCase(Locale.ROOT));
    }

    /** Whether this type is, or contains, a MAP (maps have no order, so they cannot be grouped, sorted or joined on). */
    public boolean containsMap() {
        return kind == Kind.MAP || children.stream().anyMatch(HiveType::containsMap);
    }

    private void requireKind(Kind expected) {
        if (kind != expected) {
            throw new CatalogException("Type " + this + " is not " + expected.name().toLowerCase(Locale.ROOT));
        }
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
            case ARRAY, MAP, STRUCT -> "jsonb";
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
            case ARRAY -> "array<" + children.get(0) + ">";
            case MAP -> "map<" + children.get(0) + "," + children.get(1) + ">";
            case STRUCT -> {
                StringBuilder sb = new StringBuilder("struct<");
                for (int i = 0; i < children.size(); i++) {
                    sb.append(i == 0 ? "" : ",").append(fieldNames.get(i)).append(':').append(children.get(i));
                }
                yield sb.append('>').toString();
            }
            default -> kind.name().toLowerCase(Locale.ROOT);
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HiveType t && t.kind == kind && t.precision == precision && t.scale == scale
                && t.children.equals(children) && t.fieldNames.equals(fieldNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, precision, scale, children, fieldNames);
    }
}
