package org.hadoopdb.runtime.mr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.connector.row.SortKeySpec.Column;
import org.junit.jupiter.api.Test;

/** The map output's order from the keys' prefixes: the same as sorting by partition, then by the whole key. */
class KeyOrderTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("s", HiveType.STRING).add("n", HiveType.BIGINT).build();

    private record Rec(int partition, SortKey key) {
    }

    @Test
    void ordersByPartitionThenKeyLikeAFullComparisonSortDoes() throws Exception {
        Random random = new Random(77);
        for (int round = 0; round < 30; round++) {
            int partitions = 1 + random.nextInt(4);
            int n = random.nextInt(3000);
            List<Rec> recs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                recs.add(new Rec(random.nextInt(partitions), key(random, round % 3)));
            }
            assertSortedLikeAComparator(recs, partitions);
        }
    }

    @Test
    void keysThatStartAlikeForMoreThanTheRadixDepthAreComparedInFull() throws Exception {
        Random random = new Random(5);
        List<Rec> recs = new ArrayList<>();
        String common = "http://www.example.com/some/long/common/path/of/forty/bytes/";
        for (int i = 0; i < 500; i++) {
            String s = random.nextInt(10) == 0 ? common.substring(0, random.nextInt(common.length())) : common + random.nextInt(50);
            recs.add(new Rec(0, encode(random.nextInt(20) == 0 ? null : s, random.nextInt(3))));
        }
        assertSortedLikeAComparator(recs, 1);
    }

    @Test
    void aPrefixOrdersKeysAsTheirBytesDoUnlessEqual() throws Exception {
        Random random = new Random(11);
        for (int i = 0; i < 5000; i++) {
            SortKey a = key(random, i % 3);
            SortKey b = key(random, i % 3);
            int byPrefix = Long.compareUnsigned(a.prefix(), b.prefix());
            if (byPrefix != 0) {
                assertThat(Integer.signum(byPrefix)).as(a + " vs " + b).isEqualTo(Integer.signum(a.compareTo(b)));
            }
        }
    }

    private static void assertSortedLikeAComparator(List<Rec> recs, int partitions) throws Exception {
        DataOutputBuffer data = new DataOutputBuffer();
        int n = recs.size();
        int[] starts = new int[n];
        int[] valueStarts = new int[n];
        long[] prefixes = new long[n];
        short[] partitionOf = new short[n];
        for (int i = 0; i < n; i++) {
            starts[i] = data.getLength();
            recs.get(i).key().write(data);
            valueStarts[i] = data.getLength();
            data.writeInt(i); // a value: the record's number
            prefixes[i] = recs.get(i).key().prefix();
            partitionOf[i] = (short) recs.get(i).partition();
        }
        int[] order = new KeyOrder(data.getData(), starts, valueStarts, prefixes, partitionOf, n, partitions).sorted();

        List<Rec> expected = new ArrayList<>(recs);
        expected.sort(Comparator.comparingInt(Rec::partition).thenComparing(Rec::key));
        assertThat(order).hasSize(n);
        assertThat(Arrays.stream(order).distinct().count()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            Rec got = recs.get(order[i]);
            assertThat(got.partition()).as("position " + i).isEqualTo(expected.get(i).partition());
            assertThat(got.key().compareTo(expected.get(i).key())).as("position " + i + ": " + got.key() + " vs "
                    + expected.get(i).key()).isZero();
        }
    }

    /** Keys of three shapes: short strings, strings sharing long beginnings, numbers first. */
    private static SortKey key(Random random, int shape) {
        return switch (shape) {
            case 0 -> encode(random.nextInt(30) == 0 ? null : Integer.toString(random.nextInt(1000), 36), random.nextInt(5));
            case 1 -> encode("192.168." + random.nextInt(4) + "." + random.nextInt(300), random.nextInt(3));
            default -> encode(random.nextInt(20) == 0 ? "" : "http://www.site" + random.nextInt(7) + ".com/" + random.nextInt(40),
                    random.nextLong());
        };
    }

    private static SortKey encode(String s, long n) {
        SortKeyCodec codec = new SortKeyCodec(SortKeySpec.of(SCHEMA, Column.asc(0), Column.desc(1)));
        return codec.encode(Row.of(SCHEMA, s, n), new SortKey()).copy();
    }
}
