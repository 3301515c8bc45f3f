package org.hadoopdb.benchmarks.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a process tree (a PostgreSQL server: its postmaster and every backend) slow, as a worker
 * whose machine is overloaded: for each period it is frozen ({@code SIGSTOP}) for a fraction of the
 * period and then resumed ({@code SIGCONT}). The processes stay correct; they only get less time.
 * {@link #close()} resumes them for good.
 *
 * <pre>{@code
 * try (ProcessThrottle slow = ProcessThrottle.start(postmasterPid, 0.8, 100)) {
 *     runQuery();   // node's PostgreSQL gets about 20% of the time it would have
 * }
 * }</pre>
 */
public final class ProcessThrottle implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessThrottle.class);

    private final long root;
    private final double frozenFraction;
    private final long periodMillis;
    private final Thread thread;
    private volatile boolean running = true;

    private ProcessThrottle(long root, double frozenFraction, long periodMillis) {
        this.root = root;
        this.frozenFraction = frozenFraction;
        this.periodMillis = periodMillis;
        this.thread = new Thread(this::loop, "throttle-" + root);
        this.thread.setDaemon(true);
    }

    /**
     * Starts throttling process {@code pid} and its descendants.
     *
     * @param frozenFraction part of each period the processes are stopped, between 0 and 1 (exclusive)
     * @param periodMillis   length of a stop/resume cycle
     */
    public static ProcessThrottle start(long pid, double frozenFraction, long periodMillis) {
        if (!(frozenFraction > 0 && frozenFraction < 1) || periodMillis < 10) {
            throw new IllegalArgumentException("frozen fraction must be in (0, 1) and the period at least 10 ms");
        }
        ProcessThrottle t = new ProcessThrottle(pid, frozenFraction, periodMillis);
        t.thread.start();
        return t;
    }

    private void loop() {
        long frozen = Math.round(periodMillis * frozenFraction);
        try {
            while (running) {
                signal("STOP");
                Thread.sleep(frozen);
                signal("CONT");
                Thread.sleep(periodMillis - frozen);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            signal("CONT");
        }
    }

    private void signal(String name) {
        List<String> command = new ArrayList<>(List.of("kill", "-" + name));
        ProcessHandle.of(root).ifPresent(p -> Stream.concat(Stream.of(p), p.descendants())
                .forEach(h -> command.add(Long.toString(h.pid()))));
        if (command.size() == 2) {
            return;
        }
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor();
        } catch (IOException e) {
            LOG.warn("Cannot send SIG{} to process tree {}: {}", name, root, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops throttling and resumes every process of the tree. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        signal("CONT");
    }
}
