package org.hadoopdb.loader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.loader.global.GlobalResults;
import org.hadoopdb.loader.job.JobRunner;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.NodeJobs;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.local.NodeLoadMapper;
import org.hadoopdb.loader.replica.ReplicaMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phases 2 and 3 of a load, one task per node on all nodes at once: the local partitioning, COPY,
 * index build and analyze of every node's chunks, then the copies to the replicas. A phase whose
 * tasks fail on some nodes runs again on those nodes only (up to {@code hadoopdb.load.task-attempts}).
 */
final class NodeTasks {
    private static final Logger LOG = LoggerFactory.getLogger(NodeTasks.class);

    private final HadoopDbConfig config;
    private final LoadPlan plan;
    private final LoadWorkspace workspace;
    private final ProgressReporter progress;

    NodeTasks(HadoopDbConfig config, LoadPlan plan, LoadWorkspace workspace, ProgressReporter progress) {
        this.config = config;
        this.plan = plan;
        this.workspace = workspace;
        this.progress = progress;
    }

    /**
     * Loads the global repartition's rows into every node's staging chunks.
     *
     * @return each node's report, by node position
     * @throws LoaderException when a node fails every attempt
     */
    Map<Integer, NodeReport> loadChunks(GlobalResults global) throws IOException, InterruptedException {
        progress.startPhase();
        Set<Integer> all = new TreeSet<>();
        for (int i = 0; i < plan.nodes().size(); i++) {
            all.add(i);
        }
        long totalBytes = plan.isReplicated() ? global.totalBytes() * plan.nodes().size() : global.totalBytes();
        double rowsPerByte = global.totalBytes() == 0 ? 0 : (double) global.totalRows() / global.totalBytes();
        int totalChunks = plan.chunkCount();
        // One job, three steps: the counters tell which step the nodes are in.
        return run("local partitioning and COPY", "local", NodeLoadMapper.class, all, j -> {
            long copied = JobRunner.counter(j, LoadCounters.BYTES_COPIED);
            long indexed = JobRunner.counter(j, LoadCounters.CHUNKS_INDEXED);
            long analyzed = JobRunner.counter(j, LoadCounters.CHUNKS_ANALYZED);
            if (copied < totalBytes && indexed == 0) {
                progress.report(LoadPhase.LOCAL_COPY, totalBytes == 0 ? 100 : 100.0 * copied / totalBytes, (long) (copied * rowsPerByte));
            } else if (indexed < totalChunks) {
                progress.report(LoadPhase.INDEX, 100.0 * indexed / totalChunks, global.totalRows());
            } else {
                progress.report(LoadPhase.ANALYZE, 100.0 * analyzed / totalChunks, global.totalRows());
            }
        });
    }

    /**
     * Copies the loaded staging chunks to the nodes that hold their replicas.
     *
     * @throws LoaderException when a receiving node fails every attempt
     */
    void replicate() throws IOException, InterruptedException {
        progress.startPhase();
        Set<Integer> receiving = new TreeSet<>();
        int replicaChunks = 0;
        for (int i = 0; i < plan.nodes().size(); i++) {
            if (!plan.replicasOnNode(i).isEmpty()) {
                receiving.add(i);
                replicaChunks += plan.replicasOnNode(i).size();
            }
        }
        int total = replicaChunks;
        run("replication", "replicas", ReplicaMapper.class, receiving, j -> progress.report(LoadPhase.REPLICATION,
                total == 0 ? 100 : 100.0 * JobRunner.counter(j, LoadCounters.CHUNKS_REPLICATED) / total,
                JobRunner.counter(j, LoadCounters.ROWS_REPLICATED)));
    }

    /**
     * Runs {@code mapper} on {@code nodes}, then again on the nodes whose task failed.
     *
     * @param what     the phase, for messages
     * @param dirName  the name of the attempts' output directories in the work directory
     * @param progress reports a running job's progress
     */
    private Map<Integer, NodeReport> run(String what, String dirName, Class<? extends Mapper<?, ?, ?, ?>> mapper, Set<Integer> nodes,
                                         Consumer<Job> progress) throws IOException, InterruptedException {
        Configuration jobBase = workspace.jobBase();
        Map<Integer, NodeReport> done = new TreeMap<>();
        Set<Integer> remaining = new TreeSet<>(nodes);
        int attempts = Math.max(1, config.get(ConfigKeys.LOAD_TASK_ATTEMPTS));
        List<String> failures = new ArrayList<>();
        for (int attempt = 1; attempt <= attempts && !remaining.isEmpty(); attempt++) {
            Path out = new Path(workspace.workDir(), dirName + "-" + attempt);
            Job job = NodeJobs.create(jobBase, plan, mapper, what, remaining, attempt, out);
            JobRunner.run(job, progress);
            for (NodeReport r : NodeJobs.reports(out, jobBase)) {
                int pos = plan.nodePosition(r.node());
                done.put(pos, r);
                remaining.remove(pos);
            }
            if (!remaining.isEmpty()) {
                failures = NodeJobs.failures(out, jobBase);
                if (failures.isEmpty()) {
                    failures = List.of(JobRunner.failureInfo(job));
                }
                if (attempt < attempts) {
                    LOG.warn("Load {} of {}: {} failed on node(s) {} ({}); running those nodes again", plan.loadId(), plan.table().name(),
                            what, ids(remaining), String.join("; ", failures));
                }
            }
        }
        if (!remaining.isEmpty()) {
            throw new LoaderException("The " + what + " of table '" + plan.table().name() + "' failed on node(s) " + ids(remaining)
                    + " after " + attempts + " attempt(s): " + String.join("; ", failures) + "; nothing was published");
        }
        return done;
    }

    private String ids(Set<Integer> positions) {
        return positions.stream().map(p -> plan.nodes().get(p).id()).collect(Collectors.joining(", "));
    }
}
