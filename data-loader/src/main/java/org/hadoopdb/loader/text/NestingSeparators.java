package org.hadoopdb.loader.text;

import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.loader.LoaderException;

/**
 * The separator of each nesting level of Hive's delimited text, numbered as Hive's LazySimpleSerDe
 * numbers them. Level 0 separates a line's fields (the field delimiter); level 1 is the collection
 * delimiter ({@code colelction.delim}, {@code \002} by default); level 2 the map-key delimiter
 * ({@code mapkey.delim}, {@code \003}); deeper levels have fixed control characters: {@code \004} to
 * {@code \010}, {@code \013}, {@code \016} to {@code \032}, {@code \034}, {@code \035} (Hive's list, which
 * skips tab, line feed, form feed, carriage return and escape), 24 levels in all.
 *
 * <p>A column's value is at level 1. An ARRAY at level n separates its items with separator n, and its
 * elements are at level n+1; a STRUCT likewise separates its fields with separator n, and they are at
 * level n+1; a MAP at level n separates its entries with separator n and an entry's key from its value
 * with separator n+1, and its keys and values are at level n+2. So a {@code map<string,array<int>>}
 * column separates entries with {@code \002}, key and value with {@code \003}, the value's items with
 * {@code \004}.
 */
public final class NestingSeparators {
    /** The levels Hive's delimited text has separators for (with {@code hive.serialization.extend.nesting.levels}). */
    public static final int MAX_LEVELS = 24;
    /** The level of a column's value. */
    public static final int COLUMN_LEVEL = 1;
    /** Separators of levels 3 and deeper, as Hive chooses them: control characters text is unlikely to hold. */
    private static final byte[] DEEPER = {4, 5, 6, 7, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29};

    private final byte[] separators = new byte[MAX_LEVELS];

    private NestingSeparators(byte field, byte collection, byte mapKey) {
        separators[0] = field;
        separators[1] = collection;
        separators[2] = mapKey;
        System.arraycopy(DEEPER, 0, separators, 3, MAX_LEVELS - 3);
    }

    /** The separators of {@code format}: its field, collection and map-key delimiters, then Hive's fixed ones. */
    public static NestingSeparators of(TextFormat format) {
        return new NestingSeparators(format.delimiter(), format.collectionDelimiter(), format.mapKeyDelimiter());
    }

    /** The separator byte of nesting level {@code level} (0 to {@link #MAX_LEVELS} - 1). */
    public byte at(int level) {
        if (level < 0 || level >= MAX_LEVELS) {
            throw new LoaderException("Hive's delimited text has separators for " + MAX_LEVELS + " nesting levels, not for level " + level);
        }
        return separators[level];
    }

    /** Whether {@code c} is the separator of some level (a writer escapes such characters inside values). */
    public boolean isSeparator(int c) {
        for (byte s : separators) {
            if ((s & 0xFF) == c) {
                return true;
            }
        }
        return false;
    }

    /**
     * The deepest level whose separator a value of {@code type} at {@code level} uses; {@code level - 1}
     * for a primitive type, which uses none.
     */
    public static int deepestLevel(HiveType type, int level) {
        return switch (type.kind()) {
            case ARRAY -> Math.max(level, deepestLevel(type.elementType(), level + 1));
            case STRUCT -> {
                int deepest = level;
                for (HiveType field : type.fieldTypes()) {
                    deepest = Math.max(deepest, deepestLevel(field, level + 1));
                }
                yield deepest;
            }
            case MAP -> Math.max(level + 1, Math.max(deepestLevel(type.keyType(), level + 2),
                    deepestLevel(type.valueType(), level + 2)));
            default -> level - 1;
        };
    }

    /**
     * Checks that a column of {@code type} can be read (and written) in {@code format}: its nesting fits
     * the levels there are, and the separators it uses differ from each other, from the escape and quote
     * characters, and are ASCII characters other than line breaks. Tables without complex columns never
     * use the collection and map-key delimiters, so only their complex columns are checked.
     *
     * @throws LoaderException naming the column and the clashing separators
     */
    public void check(String column, HiveType type, TextFormat format) {
        int deepest = deepestLevel(type, COLUMN_LEVEL);
        String what = "Column '" + column + "' (" + type + ")";
        if (deepest >= MAX_LEVELS) {
            throw new LoaderException(what + " nests deeper than the " + MAX_LEVELS + " levels of separators Hive's delimited text has");
        }
        for (int level = 0; level <= deepest; level++) {
            int c = separators[level] & 0xFF;
            if (c == '\n' || c == '\r' || c > 0x7F) {
                throw new LoaderException(what + " cannot be read with " + describe(level) + " " + TextFormat.show(c)
                        + ": separators must be ASCII characters other than line breaks");
            }
            if (c == format.escape() || c == format.quote()) {
                throw new LoaderException(what + " cannot be read: " + describe(level) + " and the "
                        + (c == format.escape() ? "escape" : "quote") + " character are both " + TextFormat.show(c));
            }
            for (int other = 0; other < level; other++) {
                if ((separators[other] & 0xFF) == c) {
                    throw new LoaderException(what + " cannot be read: " + describe(other) + " and " + describe(level)
                            + " are both " + TextFormat.show(c) + " (set COLLECTION ITEMS / MAP KEYS TERMINATED BY to other characters)");
                }
            }
        }
    }

    /** How a level's separator is named in messages. */
    static String describe(int level) {
        return switch (level) {
            case 0 -> "the field delimiter";
            case 1 -> "the collection items delimiter (" + TextFormat.COLLECTION_DELIM + ")";
            case 2 -> "the map keys delimiter (" + TextFormat.MAPKEY_DELIM + ")";
            default -> "the separator of nesting level " + level;
        };
    }
}
