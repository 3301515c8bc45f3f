package org.hadoopdb.loader.global;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.partition.KeyHasher;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.text.ByteSink;
import org.hadoopdb.loader.text.RecordConverter;
import org.hadoopdb.loader.text.TextFormat;

/**
 * The Global Hasher's map task: converts each input record into a tuple of binary {@code COPY} (the
 * values parsed and checked once, here: the node databases then do not parse text again) and
 * appends it to the output of the node its key hashes to (the global hash). The job is map-only, so
 * the data is never sorted: node {@code n}'s part of the table is the directory {@code node-<n>/}.
 *
 * <p>The same task also applies the second, local hash ({@code KeyHasher.chunk} derives both from one
 * encoding of the key) and keeps each node's rows split by chunk, {@code node-<n>/chunk-<l>/part-m-*}:
 * the node's task can then stream each chunk into its table without reading any row again (re-parsing
 * every row on the node to hash it a second time cost a quarter of a load's CPU in profiles). Rows of
 * a random table go round-robin over the chunks; a replicated table has one output, {@code all}, that
 * every node loads.
 *
 * <p>Rejected records go to the task's reject file with their line number within the split; the
 * driver turns it into the line number within the file, using the split line counts in the task
 * summaries.
 *
 * @param <K> input key
 * @param <V> input value (a text line or a typed row)
 */
public abstract class PartitionMapper<K, V> extends Mapper<K, V, NullWritable, NullWritable> {
    /** Job key prefix of the text format, as table properties. */
    public static final String FORMAT_PREFIX = "hadoopdb.job.load.format.";
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PartitionMapper.class);
    private static final int COUNTER_BATCH = 4096;
    private static final int BUFFER = 128 * 1024;

    protected LoadPlan plan;
    protected RecordConverter records;
    protected final ByteSink line = new ByteSink(1024);
    protected MapSummary summary;
    protected long recordNumber;
    private KeyHasher hasher;
    private Distribution distribution;
    private int partitions;
    private long roundRobin;
    private OutputStream[] outputs;
    private OutputStream rejects;
    private Context context;
    private Counter readCounter;
    private Counter acceptedCounter;
    private Counter rejectedCounter;
    private long pendingRead;
    private long pendingAccepted;

    @Override
    protected void setup(Context ctx) {
        this.context = ctx;
        Configuration conf = ctx.getConfiguration();
        plan = LoadPlan.load(conf);
        distribution = plan.table().distribution();
        TextFormat textFormat = format(conf);
        records = new RecordConverter(textFormat, plan.columns(), distribution == Distribution.HASH ? plan.keyColumns() : new int[0],
                true);
        if (!plan.staticPartitionValues().isEmpty()) {
            records.withConstantColumns(plan.staticPartitionValues(), org.hadoopdb.catalog.model.PartitionValues.DEFAULT_PARTITION);
        }
        hasher = distribution == Distribution.HASH ? plan.keyHasher() : null;
        partitions = plan.isReplicated() ? 1 : plan.chunkCount();
        outputs = new OutputStream[partitions];
        summary = new MapSummary(partitions, plan.columns());
        if (ctx.getInputSplit() instanceof FileSplit split) {
            summary.source = split.getPath().toString();
            summary.splitStart = split.getStart();
        }
        roundRobin = ctx.getTaskAttemptID().getTaskID().getId();
        readCounter = ctx.getCounter(LoadCounters.RECORDS_READ);
        acceptedCounter = ctx.getCounter(LoadCounters.ROWS_ACCEPTED);
        rejectedCounter = ctx.getCounter(LoadCounters.ROWS_REJECTED);
    }

    /** The text format stored in the job configuration by {@link GlobalHasherJob}. */
    public static TextFormat format(Configuration conf) {
        java.util.Map<String, String> props = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, String> e : conf.getPropsWithPrefix(FORMAT_PREFIX).entrySet()) {
            props.put(e.getKey(), java.net.URLDecoder.decode(e.getValue(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return TextFormat.fromProperties(props);
    }

    /** Counts one input record. */
    protected final void countRecord() {
        recordNumber++;
        summary.records++;
        if (++pendingRead == COUNTER_BATCH) {
            flushCounters();
        }
    }

    /** Routes the converted record in {@link #line} to its chunk's output. */
    protected final void accept() throws IOException {
        int p = switch (distribution) {
            case HASH -> hasher.chunk(records.keyValues());
            case RANDOM -> (int) (roundRobin++ % partitions);
            case REPLICATED -> 0;
            case EXTERNAL -> throw new IllegalStateException("an external table is never loaded"); // Loader refuses it
        };
        OutputStream out = outputs[p];
        if (out == null) {
            out = new BufferedOutputStream(SideFiles.create(context, outputDirectory(plan, p) + "/part-" + SideFiles.taskFileName(context)),
                    BUFFER);
            outputs[p] = out;
        }
        out.write(line.array(), 0, line.length());
        summary.rows[p]++;
        summary.bytes[p] += line.length();
        pendingAccepted++;
    }

    /** Where the rows of chunk {@code chunk} go, relative to the job output: {@code node-<n>/chunk-<l>}, or {@code all}. */
    public static String outputDirectory(LoadPlan plan, int chunk) {
        if (plan.isReplicated()) {
            return "all";
        }
        return "node-" + plan.primaryOf(chunk) + "/chunk-" + chunk % plan.chunksPerNode();
    }

    /**
     * Records a rejected input record.
     *
     * @param key the record's key values when they could be read (to count it against its chunk), else null
     */
    protected final void reject(String reason, byte[] raw, int from, int length, Object[] key) throws IOException {
        summary.rejected++;
        rejectedCounter.increment(1);
        int chunk = MapSummary.NO_CHUNK;
        if (key != null && hasher != null) {
            chunk = hasher.chunk(key);
        }
        summary.rejectsPerChunk.merge(chunk, 1L, Long::sum);
        // Every reject is written, even past the reject limit: the task reads its whole split anyway,
        // and the reject file of an aborted load must list every rejected record that was read.
        if (rejects == null) {
            rejects = new BufferedOutputStream(SideFiles.create(context, SideFiles.REJECTS + "/" + SideFiles.taskFileName(context)));
        }
        rejects.write(Long.toString(recordNumber).getBytes(StandardCharsets.US_ASCII));
        rejects.write('\t');
        rejects.write(oneLine(reason).getBytes(StandardCharsets.UTF_8));
        rejects.write('\t');
        rejects.write(raw, from, length);
        rejects.write('\n');
        summary.rejectsWritten++;
    }

    static String oneLine(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    private void flushCounters() {
        readCounter.increment(pendingRead);
        acceptedCounter.increment(pendingAccepted);
        pendingRead = 0;
        pendingAccepted = 0;
    }

    @Override
    protected void cleanup(Context ctx) throws IOException {
        flushCounters();
        for (OutputStream out : outputs) {
            if (out != null) {
                out.close();
            }
        }
        if (rejects != null) {
            rejects.close();
        }
        summary.stats = records.stats();
        LOG.debug("Global Hasher task {} read {} records of {} from byte {}, rejected {}", ctx.getTaskAttemptID(), summary.records,
                summary.source, summary.splitStart, summary.rejected);
        try (DataOutputStream out = new DataOutputStream(SideFiles.create(ctx, SideFiles.SUMMARIES + "/" + SideFiles.taskFileName(ctx)))) {
            summary.write(out);
        }
    }
}
