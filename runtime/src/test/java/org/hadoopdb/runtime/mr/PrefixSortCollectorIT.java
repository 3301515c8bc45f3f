package org.hadoopdb.runtime.mr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.connector.row.SortKeyPartitioner;
import org.hadoopdb.connector.row.SortKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real jobs on Hadoop's local runner with {@link PrefixSortCollector} as their map output collector: every
 * reducer sees its keys in the shuffle's order and every record once, whether the maps' output was sorted in
 * memory or outgrew it and went to Hadoop's own buffer half-way.
 */
class PrefixSortCollectorIT {
    static final RowSchema SCHEMA = RowSchema.builder().add("s", HiveType.STRING).add("n", HiveType.BIGINT).build();

    @TempDir
    Path dir;

    /** Each input line "text,number" becomes a record keyed on (text ASC, number DESC), grouped on the text. */
    public static class KeyingMapper extends Mapper<LongWritable, Text, SortKey, Row> {
        private final SortKeyCodec codec = new SortKeyCodec(SortKeySpec.of(SCHEMA, SortKeySpec.Column.asc(0),
                SortKeySpec.Column.desc(1)).groupedBy(1));
        private final SortKey key = new SortKey();

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            String[] f = line.toString().split(",", -1);
            Row row = Row.of(SCHEMA, f[0], Long.parseLong(f[1]));
            context.write(codec.encode(row, key), row);
        }
    }

    /** One line per group: the text, then its numbers in the order the reducer received them. */
    public static class ListingReducer extends Reducer<SortKey, Row, NullWritable, Text> {
        @Override
        protected void reduce(SortKey key, Iterable<Row> rows, Context context) throws IOException, InterruptedException {
            StringBuilder line = new StringBuilder();
            for (Row r : rows) {
                if (line.isEmpty()) {
                    line.append(r.getString(0));
                }
                line.append(',').append(r.getLong(1));
            }
            context.write(NullWritable.get(), new Text(line.toString()));
        }
    }

    @Test
    void reducersSeeEveryRecordInTheShufflesOrderFromMemory() throws Exception {
        Map<String, List<Long>> written = input(21_000, 3);
        Job job = run(written, 0);
        assertThat(job.getCounters().findCounter(PrefixSortCollector.Counter.MAPS_SORTED_IN_MEMORY).getValue()).isEqualTo(3);
        assertThat(job.getCounters().findCounter(PrefixSortCollector.Counter.MAPS_PAST_MEMORY).getValue()).isZero();
        assertThat(job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue()).isEqualTo(21_000);
        assertReduced(written);
    }

    @Test
    void aMapWhoseOutputOutgrowsMemoryGoesOnThroughHadoopsBuffer() throws Exception {
        // a 1 MB budget and about 3 MB of output per map: each map hands its records to Hadoop's buffer, which spills
        Map<String, List<Long>> written = input(120_000, 2);
        Job job = run(written, 1);
        assertThat(job.getCounters().findCounter(PrefixSortCollector.Counter.MAPS_PAST_MEMORY).getValue()).isEqualTo(2);
        assertThat(job.getCounters().findCounter(PrefixSortCollector.Counter.MAPS_SORTED_IN_MEMORY).getValue()).isZero();
        assertThat(job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue()).isEqualTo(120_000);
        assertReduced(written);
    }

    /** Writes {@code files} input files of {@code records} lines in all; the numbers each text got. */
    private Map<String, List<Long>> input(int records, int files) throws IOException {
        Random random = new Random(records);
        Map<String, List<Long>> written = new HashMap<>();
        Path in = Files.createDirectories(dir.resolve("in"));
        for (int f = 0; f < files; f++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < records / files; i++) {
                // texts sharing long beginnings, some short, one empty
                String s = switch (random.nextInt(3)) {
                    case 0 -> "http://www.example.com/page/" + random.nextInt(300);
                    case 1 -> Integer.toString(random.nextInt(5000), 36);
                    default -> random.nextInt(50) == 0 ? "" : "10.0." + random.nextInt(40) + "." + random.nextInt(256);
                };
                long n = random.nextInt(1000) - 500;
                sb.append(s).append(',').append(n).append('\n');
                written.computeIfAbsent(s, k -> new ArrayList<>()).add(n);
            }
            Files.writeString(in.resolve("part-" + f), sb.toString(), StandardCharsets.UTF_8);
        }
        return written;
    }

    private Job run(Map<String, List<Long>> written, int sortMb) throws Exception {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.set("mapreduce.cluster.local.dir", dir.resolve("local").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        conf.setInt("mapreduce.local.map.tasks.maximum", 2);
        conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
        conf.set(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR,
                PrefixSortCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName());
        if (sortMb > 0) {
            conf.setInt(MRJobConfig.IO_SORT_MB, sortMb);
        }
        SCHEMA.store(conf, Row.SCHEMA_KEY);
        Job job = Job.getInstance(conf, "prefix sort");
        job.setInputFormatClass(TextInputFormat.class);
        FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(dir.resolve("in").toUri()));
        job.setMapperClass(KeyingMapper.class);
        job.setMapOutputKeyClass(SortKey.class);
        job.setMapOutputValueClass(Row.class);
        job.setPartitionerClass(SortKeyPartitioner.class);
        job.setSortComparatorClass(SortKey.Comparator.class);
        job.setGroupingComparatorClass(SortKey.GroupComparator.class);
        job.setReducerClass(ListingReducer.class);
        job.setNumReduceTasks(3);
        job.setOutputFormatClass(TextOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(Text.class);
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("out").toUri()));
        assertThat(job.waitForCompletion(false)).as("the job succeeds").isTrue();
        return job;
    }

    /** Each reducer's groups in ascending text order, each group's numbers descending, all records there. */
    private void assertReduced(Map<String, List<Long>> written) throws IOException {
        Map<String, List<Long>> read = new HashMap<>();
        try (var parts = Files.list(dir.resolve("out"))) {
            for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-r-")).sorted().toList()) {
                String previous = null;
                for (String line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                    String[] f = line.split(",", -1);
                    String text = f[0];
                    if (previous != null) {
                        int order = java.util.Arrays.compareUnsigned(previous.getBytes(StandardCharsets.UTF_8),
                                text.getBytes(StandardCharsets.UTF_8));
                        assertThat(order).as(part + ": " + previous + " before " + text).isNegative();
                    }
                    List<Long> numbers = new ArrayList<>();
                    for (int i = 1; i < f.length; i++) {
                        numbers.add(Long.parseLong(f[i]));
                    }
                    assertThat(numbers).as(text).isSortedAccordingTo((a, b) -> Long.compare(b, a));
                    assertThat(read.put(text, numbers)).as("one group per text: " + text).isNull();
                    previous = text;
                }
            }
        }
        assertThat(read.keySet()).isEqualTo(written.keySet());
        written.forEach((text, numbers) -> assertThat(read.get(text)).as(text).containsExactlyInAnyOrderElementsOf(numbers));
    }
}
