package org.hadoopdb.catalog.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.hash.Hashing;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.junit.jupiter.api.Test;

class KeyHasherTest {
    private final Catalog fourNodes = CatalogFixtures.withNodes(4);

    private KeyHasher hasher(KeyFamily family, HiveType type, int chunksPerNode) {
        PartitioningScheme s = Schemes.forLayout(fourNodes, List.of(family), chunksPerNode, 1);
        return new KeyHasher(s, List.of(type));
    }

    @Test
    void usesStandardMurmur3() {
        // Reference vector of MurmurHash3_x86_32("hello", seed 0).
        assertThat(Hashing.murmur3_32_fixed(0).hashBytes("hello".getBytes(StandardCharsets.UTF_8)).asInt()).isEqualTo(0x248bfa47);
    }

    @Test
    void chunksArePinnedAcrossReleases() {
        // These values define where existing data lives: they must never change.
        KeyHasher urls = hasher(KeyFamily.STRING, HiveType.varchar(100), 5);
        assertThat(urls.chunk("http://example.com/a.html")).isEqualTo(GOLDEN_URL_A);
        assertThat(urls.chunk("http://example.com/b.html")).isEqualTo(GOLDEN_URL_B);
        KeyHasher ints = hasher(KeyFamily.INTEGER, HiveType.BIGINT, 5);
        assertThat(ints.chunk(42L)).isEqualTo(GOLDEN_42);
        assertThat(ints.chunk((Object) null)).isEqualTo(GOLDEN_NULL);
    }

    // Computed once from the encoding documented in KeyHasher and murmur3_32 with the default seeds.
    static final int GOLDEN_URL_A = 2;
    static final int GOLDEN_URL_B = 17;
    static final int GOLDEN_42 = 2;
    static final int GOLDEN_NULL = 5;

    @Test
    void integerWidthsAgree() {
        KeyHasher asInt = hasher(KeyFamily.INTEGER, HiveType.INT, 7);
        KeyHasher asTiny = hasher(KeyFamily.INTEGER, HiveType.TINYINT, 7);
        for (int v = -300; v < 300; v++) {
            assertThat(asInt.chunk(v)).isEqualTo(asTiny.chunk((long) v)).isEqualTo(asInt.chunk((short) v));
        }
    }

    @Test
    void equalDecimalsAgreeWhateverTheScale() {
        KeyHasher h = hasher(KeyFamily.DECIMAL, HiveType.decimal(10, 2), 8);
        assertThat(h.chunk(new BigDecimal("1.50"))).isEqualTo(h.chunk(new BigDecimal("1.5")));
        assertThat(h.chunk(new BigDecimal("0.00"))).isEqualTo(h.chunk(BigDecimal.ZERO));
        assertThat(h.chunk(new BigDecimal("100"))).isEqualTo(h.chunk(new BigDecimal("1E+2")));
    }

    @Test
    void charKeysIgnoreTrailingSpacesButStringKeysDoNot() {
        PartitioningScheme s = Schemes.forLayout(fourNodes, List.of(KeyFamily.STRING), 64, 1);
        KeyHasher asChar = new KeyHasher(s, List.of(HiveType.charType(6)));
        KeyHasher asString = new KeyHasher(s, List.of(HiveType.STRING));
        assertThat(asChar.chunk("DEU   ")).isEqualTo(asString.chunk("DEU"));
        assertThat(asChar.encode("DEU ")).isEqualTo(asChar.encode("DEU"));
        assertThat(asString.encode("DEU ")).isNotEqualTo(asString.encode("DEU"));
    }

    @Test
    void negativeZeroAndNaNAreOneKeyEach() {
        KeyHasher h = hasher(KeyFamily.FLOATING, HiveType.DOUBLE, 16);
        assertThat(h.encode(-0.0)).isEqualTo(h.encode(0.0));
        assertThat(h.encode(Double.longBitsToDouble(0x7ff8000000000001L))).isEqualTo(h.encode(Double.NaN));
        assertThat(h.encode(0.5f)).isEqualTo(h.encode(0.5d));
    }

    @Test
    void dateAndTimestampKeysHash() {
        KeyHasher d = hasher(KeyFamily.DATE, HiveType.DATE, 3);
        KeyHasher t = hasher(KeyFamily.TIMESTAMP, HiveType.TIMESTAMP, 3);
        assertThat(d.encode(LocalDate.of(2000, 1, 15))).hasSize(1 + 4 + 8);
        assertThat(t.encode(LocalDateTime.of(2000, 1, 15, 1, 2, 3, 4000))).isNotEqualTo(t.encode(LocalDateTime.of(2000, 1, 15, 1, 2, 3)));
    }

    @Test
    void spreadsKeysEvenlyOverChunksAndIndependentlyWithinNodes() {
        int chunksPerNode = 5;
        KeyHasher h = hasher(KeyFamily.STRING, HiveType.STRING, chunksPerNode);
        int chunks = 4 * chunksPerNode;
        int[] counts = new int[chunks];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            counts[h.chunk("http://site" + i + ".example.com/page.html")]++;
        }
        double mean = (double) n / chunks;
        for (int c = 0; c < chunks; c++) {
            assertThat(counts[c]).as("chunk %d", c).isBetween((int) (mean * 0.95), (int) (mean * 1.05));
        }
    }

    @Test
    void rejectsAKeyOfTheWrongFamilyOrShape() {
        PartitioningScheme s = Schemes.forLayout(fourNodes, List.of(KeyFamily.STRING), 2, 1);
        assertThatThrownBy(() -> new KeyHasher(s, List.of(HiveType.INT)))
                .hasMessageContaining("has type int but partitioning scheme");
        KeyHasher h = new KeyHasher(s, List.of(HiveType.STRING));
        assertThatThrownBy(() -> h.chunk("a", "b")).hasMessageContaining("Expected a key of 1 values, got 2");
        assertThatThrownBy(() -> h.chunk(12)).hasMessageContaining("Java type Integer cannot be hashed as string");
    }
}
