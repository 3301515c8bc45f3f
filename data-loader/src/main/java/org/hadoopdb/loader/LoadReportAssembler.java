package org.hadoopdb.loader;

import java.time.Duration;
import java.util.Collection;
import org.hadoopdb.loader.global.GlobalResults;
import org.hadoopdb.loader.global.MapSummary;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.NodeReport;

/** Puts a successful load's {@link LoadReport} together from what its phases returned. */
final class LoadReportAssembler {
    private LoadReportAssembler() {
    }

    /**
     * The load's timings: the driver's wall-clock phases, and for the node phases, which run on all
     * nodes at once, the slowest node's figures.
     *
     * @param localJob the wall-clock time of the node-task phase
     * @param nodes    the nodes' reports of the node-task phase
     */
    static LoadTimings timings(Duration prepare, Duration global, Duration localJob, Duration replication, Duration publish,
                               Duration total, Collection<NodeReport> nodes) {
        long maxCopy = nodes.stream().mapToLong(NodeReport::copyMs).max().orElse(0);
        long maxIndex = nodes.stream().mapToLong(NodeReport::indexMs).max().orElse(0);
        long maxAnalyze = nodes.stream().mapToLong(NodeReport::analyzeMs).max().orElse(0);
        return new LoadTimings(prepare, global, Duration.ofMillis(maxCopy), Duration.ofMillis(maxIndex), Duration.ofMillis(maxAnalyze),
                localJob, replication, publish, total);
    }

    static LoadReport report(LoadPlan plan, GlobalRepartition.Outcome global, Publication.Published published, LoadTimings timings) {
        GlobalResults g = global.results();
        return new LoadReport(plan.table().name(), plan.loadId(), plan.generation(), published.catalog().version(), plan.overwrite(),
                g.totalRows() + g.rejected(), g.totalRows(), g.rejected(), g.rejectsPerChunk().getOrDefault(MapSummary.NO_CHUNK, 0L),
                published.stats().rows(), published.stats().bytes(), published.chunks(), global.rejectFile(), timings);
    }
}
