package org.hadoopdb.peers.hive;

import java.nio.charset.StandardCharsets;

/**
 * A fetched value as the protocol's text. Hive's fetch path hands out Java values: numbers print as Java prints
 * them (a double as {@link Double#toString}), Hive's {@code Date} as {@code yyyy-MM-dd}, decimals plainly.
 */
final class HiveValues {
    private HiveValues() {
    }

    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        return value.toString();
    }

    static String[] texts(Object[] row) {
        String[] texts = new String[row.length];
        for (int i = 0; i < row.length; i++) {
            texts[i] = text(row[i]);
        }
        return texts;
    }
}
