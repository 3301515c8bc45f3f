package org.hadoopdb.datagen;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs part jobs on a fixed number of threads and reports progress periodically. The first failure cancels
 * the remaining parts; a failed part leaves no file behind ({@link PartOutputs}).
 */
final class PartRunner {

    private static final Logger LOG = LoggerFactory.getLogger(PartRunner.class);

    private final Path root;
    private final int threads;
    private final Duration reportInterval;
    private final GenerationProgressListener listener;

    PartRunner(Path root, int threads, Duration reportInterval, GenerationProgressListener listener) {
        this.root = root;
        this.threads = threads;
        this.reportInterval = reportInterval;
        this.listener = listener;
    }

    void run(List<PartJob> jobs) throws IOException {
        Set<TableProgress> tables = new LinkedHashSet<>();
        jobs.forEach(j -> tables.add(j.table()));
        ExecutorService workers = Executors.newFixedThreadPool(threads, named("datagen-worker"));
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(named("datagen-progress"));
        long intervalMillis = Math.max(1, reportInterval.toMillis());
        reporter.scheduleAtFixedRate(() -> report(tables), intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        try {
            CompletionService<PartJob> completion = new ExecutorCompletionService<>(workers);
            Map<Future<PartJob>, PartJob> submitted = new HashMap<>();
            for (PartJob job : jobs) {
                submitted.put(completion.submit(() -> {
                    runPart(job);
                    return job;
                }), job);
            }
            awaitAll(completion, submitted);
        } finally {
            reporter.shutdownNow();
            workers.shutdownNow();
            awaitTermination(workers);
        }
    }

    private void runPart(PartJob job) throws IOException {
        TableProgress table = job.table();
        table.partStarted();
        try (PartOutputs outputs = new PartOutputs(root, job.part(), table.bytes())) {
            RowCounter rows = new RowCounter(table.rows());
            job.work().write(outputs, rows);
            rows.flush();
            outputs.commit();
        }
        if (table.partFinished()) {
            listener.onProgress(table.snapshot());
        }
    }

    /** Waits for the parts in completion order, so the first failure surfaces at once. */
    private static void awaitAll(CompletionService<PartJob> completion, Map<Future<PartJob>, PartJob> submitted)
            throws IOException {
        for (int i = 0; i < submitted.size(); i++) {
            Future<PartJob> done;
            try {
                done = completion.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while generating data");
            }
            try {
                done.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while generating data");
            } catch (ExecutionException e) {
                PartJob job = submitted.get(done);
                Throwable cause = e.getCause();
                String what = "generating " + job.table().name() + " part " + job.part() + " failed: " + cause.getMessage();
                if (cause instanceof UncheckedIOException u) {
                    cause = u.getCause();
                }
                throw new IOException(what, cause);
            }
        }
    }

    private void report(Set<TableProgress> tables) {
        for (TableProgress t : tables) {
            if (t.running()) {
                listener.onProgress(t.snapshot());
            }
        }
    }

    private static void awaitTermination(ExecutorService workers) {
        try {
            if (!workers.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.warn("data generation threads did not stop within a minute after the run ended");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
