package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.runtime.ops.RowSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The output of a stage run in the client, written as its job would write it: part files of rows under no
 * key in the stage's output directory, so later stages (jobs or not) read it as they read a job's output.
 * Each file is filled by one thread; {@link #abandon()} removes them all.
 *
 * <pre>{@code
 * StagePartFiles parts = StagePartFiles.create(conf, dir);
 * RowSink sink = parts.open("part-m-00000");   // one per chunk, each in its own thread
 * ... sink.accept(row) ...; sink.finish();     // finish closes the file
 * parts.close();                               // every file finished
 * }</pre>
 */
final class StagePartFiles {
    private static final Logger LOG = LoggerFactory.getLogger(StagePartFiles.class);

    private final Configuration conf;
    private final Path dir;
    private final List<SequenceFile.Writer> open = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong rows = new AtomicLong();

    private StagePartFiles(Configuration conf, Path dir) {
        this.conf = conf;
        this.dir = dir;
    }

    /** Creates the stage's output directory. */
    static StagePartFiles create(Configuration conf, Path dir) throws IOException {
        dir.getFileSystem(conf).mkdirs(dir);
        return new StagePartFiles(conf, dir);
    }

    /**
     * A part file as a job writes it, uncompressed as a job's output is unless configured otherwise:
     * {@code SequenceFile}'s own default would deflate every row, which costs more than the job saves.
     */
    private static SequenceFile.Writer writer(Configuration conf, Path file) throws IOException {
        return SequenceFile.createWriter(conf, SequenceFile.Writer.file(file), SequenceFile.Writer.keyClass(NullWritable.class),
                SequenceFile.Writer.valueClass(Row.class), SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE));
    }

    /** A sink writing into part file {@code name}; its {@code finish} closes the file. */
    RowSink open(String name) throws IOException {
        SequenceFile.Writer out = writer(conf, new Path(dir, name));
        open.add(out);
        return new RowSink() {
            private long written;

            @Override
            public void accept(Row row) throws IOException {
                out.append(NullWritable.get(), row);
                written++;
            }

            @Override
            public void finish() throws IOException {
                if (open.remove(out)) {
                    out.close();
                    rows.addAndGet(written);
                }
            }
        };
    }

    /** The rows written into the finished files. */
    long rows() {
        return rows.get();
    }

    /** Checks that every file was finished. */
    void close() {
        if (!open.isEmpty()) {
            throw new IllegalStateException(open.size() + " part files in " + dir + " were not finished");
        }
    }

    /** The stage failed or gives up: its files go (a fallback job writes the directory afresh). */
    void abandon() {
        synchronized (open) {
            for (SequenceFile.Writer out : open) {
                try {
                    out.close();
                } catch (IOException e) {
                    LOG.debug("Closing an abandoned part file in {}: {}", dir, e.getMessage());
                }
            }
            open.clear();
        }
        try {
            dir.getFileSystem(conf).delete(dir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the abandoned stage output {}: {}", dir, e.getMessage());
        }
    }
}
