package org.hadoopdb.loader.global;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.stats.ColumnAccumulator;

/**
 * The Global Hasher's results, read by the driver from its tasks' summaries: rows and bytes per
 * node, rejects (per chunk and in all), and the merged column statistics. Also writes the load's
 * reject file, with each rejected line numbered within its input file.
 */
public final class GlobalResults {
    private final List<Task> tasks;
    private final long[] rows;
    private final long[] bytes;
    private final long records;
    private final long rejected;
    private final Map<Integer, Long> rejectsPerChunk = new TreeMap<>();
    private final ColumnAccumulator[] stats;

    private record Task(String name, MapSummary summary) {
    }

    private GlobalResults(List<Task> tasks, int partitions, List<ColumnInfo> columns) {
        this.tasks = tasks;
        this.rows = new long[partitions];
        this.bytes = new long[partitions];
        this.stats = new ColumnAccumulator[columns.size()];
        for (int i = 0; i < stats.length; i++) {
            stats[i] = new ColumnAccumulator(columns.get(i).type());
        }
        long rec = 0;
        long rej = 0;
        for (Task t : tasks) {
            MapSummary s = t.summary;
            if (s.rows.length != partitions) {
                throw new IllegalStateException("A Global Hasher summary has " + s.rows.length + " outputs, expected " + partitions);
            }
            for (int p = 0; p < partitions; p++) {
                rows[p] += s.rows(p);
                bytes[p] += s.bytes(p);
            }
            rec += s.records();
            rej += s.rejected();
            s.rejectsPerChunk().forEach((c, n) -> rejectsPerChunk.merge(c, n, Long::sum));
            for (int i = 0; i < stats.length; i++) {
                stats[i].merge(s.stats()[i]);
            }
        }
        this.records = rec;
        this.rejected = rej;
    }

    /** Reads the summaries in a finished Global Hasher job's output. */
    public static GlobalResults read(Path output, Configuration conf, int partitions, List<ColumnInfo> columns) throws IOException {
        Path dir = new Path(output, SideFiles.SUMMARIES);
        FileSystem fs = SideFiles.rawFileSystem(dir, conf);
        List<Task> tasks = new ArrayList<>();
        if (fs.exists(dir)) {
            for (FileStatus st : fs.listStatus(dir)) {
                try (DataInputStream in = new DataInputStream(new BufferedInputStream(fs.open(st.getPath())))) {
                    tasks.add(new Task(st.getPath().getName(), MapSummary.read(in, columns)));
                }
            }
        }
        return new GlobalResults(tasks, partitions, columns);
    }

    /** Rows routed to output {@code p} (a chunk; the one output of a replicated table). */
    public long rows(int p) {
        return rows[p];
    }

    /** Bytes of binary COPY tuples routed to output {@code p}. */
    public long bytes(int p) {
        return bytes[p];
    }

    public long totalRows() {
        long n = 0;
        for (long r : rows) {
            n += r;
        }
        return n;
    }

    public long totalBytes() {
        long n = 0;
        for (long b : bytes) {
            n += b;
        }
        return n;
    }

    /** Records read, header lines included. */
    public long records() {
        return records;
    }

    public long rejected() {
        return rejected;
    }

    /** Rejected records per chunk; key {@link MapSummary#NO_CHUNK} for those without one. */
    public Map<Integer, Long> rejectsPerChunk() {
        return rejectsPerChunk;
    }

    /** Column statistics of the accepted rows. */
    public ColumnAccumulator[] stats() {
        return stats;
    }

    /**
     * Writes the reject file {@code target}: one line per rejected record, in input order,
     * {@code <file> TAB <line number> TAB <reason> TAB <the record as read>}. The record's bytes are
     * copied unchanged (even when they are not valid text), so nothing is lost.
     *
     * @return the first few rejects as {@code file:line: reason}, for error messages
     */
    public List<String> writeRejects(Path output, Configuration conf, Path target) throws IOException {
        Map<String, List<MapSummary>> bySource = new HashMap<>();
        for (Task t : tasks) {
            bySource.computeIfAbsent(t.summary.source(), k -> new ArrayList<>()).add(t.summary);
        }
        Map<MapSummary, Long> linesBefore = new HashMap<>();
        for (List<MapSummary> splits : bySource.values()) {
            splits.sort(Comparator.comparingLong(MapSummary::splitStart));
            long before = 0;
            for (MapSummary s : splits) {
                linesBefore.put(s, before);
                before += s.records();
            }
        }
        List<Task> ordered = new ArrayList<>(tasks);
        ordered.sort(Comparator.comparing((Task t) -> t.summary.source()).thenComparingLong(t -> t.summary.splitStart()));
        Path dir = new Path(output, SideFiles.REJECTS);
        FileSystem in = SideFiles.rawFileSystem(dir, conf);
        FileSystem out = SideFiles.rawFileSystem(target, conf);
        out.mkdirs(target.getParent());
        List<String> first = new ArrayList<>();
        try (OutputStream w = new BufferedOutputStream(out.create(target, true))) {
            for (Task t : ordered) {
                Path file = new Path(dir, t.name);
                if (t.summary.rejectsWritten() == 0 || !in.exists(file)) {
                    continue;
                }
                byte[] source = t.summary.source().getBytes(StandardCharsets.UTF_8);
                long base = linesBefore.get(t.summary);
                try (InputStream r = new BufferedInputStream(in.open(file))) {
                    ByteArrayOutputStream line = new ByteArrayOutputStream(256);
                    int b;
                    while ((b = r.read()) >= 0) {
                        if (b != '\n') {
                            line.write(b);
                            continue;
                        }
                        byte[] rec = line.toByteArray();
                        line.reset();
                        int tab = indexOf(rec, 0);
                        long local = Long.parseLong(new String(rec, 0, tab, StandardCharsets.US_ASCII));
                        long number = base + local;
                        w.write(source);
                        w.write('\t');
                        w.write(Long.toString(number).getBytes(StandardCharsets.US_ASCII));
                        w.write(rec, tab, rec.length - tab);
                        w.write('\n');
                        if (first.size() < 3) {
                            int tab2 = indexOf(rec, tab + 1);
                            first.add(t.summary.source() + ":" + number + ": "
                                    + new String(rec, tab + 1, tab2 - tab - 1, StandardCharsets.UTF_8));
                        }
                    }
                }
            }
        }
        return first;
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\t') {
                return i;
            }
        }
        return b.length;
    }
}
