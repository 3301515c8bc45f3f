package org.hadoopdb.loader.job;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.loader.LoaderException;

/**
 * Deliberate failures for tests ({@code hadoopdb.load.fault-injection = phase:node:attempts}): the
 * task of {@code node} fails in {@code phase} on its first {@code attempts} attempts. The COPY and
 * replication failures are real ones: the task terminates its own database backend mid-stream.
 *
 * @param phase    {@code copy}, {@code replicate} or {@code publish}
 * @param node     the node id whose task fails ({@code *} for all)
 * @param attempts how many attempts fail
 */
public record FaultInjection(String phase, String node, int attempts) {

    /** The injection configured in {@code conf}, or null. */
    public static FaultInjection of(Configuration conf) {
        String spec = conf.get(ConfigKeys.LOAD_FAULT_INJECTION.name(), "").trim();
        if (spec.isEmpty()) {
            return null;
        }
        String[] p = spec.split(":");
        try {
            return new FaultInjection(p[0].toLowerCase(Locale.ROOT), p.length > 1 ? p[1] : "*", p.length > 2 ? Integer.parseInt(p[2]) : 1);
        } catch (NumberFormatException e) {
            throw new LoaderException(ConfigKeys.LOAD_FAULT_INJECTION.name() + " must be phase:node:attempts, got '" + spec + "'", e);
        }
    }

    /** True when the task of {@code nodeId} must fail in {@code inPhase} on attempt {@code attempt} (1-based). */
    public boolean fires(String inPhase, String nodeId, int attempt) {
        return phase.equals(inPhase) && (node.equals("*") || node.equals(nodeId)) && attempt <= attempts;
    }

    /** The attempt number of a node task: the driver's resubmission count plus the framework's own retries. */
    public static int attempt(Configuration conf, int frameworkAttemptId) {
        return conf.getInt(LoadJobs.ATTEMPT, 1) + frameworkAttemptId;
    }
}
