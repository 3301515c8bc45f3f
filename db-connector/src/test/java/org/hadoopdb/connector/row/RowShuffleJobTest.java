package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopdb.catalog.model.HiveType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows and sort keys through a real (local) MapReduce shuffle: reflection-made rows take their
 * schema from the configuration, keys sort with the registered raw comparator, and secondary sort
 * groups on the key prefix across two reducers.
 */
class RowShuffleJobTest {
    static final RowSchema VALUES = RowSchema.builder().add("k", HiveType.decimal(10, 2)).add("seq", HiveType.INT)
            .add("note", HiveType.STRING).build();
    static final String SPEC_KEY = "test.sort.spec";

    /** Parses "k,seq,note" lines into rows; key: k ascending (grouped), seq descending. */
    public static final class ParsingMapper extends Mapper<LongWritable, Text, SortKey, Row> {
        private final Row row = new Row(VALUES);
        private final SortKey key = new SortKey();
        private SortKeyCodec codec;

        @Override
        protected void setup(Context context) {
            codec = new SortKeyCodec(SortKeySpec.load(context.getConfiguration(), SPEC_KEY));
        }

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            String[] parts = line.toString().split(",", -1);
            row.setDecimal(0, parts[0].isEmpty() ? null : new BigDecimal(parts[0]));
            row.setInt(1, Integer.parseInt(parts[1]));
            row.setString(2, parts[2]);
            context.write(codec.encode(row, key), row);
        }
    }

    /** One output line per group: the decoded group key, then the notes in the order they arrived. */
    public static final class GroupReducer extends Reducer<SortKey, Row, Text, NullWritable> {
        private SortKeyCodec codec;
        private Row keyRow;

        @Override
        protected void setup(Context context) {
            codec = new SortKeyCodec(SortKeySpec.load(context.getConfiguration(), SPEC_KEY));
            keyRow = codec.newKeyRow();
        }

        @Override
        protected void reduce(SortKey key, Iterable<Row> rows, Context context) throws IOException, InterruptedException {
            StringBuilder sb = new StringBuilder(String.valueOf(codec.decode(key, keyRow).getDecimal(0))).append(':');
            for (Row r : rows) {
                sb.append(' ').append(r.getString(2));
            }
            context.write(new Text(sb.toString()), NullWritable.get());
        }
    }

    @Test
    void secondarySortThroughALocalJob(@TempDir Path dir) throws Exception {
        Path input = dir.resolve("in.csv");
        Files.write(input, List.of("1.50,1,a1", "2,5,b5", "1.5,3,a3", ",1,n1", "-0.5,9,m9", "2.00,7,b7", "1.500,2,a2", ",4,n4"));

        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        VALUES.store(conf, Row.SCHEMA_KEY);
        SortKeySpec.of(VALUES, SortKeySpec.Column.asc(0), SortKeySpec.Column.desc(1)).groupedBy(1).store(conf, SPEC_KEY);

        Job job = Job.getInstance(conf, "row shuffle test");
        job.setMapperClass(ParsingMapper.class);
        job.setReducerClass(GroupReducer.class);
        job.setMapOutputKeyClass(SortKey.class);
        job.setMapOutputValueClass(Row.class);
        job.setPartitionerClass(SortKeyPartitioner.class);
        job.setGroupingComparatorClass(SortKey.GroupComparator.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(NullWritable.class);
        job.setNumReduceTasks(2);
        FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("out").toUri()));
        assertThat(job.waitForCompletion(false)).isTrue();

        List<String> groups = new ArrayList<>();
        try (Stream<Path> parts = Files.list(dir.resolve("out"))) {
            for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-r-")).sorted().toList()) {
                List<String> lines = Files.readAllLines(part);
                assertThat(lines).as("each reducer's groups come sorted").isSortedAccordingTo(
                        (a, b) -> compareGroupLines(a, b));
                groups.addAll(lines);
            }
        }
        assertThat(groups).containsExactlyInAnyOrder("null: n4 n1", "-0.50: m9", "1.50: a3 a2 a1", "2.00: b7 b5");
    }

    private static int compareGroupLines(String a, String b) {
        String ka = a.substring(0, a.indexOf(':'));
        String kb = b.substring(0, b.indexOf(':'));
        if (ka.equals("null") || kb.equals("null")) {
            return ka.equals(kb) ? 0 : ka.equals("null") ? -1 : 1;
        }
        return new BigDecimal(ka).compareTo(new BigDecimal(kb));
    }
}
