package org.hadoopdb.loader.global;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Blocks of lines cover every line of a file exactly once, whatever the split size and line endings. */
class LineBlockInputFormatTest {
    @TempDir
    Path dir;

    @Test
    void everyLineOnceAcrossSplitsAndBlocks() throws Exception {
        StringBuilder sb = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            String line = "line " + i + " " + "x".repeat(i % 37);
            expected.add(line);
            sb.append(line).append(i % 3 == 0 ? "\r\n" : i % 7 == 0 ? "\r" : "\n");
        }
        Path file = dir.resolve("input.txt");
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);

        for (long splitSize : new long[] {Long.MAX_VALUE, 100_000, 4_099}) {
            Configuration conf = new Configuration();
            conf.setLong(FileInputFormat.SPLIT_MAXSIZE, splitSize);
            Job job = Job.getInstance(conf);
            FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toUri()));
            LineBlockInputFormat format = new LineBlockInputFormat();
            List<String> seen = new ArrayList<>();
            List<InputSplit> splits = format.getSplits(job);
            if (splitSize < Long.MAX_VALUE) {
                assertThat(splits).hasSizeGreaterThan(1);
            }
            for (InputSplit split : splits) {
                TaskAttemptContextImpl ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
                try (RecordReader<org.apache.hadoop.io.LongWritable, LineBlock> r = format.createRecordReader(split, ctx)) {
                    r.initialize(split, ctx);
                    while (r.nextKeyValue()) {
                        LineBlock b = r.getCurrentValue();
                        for (int i = 0; i < b.count(); i++) {
                            seen.add(new String(b.bytes(), b.start(i), b.end(i) - b.start(i), StandardCharsets.UTF_8));
                        }
                    }
                }
                assertThat(((FileSplit) split).getPath().getName()).isEqualTo("input.txt");
            }
            assertThat(seen).as("split size %d", splitSize).containsExactlyElementsOf(expected);
        }
    }
}
