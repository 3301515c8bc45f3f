package org.hadoopdb.peers.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.peers.protocol.PeerException;

/**
 * The forms the Spark peer keeps a table in, each in a Spark database of its name, so that the task SQL's plain table
 * names resolve in the variant that is the current database.
 */
enum Variant {
    /** SQL over the text files as they are, through Spark's CSV reader (the default). */
    TEXT("text"),
    /** A Parquet copy the timed load writes into the warehouse under the work directory. */
    PARQUET("parquet");

    private final String database;

    Variant(String database) {
        this.database = database;
    }

    /** The Spark database holding this variant's tables. */
    String database() {
        return database;
    }

    /** The table's name qualified with this variant's database, quoted for Spark SQL. */
    String qualify(String table) {
        return quote(database) + "." + quote(table);
    }

    /** The names of all variants, the default first. */
    static List<String> names() {
        return Arrays.stream(values()).map(Variant::database).toList();
    }

    /** The variant called {@code name}. */
    static Variant named(String name) {
        for (Variant v : values()) {
            if (v.database.equals(name.toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw new PeerException("Unknown variant '" + name + "' of the Spark peer: choose from " + names());
    }

    // "text" and "parquet" are also data source names; quoting keeps them plain identifiers
    private static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }
}
