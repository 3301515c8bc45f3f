package org.hadoopdb.loader.global;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;

/**
 * Text input in blocks of lines: the lines of a split exactly as {@code TextInputFormat} gives them
 * (Hadoop's {@link LineRecordReader} decides which lines belong to which split, handles
 * {@code \n}, {@code \r\n} and {@code \r}, and reads compressed files), batched into
 * {@link LineBlock}s of about 256 KB. The key is the byte offset of the block's first line.
 */
public final class LineBlockInputFormat extends FileInputFormat<LongWritable, LineBlock> {
    /** Below G1's humongous-object size even with small heaps: large arrays churned per task cost GC cycles. */
    static final int BLOCK_BYTES = 256 * 1024;
    static final int BLOCK_LINES = 8192;

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        CompressionCodec codec = new CompressionCodecFactory(context.getConfiguration()).getCodec(file);
        return codec == null || codec instanceof SplittableCompressionCodec;
    }

    @Override
    public RecordReader<LongWritable, LineBlock> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new BlockReader();
    }

    static final class BlockReader extends RecordReader<LongWritable, LineBlock> {
        private final LineRecordReader lines = new LineRecordReader();
        private final LineBlock block = new LineBlock();
        private final LongWritable key = new LongWritable();
        private boolean pending;

        @Override
        public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
            lines.initialize(split, context);
            pending = lines.nextKeyValue();
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            block.clear();
            if (!pending) {
                return false;
            }
            key.set(lines.getCurrentKey().get());
            while (pending && block.count() < BLOCK_LINES && block.length() < BLOCK_BYTES) {
                Text t = lines.getCurrentValue();
                block.add(t.getBytes(), t.getLength());
                pending = lines.nextKeyValue();
            }
            return true;
        }

        @Override
        public LongWritable getCurrentKey() {
            return key;
        }

        @Override
        public LineBlock getCurrentValue() {
            return block;
        }

        @Override
        public float getProgress() throws IOException {
            return lines.getProgress();
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }
}
