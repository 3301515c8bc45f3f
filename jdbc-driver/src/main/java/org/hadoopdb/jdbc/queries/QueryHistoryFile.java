package org.hadoopdb.jdbc.queries;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The finished statements of a query server kept in its home, so that the web console still shows
 * them after a restart: one JSON line per statement, appended when it ends. The file holds at most
 * twice the history; past that it is rewritten with the newest {@code history} lines (through a
 * temporary file and a rename, so a crash never leaves half of it). A line that cannot be read (a
 * crash in the middle of an append) is skipped with a warning.
 */
public final class QueryHistoryFile {
    private static final Logger LOG = LoggerFactory.getLogger(QueryHistoryFile.class);
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Path file;
    private final int history;
    private int lines;

    /** One statement as a line of the file (times as ISO-8601 instants; lines of older versions lack the plan and stage times). */
    record Line(long id, String user, String client, String remoteAddress, String kind, String text, QueryState state,
                String started, String ended, long rows, String error, String sqlState, List<StageLine> stages,
                String plan, List<PushedSql> pushed) {

        static Line of(QueryInfo q) {
            return new Line(q.id(), q.user(), q.client(), q.remoteAddress(), q.kind(), q.text(), q.state(),
                    q.started().toString(), time(q.ended()), q.rows(), q.error(), q.sqlState(),
                    q.stages().stream().map(StageLine::of).toList(), q.plan(), q.pushed());
        }

        QueryInfo info() {
            return new QueryInfo(id, user, client, remoteAddress, kind, text, state, Instant.parse(started),
                    instant(ended), rows, error, sqlState,
                    stages == null ? List.of() : stages.stream().map(StageLine::progress).toList(), plan, pushed);
        }
    }

    /** One stage of a line. */
    record StageLine(int stage, int stages, String jobId, float map, float reduce, String started, String ended) {
        static StageLine of(StageProgress s) {
            return new StageLine(s.stage(), s.stages(), s.jobId(), s.map(), s.reduce(), time(s.started()), time(s.ended()));
        }

        StageProgress progress() {
            return new StageProgress(stage, stages, jobId, map, reduce, instant(started), instant(ended));
        }
    }

    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    private static Instant instant(String iso) {
        return iso == null ? null : Instant.parse(iso);
    }

    /** @param history how many statements the server shows; the file keeps at most twice as many lines */
    public QueryHistoryFile(Path file, int history) {
        this.file = file;
        this.history = history;
    }

    /** The newest {@code history} statements of the file, newest first (none when there is no file yet). */
    public synchronized List<QueryInfo> load() throws IOException {
        List<QueryInfo> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
        lines = all.size();
        for (int i = all.size() - 1; i >= 0 && out.size() < history; i--) {
            String line = all.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(JSON.readValue(line, Line.class).info());
            } catch (IOException | RuntimeException e) {
                LOG.warn("Skipping line {} of the query history {}: {}", i + 1, file, e.getMessage());
            }
        }
        return out;
    }

    /** Appends a statement that ended; rewrites the file with the newest lines when it holds too many. */
    public synchronized void append(QueryInfo q) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            w.write(JSON.writeValueAsString(Line.of(q)));
            w.write('\n');
        }
        if (++lines > 2 * Math.max(1, history)) {
            compact();
        }
    }

    private void compact() throws IOException {
        List<QueryInfo> newest = load();
        Collections.reverse(newest);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (QueryInfo q : newest) {
                w.write(JSON.writeValueAsString(Line.of(q)));
                w.write('\n');
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        lines = newest.size();
    }
}
