package org.hadoopdb.catalog.model;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.catalog.CatalogException;

/**
 * The values a partition column may take and their canonical text: the one spelling the catalog
 * keeps for a value, so that {@code PARTITION (hr=07)} and {@code PARTITION (hr=7)} are one partition,
 * as in Hive. A partition column is a string (STRING, VARCHAR, CHAR), an integer (TINYINT … BIGINT), a
 * DATE or a BOOLEAN: types whose values have one exact text form.
 */
public final class PartitionValues {
    /** Hive's name for the partition of NULL values. */
    public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    private static final List<HiveType.Kind> ALLOWED = List.of(HiveType.Kind.STRING, HiveType.Kind.VARCHAR, HiveType.Kind.CHAR,
            HiveType.Kind.TINYINT, HiveType.Kind.SMALLINT, HiveType.Kind.INT, HiveType.Kind.BIGINT, HiveType.Kind.DATE,
            HiveType.Kind.BOOLEAN);

    private PartitionValues() {
    }

    /** Whether a column of this type may be a partition column. */
    public static boolean allowed(HiveType type) {
        return ALLOWED.contains(type.kind());
    }

    /** The types a partition column may have, for messages. */
    public static String allowedTypes() {
        return "STRING, VARCHAR, CHAR, TINYINT, SMALLINT, INT, BIGINT, DATE or BOOLEAN";
    }

    /**
     * The canonical text of {@code text} as a value of {@code column}; {@value #DEFAULT_PARTITION} stays itself.
     *
     * @throws CatalogException naming the column when the text is not a value of its type
     */
    public static String canonical(ColumnInfo column, String text) {
        if (text == null || text.equals(DEFAULT_PARTITION)) {
            return DEFAULT_PARTITION;
        }
        HiveType type = column.type();
        try {
            return switch (type.kind()) {
                case TINYINT, SMALLINT, INT, BIGINT -> integer(type, text.trim());
                case DATE -> LocalDate.parse(text.trim()).toString();
                case BOOLEAN -> bool(text.trim());
                case CHAR -> stripTrailing(text, type.length());
                case VARCHAR -> text.length() > type.length() ? text.substring(0, type.length()) : text;
                default -> text;
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new CatalogException("'" + text + "' is not a value of partition column '" + column.name() + "' ("
                    + type + ")");
        }
    }

    /** The canonical text of a value read from a row (a query's result), or {@value #DEFAULT_PARTITION} for NULL. */
    public static String canonical(ColumnInfo column, Object value) {
        return value == null ? DEFAULT_PARTITION : canonical(column, value.toString());
    }

    private static String integer(HiveType type, String text) {
        BigInteger v = new BigInteger(text.startsWith("+") ? text.substring(1) : text);
        int bits = switch (type.kind()) {
            case TINYINT -> 8;
            case SMALLINT -> 16;
            case INT -> 32;
            default -> 64;
        };
        if (v.bitLength() >= bits) {
            throw new NumberFormatException("out of range");
        }
        return v.toString();
    }

    private static String bool(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (!t.equals("true") && !t.equals("false")) {
            throw new NumberFormatException("not a boolean");
        }
        return t;
    }

    /** CHAR(n): padded to n by Hive, compared without the padding; kept without it. */
    private static String stripTrailing(String text, int length) {
        String cut = text.length() > length ? text.substring(0, length) : text;
        int end = cut.length();
        while (end > 0 && cut.charAt(end - 1) == ' ') {
            end--;
        }
        return cut.substring(0, end);
    }
}
