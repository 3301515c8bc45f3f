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

    /** The canonical (lower-case) form of a table or column name. */
    public static String normalize(String name) {
        if (name == null || name.isBlank()) {
            throw new CatalogException("A name must not be empty");
        }
        return name.trim().toLowerCase(Locale.ROOT);
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
