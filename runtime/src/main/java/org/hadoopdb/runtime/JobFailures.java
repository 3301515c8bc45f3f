package org.hadoopdb.runtime;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/** The reason a job failed, from its failed task attempts' diagnostics, for the user's error message. */
final class JobFailures {
    private JobFailures() {
    }

    static String describe(Job job) {
        try {
            String reason = job.getStatus().getFailureInfo();
            for (TaskCompletionEvent e : job.getTaskCompletionEvents(0, 1000)) {
                if (e.getStatus() == TaskCompletionEvent.Status.FAILED || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
                    String[] diagnostics = job.getTaskDiagnostics(e.getTaskAttemptId());
                    if (diagnostics != null && diagnostics.length > 0 && informative(diagnostics[diagnostics.length - 1])) {
                        return firstLine(diagnostics[diagnostics.length - 1]);
                    }
                }
            }
            String recorded = org.hadoopdb.runtime.mr.TaskFailures.first(job.getConfiguration());
            if (recorded != null) {
                return recorded;
            }
            return informative(reason) ? reason : "no diagnostics";
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return "no diagnostics (" + e.getMessage() + ")";
        }
    }

    /** Hadoop's local runner reports "NA" for every task: then the failure the task recorded is the cause. */
    static boolean informative(String diagnostic) {
        return diagnostic != null && !diagnostic.isBlank() && !diagnostic.strip().equals("NA");
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
