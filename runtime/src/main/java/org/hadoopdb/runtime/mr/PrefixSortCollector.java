package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hadoopdb.connector.row.SortKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map side of a stage's shuffle: its {@link SortKey}s sorted in memory by their leading bytes, then
 * written as the one map output file (and index) the reducers fetch, as Hadoop's own buffer writes it.
 *
 * <p>Why: Hadoop's {@code MapOutputBuffer} sorts an index of its records with a quicksort whose every
 * comparison reads two records at random places of a 100 MB buffer; for a map of 700,000 small records
 * (the partial sums of the paper's large aggregation, one per address of a chunk) that is half the task's
 * time, cache misses rather than work. A shuffle key's bytes sort in SQL order, so its first eight bytes
 * as one number order almost every pair: here the records are radix-sorted on that number, in arrays
 * read in sequence, and only records with equal leading bytes are compared in full.
 *
 * <p>It holds the output in memory up to {@code mapreduce.task.io.sort.mb} (records and their index). A
 * map whose output is larger hands every record to Hadoop's buffer, which spills and merges as usual, and
 * goes on through it. Jobs name it first in {@code mapreduce.job.map.output.collector.class}, Hadoop's
 * buffer second: where it refuses in {@link #init} (keys that are not sort keys, a combiner, encrypted
 * intermediate data, another sort comparator) Hadoop takes the next.
 */
public final class PrefixSortCollector<K, V> implements MapOutputCollector<K, V> {
    /** How the map tasks' output was sorted, in the job's counters. */
    public enum Counter {
        /** Map tasks whose output was sorted here, in memory. */
        MAPS_SORTED_IN_MEMORY,
        /** Map tasks whose output outgrew the memory and went to Hadoop's buffer. */
        MAPS_PAST_MEMORY
    }

    private static final Logger LOG = LoggerFactory.getLogger(PrefixSortCollector.class);
    /** What each record costs besides its bytes: prefix, offsets, partition; then the sort's keys and order, twice. */
    private static final int RECORD_OVERHEAD = 8 + 4 + 4 + 2 + 2 * (8 + 4);
    private static final FsPermission SHUFFLE_OUTPUT_PERM = new FsPermission((short) 0640);
    /** A partition's rough header length, for the file size hint (as Hadoop's buffer reckons it). */
    private static final int APPROX_HEADER_LENGTH = 150;

    private MapOutputCollector.Context context;
    private JobConf job;
    private MapOutputFile mapOutputFile;
    private FileSystem rfs;
    private int partitions;
    private long capacity;
    private CompressionCodec codec;
    private Class<K> keyClass;
    private Class<V> valueClass;
    private Serializer<K> keySerializer;
    private Serializer<V> valueSerializer;
    private Counters.Counter outputBytes;
    private Counters.Counter outputRecords;
    private Counters.Counter materializedBytes;
    private Counters.Counter spilledRecords;

    /** Serialized keys and values, one after the other; record i starts at {@code starts[i]}, its value at {@code valueStarts[i]}. */
    private DataOutputBuffer data = new DataOutputBuffer(1 << 16);
    private long[] prefixes = new long[1024];
    private int[] starts = new int[1024];
    private int[] valueStarts = new int[1024];
    private short[] partitionOf = new short[1024];
    private int count;
    /** Hadoop's buffer, once the output outgrew memory. */
    private MapOutputCollector<K, V> overflow;

    @Override
    @SuppressWarnings("unchecked")
    public void init(MapOutputCollector.Context context) throws IOException {
        JobConf conf = context.getJobConf();
        if (conf.getMapOutputKeyClass() != SortKey.class) {
            throw new IOException("the map output keys are " + conf.getMapOutputKeyClass().getName() + ", not sort keys");
        }
        if (conf.getCombinerClass() != null || conf.get(MRJobConfig.COMBINE_CLASS_ATTR) != null) {
            throw new IOException("the job has a combiner");
        }
        if (conf.getBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, false)) {
            throw new IOException("the job encrypts its intermediate data");
        }
        RawComparator<?> comparator = conf.getOutputKeyComparator();
        if (comparator.getClass() != SortKey.Comparator.class) {
            throw new IOException("the job sorts its keys with " + comparator.getClass().getName());
        }
        if (conf.getNumReduceTasks() > Short.MAX_VALUE) {
            throw new IOException("the job has " + conf.getNumReduceTasks() + " reducers");
        }
        this.context = context;
        this.job = conf;
        this.mapOutputFile = context.getMapTask().getMapOutputFile();
        this.rfs = ((LocalFileSystem) FileSystem.getLocal(conf)).getRaw();
        this.partitions = conf.getNumReduceTasks();
        this.capacity = (long) conf.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB) << 20;
        this.codec = conf.getCompressMapOutput()
                ? org.apache.hadoop.util.ReflectionUtils.newInstance(conf.getMapOutputCompressorClass(DefaultCodec.class), conf)
                : null;
        this.keyClass = (Class<K>) conf.getMapOutputKeyClass();
        this.valueClass = (Class<V>) conf.getMapOutputValueClass();
        SerializationFactory serialization = new SerializationFactory(conf);
        this.keySerializer = serialization.getSerializer(keyClass);
        this.keySerializer.open(data);
        this.valueSerializer = serialization.getSerializer(valueClass);
        this.valueSerializer.open(data);
        this.outputBytes = context.getReporter().getCounter(TaskCounter.MAP_OUTPUT_BYTES);
        this.outputRecords = context.getReporter().getCounter(TaskCounter.MAP_OUTPUT_RECORDS);
        this.materializedBytes = context.getReporter().getCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES);
        this.spilledRecords = context.getReporter().getCounter(TaskCounter.SPILLED_RECORDS);
    }

    @Override
    public void collect(K key, V value, int partition) throws IOException, InterruptedException {
        if (overflow != null) {
            overflow.collect(key, value, partition);
            return;
        }
        if (partition < 0 || partition >= partitions) {
            throw new IOException("Illegal partition for " + key + " (" + partition + ")");
        }
        int start = data.getLength();
        keySerializer.serialize(key);
        int valueStart = data.getLength();
        valueSerializer.serialize(value);
        if (count == starts.length) {
            grow();
        }
        prefixes[count] = ((SortKey) key).prefix();
        starts[count] = start;
        valueStarts[count] = valueStart;
        partitionOf[count] = (short) partition;
        count++;
        outputRecords.increment(1);
        outputBytes.increment(data.getLength() - start);
        if (data.getLength() + (long) count * RECORD_OVERHEAD > capacity) {
            overflow();
        }
    }

    @Override
    public void flush() throws IOException, InterruptedException, ClassNotFoundException {
        if (overflow != null) {
            overflow.flush();
            return;
        }
        int[] order = new KeyOrder(data.getData(), starts, valueStarts, prefixes, partitionOf, count, partitions).sorted();
        write(order);
        context.getReporter().getCounter(Counter.MAPS_SORTED_IN_MEMORY).increment(1);
        context.getMapTask().getSortPhase().complete();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (overflow != null) {
            overflow.close();
        }
    }

    private void grow() {
        int n = starts.length * 2;
        prefixes = Arrays.copyOf(prefixes, n);
        starts = Arrays.copyOf(starts, n);
        valueStarts = Arrays.copyOf(valueStarts, n);
        partitionOf = Arrays.copyOf(partitionOf, n);
    }

    /** Past the memory: every record so far, then every later one, goes to Hadoop's buffer. */
    private void overflow() throws IOException, InterruptedException {
        LOG.info("Map output past {} MB in memory ({} records): Hadoop's sort buffer takes it over", capacity >> 20, count);
        MapTask.MapOutputBuffer<K, V> buffer = new MapTask.MapOutputBuffer<>();
        try {
            buffer.init(context);
        } catch (ClassNotFoundException e) {
            throw new IOException("Hadoop's map output buffer cannot start", e);
        }
        SerializationFactory serialization = new SerializationFactory(job);
        var keys = serialization.getDeserializer(keyClass);
        var values = serialization.getDeserializer(valueClass);
        DataInputBuffer in = new DataInputBuffer();
        keys.open(in);
        values.open(in);
        K key = null;
        V value = null;
        for (int i = 0; i < count; i++) {
            in.reset(data.getData(), starts[i], end(i) - starts[i]);
            key = keys.deserialize(key);
            value = values.deserialize(value);
            buffer.collect(key, value, partitionOf[i]);
        }
        // the counters were counted here; Hadoop's buffer counts the same records again
        outputRecords.increment(-count);
        outputBytes.increment(-(data.getLength()));
        overflow = buffer;
        context.getReporter().getCounter(Counter.MAPS_PAST_MEMORY).increment(1);
        data = null;
        prefixes = null;
        starts = null;
        valueStarts = null;
        partitionOf = null;
    }

    /** Where record r's value ends: where the next record starts, or the end of the data. */
    private int end(int r) {
        return r + 1 < count ? starts[r + 1] : data.getLength();
    }

    /** Writes the map output file, one IFile segment per partition in order, and its index. */
    private void write(int[] order) throws IOException {
        Path file = mapOutputFile.getOutputFileForWrite(data.getLength() + (long) partitions * APPROX_HEADER_LENGTH);
        Path index = mapOutputFile.getOutputIndexFileForWrite((long) partitions * MapTask.MAP_OUTPUT_INDEX_RECORD_LENGTH);
        SpillRecord spill = new SpillRecord(partitions);
        byte[] b = data.getData();
        DataInputBuffer key = new DataInputBuffer();
        DataInputBuffer value = new DataInputBuffer();
        int at = 0;
        try (FSDataOutputStream out = rfs.create(file)) {
            for (int p = 0; p < partitions; p++) {
                long segmentStart = out.getPos();
                IFile.Writer<K, V> writer = new IFile.Writer<>(job, out, keyClass, valueClass, codec, spilledRecords);
                try {
                    while (at < count && partitionOf[order[at]] == p) {
                        int r = order[at++];
                        key.reset(b, starts[r], valueStarts[r] - starts[r]);
                        value.reset(b, valueStarts[r], end(r) - valueStarts[r]);
                        writer.append(key, value);
                    }
                } finally {
                    writer.close();
                }
                IndexRecord rec = new IndexRecord(segmentStart, writer.getRawLength(), writer.getCompressedLength());
                spill.putIndex(rec, p);
            }
        }
        spill.writeToFile(index, job);
        materializedBytes.increment(rfs.getFileStatus(file).getLen());
        if (!SHUFFLE_OUTPUT_PERM.equals(SHUFFLE_OUTPUT_PERM.applyUMask(FsPermission.getUMask(job)))) {
            rfs.setPermission(file, SHUFFLE_OUTPUT_PERM);
            rfs.setPermission(index, SHUFFLE_OUTPUT_PERM);
        }
    }
}
