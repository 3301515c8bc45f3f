package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.runtime.ops.RowSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A client stage's output files: what a job's reader reads, uncompressed, removed when abandoned, no chmod process. */
class StagePartFilesTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("k", HiveType.BIGINT).add("s", HiveType.STRING).build();

    @TempDir
    java.nio.file.Path tmp;

    private final Configuration conf = new Configuration(false);

    @Test
    void eachFileHoldsItsRowsUncompressedAndTheCountAddsUp() throws Exception {
        Path dir = new Path(tmp.resolve("stage-3").toUri());
        StagePartFiles parts = StagePartFiles.create(conf, dir);
        RowSink first = parts.open("part-m-00000");
        RowSink second = parts.open("part-m-00001");
        Row reused = new Row(SCHEMA);
        for (long k = 0; k < 5; k++) {
            reused.setLong(0, k);
            reused.setString(1, "row " + k);
            (k % 2 == 0 ? first : second).accept(reused);
        }
        first.finish();
        second.finish();
        parts.close();

        assertThat(parts.rows()).isEqualTo(5);
        assertThat(read(new Path(dir, "part-m-00000"))).containsExactly("0 row 0", "2 row 2", "4 row 4");
        assertThat(read(new Path(dir, "part-m-00001"))).containsExactly("1 row 1", "3 row 3");
        try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(new Path(dir, "part-m-00000")))) {
            assertThat(r.isCompressed()).isFalse();
        }
    }

    @Test
    void aFileNotFinishedIsAnErrorAndAbandoningRemovesTheDirectory() throws Exception {
        Path dir = new Path(tmp.resolve("stage-4").toUri());
        StagePartFiles parts = StagePartFiles.create(conf, dir);
        parts.open("part-m-00000").accept(Row.of(SCHEMA, 1L, "a"));
        assertThatThrownBy(parts::close).isInstanceOf(IllegalStateException.class).hasMessageContaining("1 part files");
        parts.abandon();
        assertThat(Files.exists(tmp.resolve("stage-4"))).isFalse();
    }

    @Test
    void onTheLocalFileSystemNoPermissionIsSetThroughHadoop() throws Exception {
        // without Hadoop's native library, each permission Hadoop's local file system sets is a chmod process
        Configuration counting = new Configuration(false);
        counting.set("fs.file.impl", CountingLocalFileSystem.class.getName());
        counting.setBoolean("fs.file.impl.disable.cache", true);
        CountingLocalFileSystem.PERMISSIONS_SET.set(0);
        Path dir = new Path(tmp.resolve("queries/q1/stage-1").toUri());
        StagePartFiles parts = StagePartFiles.create(counting, dir);
        RowSink sink = parts.open("part-m-00000");
        sink.accept(Row.of(SCHEMA, 7L, "seven"));
        sink.finish();
        parts.close();

        assertThat(CountingLocalFileSystem.PERMISSIONS_SET).hasValue(0);
        assertThat(read(new Path(dir, "part-m-00000"))).containsExactly("7 seven");
    }

    /** Hadoop's local file system, counting the permissions it sets. */
    public static final class CountingLocalFileSystem extends LocalFileSystem {
        static final AtomicInteger PERMISSIONS_SET = new AtomicInteger();

        public CountingLocalFileSystem() {
            super(new RawLocalFileSystem() {
                @Override
                public void setPermission(Path p, FsPermission permission) throws IOException {
                    PERMISSIONS_SET.incrementAndGet();
                    super.setPermission(p, permission);
                }
            });
        }
    }

    private List<String> read(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
            Row row = new Row(SCHEMA);
            while (r.next(NullWritable.get(), row)) {
                out.add(row.getLong(0) + " " + row.getString(1));
            }
        }
        return out;
    }
}
