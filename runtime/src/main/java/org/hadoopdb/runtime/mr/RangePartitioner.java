package org.hadoopdb.runtime.mr;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.mapreduce.Partitioner;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.planner.PlannerException;

/**
 * Sends keys below split point i to reducer i (a total-order sort over several reducers). The split
 * points are sampled from the stage's input before the job starts ({@link RangeSampler}) and travel
 * in the job configuration.
 */
public final class RangePartitioner extends Partitioner<SortKey, Row> implements Configurable {
    /** The split points: Base64 of serialized {@link SortKey}s, comma-separated, ascending. */
    public static final String SPLIT_POINTS = "hadoopdb.job.range-split-points";

    private Configuration conf;
    private SortKey[] splits = new SortKey[0];

    public static void store(Configuration conf, List<SortKey> points) throws IOException {
        List<String> encoded = new ArrayList<>();
        for (SortKey k : points) {
            DataOutputBuffer out = new DataOutputBuffer();
            k.write(out);
            encoded.add(Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(out.getData(), out.getLength())));
        }
        conf.set(SPLIT_POINTS, String.join(",", encoded));
    }

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
        String text = configuration.get(SPLIT_POINTS, "");
        List<SortKey> keys = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isEmpty()) {
                continue;
            }
            SortKey k = new SortKey();
            try {
                k.readFields(new DataInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(part))));
            } catch (IOException e) {
                throw new PlannerException("Malformed range split point in " + SPLIT_POINTS + ": " + e.getMessage(), e);
            }
            keys.add(k);
        }
        splits = keys.toArray(SortKey[]::new);
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public int getPartition(SortKey key, Row value, int numPartitions) {
        int lo = 0;
        int hi = splits.length;
        // the first split point greater than the key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (splits[mid].compareTo(key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return Math.min(lo, numPartitions - 1);
    }
}
