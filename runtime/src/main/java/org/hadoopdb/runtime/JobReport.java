package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopdb.connector.chunk.NodeReads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an ended job tells the query's {@link ProgressListener}: its tasks and what its map tasks read
 * from each node, from the job's counters. YARN counts the task attempts it launched; Hadoop's local
 * runner does not, and runs each task once, so there the job's splits and reducers are its tasks.
 */
record JobReport(String jobId, int mapTasks, int reduceTasks, NodeReads reads) {
    private static final Logger LOG = LoggerFactory.getLogger(JobReport.class);

    /** The report of an ended job, or none when its counters cannot be read (a job that never started). */
    static Optional<JobReport> of(Job job) {
        Counters counters;
        try {
            counters = job.getCounters();
        } catch (IOException | IllegalStateException e) {
            LOG.debug("No counters for job {}: {}", job.getJobName(), e.getMessage());
            return Optional.empty();
        }
        if (counters == null) {
            return Optional.empty();
        }
        long launchedMaps = counters.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
        long launchedReduces = counters.findCounter(JobCounter.TOTAL_LAUNCHED_REDUCES).getValue();
        // the submitter records the job's split count in its configuration
        int maps = launchedMaps > 0 ? (int) launchedMaps : job.getConfiguration().getInt(MRJobConfig.NUM_MAPS, 0);
        int reduces = launchedReduces > 0 ? (int) launchedReduces : job.getNumReduceTasks();
        return Optional.of(new JobReport(job.getJobID().toString(), maps, reduces, NodeReads.of(counters)));
    }

    void tell(ProgressListener progress) {
        progress.jobEnded(jobId, mapTasks, reduceTasks);
        if (!reads.isEmpty()) {
            progress.chunksRead(reads);
        }
    }
}
