package org.hadoopdb.catalog;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * HiveQL name rules: identifiers are case-insensitive and stored lower-case; when a name is not
 * found, we suggest the closest existing one.
 */
public final class Names {
    private Names() {
    }

    /** The database every catalog has, and the one a session starts in. */
    public static final String DEFAULT_DATABASE = "default";

    /** The canonical (lower-case) form of a table or column name. */
    public static String normalize(String name) {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A name must not be empty");
        }
        return name.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * The catalog name of a table or view written as {@code written} ({@code t} or {@code db.t}) in
     * database {@code currentDatabase}: {@code t} for a table of {@code default}, {@code db.t} for one of
     * any other database. A catalog created before databases existed names its tables the same way.
     *
     * <pre>
     * qualify("default", "t")       = "t"
     * qualify("sales", "t")         = "sales.t"
     * qualify("sales", "default.t") = "t"
     * qualify("default", "Sales.T") = "sales.t"
     * </pre>
     */
    public static String qualify(String currentDatabase, String written) {
        String name = normalize(written);
        int dot = name.indexOf('.');
        if (dot >= 0) {
            return of(name.substring(0, dot), name.substring(dot + 1));
        }
        return of(normalize(currentDatabase), name);
    }

    /** The catalog name of table {@code table} of database {@code database}. */
    public static String of(String database, String table) {
        String db = normalize(database);
        String t = normalize(table);
        if (db.indexOf('.') >= 0 || t.indexOf('.') >= 0 || t.isEmpty() || db.isEmpty()) {
            throw new CatalogException("'" + database + "." + table + "' is not a table name: names are <table> or <database>.<table>");
        }
        return db.equals(DEFAULT_DATABASE) ? t : db + "." + t;
    }

    /** The database of a catalog name ({@code default} for an unqualified one). */
    public static String databaseOf(String catalogName) {
        int dot = catalogName.indexOf('.');
        return dot < 0 ? DEFAULT_DATABASE : catalogName.substring(0, dot);
    }

    /** The table part of a catalog name: {@code t} for {@code t} and {@code db.t}. */
    public static String tableOf(String catalogName) {
        return catalogName.substring(catalogName.indexOf('.') + 1);
    }

    /** The candidate closest to {@code name} by edit distance, if any is close enough to be a likely typo. */
    public static Optional<String> closest(String name, Collection<String> candidates) {
        String wanted = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = editDistance(wanted, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        int allowed = Math.max(2, wanted.length() / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** " (did you mean 'x'?)" or the empty string: ready to append to an error message. */
    public static String didYouMean(String name, Collection<String> candidates) {
        return closest(name, candidates).map(c -> " (did you mean '" + c + "'?)").orElse("");
    }

    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
