package org.hadoopdb.runtime;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
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
 * <p>On the local file system the files and the directory are created with the JDK's own calls, not Hadoop's: without
 * Hadoop's native library, its local file system sets the permissions of every file and directory it creates by
 * starting a {@code chmod} process (and writes a checksum file beside each, through another), which cost a small
 * query's stages more than their rows did (TPC-H Q19: 18 processes a run). A local part file then has no checksum
 * file, which Hadoop's readers accept (they verify a file's checksums only when it has them).
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
    private final FileSystem fs;
    private final List<PartFile> open = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong rows = new AtomicLong();

    private StagePartFiles(Configuration conf, Path dir, FileSystem fs) {
        this.conf = conf;
        this.dir = dir;
        this.fs = fs;
    }

    /** Creates the stage's output directory. */
    static StagePartFiles create(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        if (fs instanceof LocalFileSystem local) {
            Files.createDirectories(local.pathToFile(dir).toPath());
        } else {
            fs.mkdirs(dir);
        }
        return new StagePartFiles(conf, dir, fs);
    }

    /** A part file being written, and the stream under it when the writer does not own it. */
    private record PartFile(SequenceFile.Writer writer, Closeable stream) implements Closeable {
        @Override
        public void close() throws IOException {
            try {
                writer.close();
            } finally {
                if (stream != null) {
                    stream.close();
                }
            }
        }
    }

    /** A part file as a job writes it, created with the JDK's calls on the local file system (see above). */
    private PartFile writer(Path file) throws IOException {
        if (fs instanceof LocalFileSystem local) {
            FSDataOutputStream out = new FSDataOutputStream(new BufferedOutputStream(
                    new FileOutputStream(local.pathToFile(file)), 64 * 1024), null);
            try {
                return new PartFile(rowWriter(SequenceFile.Writer.stream(out)), out);
            } catch (IOException | RuntimeException e) {
                out.close();
                throw e;
            }
        }
        return new PartFile(rowWriter(SequenceFile.Writer.file(file)), null);
    }

    /**
     * A writer of rows under no key into {@code target}, uncompressed as a job's output is unless configured otherwise:
     * {@code SequenceFile}'s own default would deflate every row, which costs more than the job saves.
     */
    private SequenceFile.Writer rowWriter(SequenceFile.Writer.Option target) throws IOException {
        return SequenceFile.createWriter(conf, target, SequenceFile.Writer.keyClass(NullWritable.class),
                SequenceFile.Writer.valueClass(Row.class), SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE));
    }

    /** A sink writing into part file {@code name}; its {@code finish} closes the file. */
    RowSink open(String name) throws IOException {
        PartFile out = writer(new Path(dir, name));
        open.add(out);
        return new RowSink() {
            private long written;

            @Override
            public void accept(Row row) throws IOException {
                out.writer().append(NullWritable.get(), row);
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
            for (PartFile out : open) {
                try {
                    out.close();
                } catch (IOException e) {
                    LOG.debug("Closing an abandoned part file in {}: {}", dir, e.getMessage());
                }
            }
            open.clear();
        }
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the abandoned stage output {}: {}", dir, e.getMessage());
        }
    }
}
