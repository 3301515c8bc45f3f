package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.junit.jupiter.api.Test;

/** The key filters' array constants, read by a real PostgreSQL: each key matches itself and nothing else. */
class KeyFiltersIT {
    @Test
    void everyStringKeyMatchesItselfWhateverItHoldsAndNothingElse() throws Exception {
        // quotes, backslashes, the array syntax's own characters, spaces, the word NULL, the empty string, non-ASCII
        List<String> keys = List.of("it's", "a\\b", "say \"x\"", "x,{y}", "", " padded ", "NULL", "ü€", "{}", "\\\"", "''");
        List<String> decoys = List.of("it", "a\\\\b", "say x", "x", "padded", "null", "{", "\\", "'");
        List<String> literals = keys.stream().map(k -> KeyFilters.literal(k, HiveType.STRING)).toList();
        String condition = KeyFilters.condition(0, HiveType.STRING, literals);

        List<String> all = new ArrayList<>(keys);
        all.addAll(decoys);
        assertThat(matching("text", all.toArray(), condition)).containsExactlyInAnyOrderElementsOf(keys);
    }

    @Test
    void dateAndDecimalKeysMatchByValue() throws Exception {
        String dates = KeyFilters.condition(0, HiveType.DATE, List.of(KeyFilters.literal(java.time.LocalDate.of(1995, 3, 15), HiveType.DATE)));
        assertThat(matching("date", new Object[] {java.sql.Date.valueOf("1995-03-15"), java.sql.Date.valueOf("1995-03-16")}, dates))
                .containsExactly("1995-03-15");
        String decimals = KeyFilters.condition(0, HiveType.decimal(15, 2),
                List.of(KeyFilters.literal(new java.math.BigDecimal("12.50"), HiveType.decimal(15, 2))));
        assertThat(matching("numeric", new Object[] {new java.math.BigDecimal("12.5"), new java.math.BigDecimal("12.51")}, decimals))
                .containsExactly("12.5");
    }

    /** The values of {@code values} (a {@code type} array) that {@code condition} on column c0 keeps, as text. */
    private static List<String> matching(String type, Object[] values, String condition) throws Exception {
        NodeInfo node = TestClusters.shared(1).catalog().nodes().get(0);
        List<String> out = new ArrayList<>();
        try (Connection c = TestClusters.connect(node);
             PreparedStatement ps = c.prepareStatement("SELECT \"c0\"::text FROM unnest(?) AS k (\"c0\") WHERE " + condition)) {
            ps.setArray(1, c.createArrayOf(type, values));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
