package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.peers.protocol.PeerProcess;
import org.hadoopdb.peers.protocol.ResultReader;

/**
 * One variant of a peer system (DuckDB's native tables, Spark SQL over text files, …) running the task's SQL
 * unchanged in the peer's own JVM. Its time is the peer's own measure around the query and the writing of its
 * rows; the rows are read back from the result file into the task's answer.
 */
final class PeerSystem implements BenchSystem {
    private final PeerProcess process;
    private final String variant;
    private final long selectionThreshold;
    private final Path resultFile;
    private String failure;

    PeerSystem(PeerProcess process, String variant, long selectionThreshold, Path resultFile) {
        this.process = process;
        this.variant = variant;
        this.selectionThreshold = selectionThreshold;
        this.resultFile = resultFile;
    }

    @Override
    public String name() {
        return Systems.peer(process.name(), variant);
    }

    String variant() {
        return variant;
    }

    PeerProcess process() {
        return process;
    }

    @Override
    public String cannotRun(PaperTask task) {
        if (task == PaperTask.UDF) {
            return "the link count is a regular-expression user function over whole documents; the peers run the tasks' SQL only";
        }
        return failure;
    }

    /** Marks the system as unable to run anything more (its load failed), saying why. */
    void failed(String why) {
        failure = why;
    }

    /** Why it cannot run anything more, or null. */
    String failure() {
        return failure;
    }

    @Override
    public Answer run(PaperTask task) throws IOException {
        return timed(task).answer();
    }

    @Override
    public TimedAnswer timed(PaperTask task) throws IOException {
        PeerProcess.Timed t = process.query(variant, task.sql(selectionThreshold), resultFile);
        Answer answer = new Answer(task);
        ResultReader.read(resultFile, row -> answer.add(row.toArray()));
        Files.delete(resultFile);
        if (answer.rows() != t.rows()) {
            throw new IllegalStateException(name() + " wrote " + answer.rows() + " rows of " + task.title() + " but said "
                    + t.rows() + " (its result file " + resultFile + ")");
        }
        return new TimedAnswer(answer, t.seconds());
    }
}
