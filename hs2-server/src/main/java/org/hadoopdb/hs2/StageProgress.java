package org.hadoopdb.hs2;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hive.service.rpc.thrift.TJobExecutionStatus;
import org.apache.hive.service.rpc.thrift.TOperationState;
import org.apache.hive.service.rpc.thrift.TProgressUpdateResp;
import org.hadoopdb.runtime.ProgressListener;

/**
 * The progress of a statement's stages, as {@code GetOperationStatus} reports it when the client asks
 * for it ({@code getProgressUpdate}): the table beeline draws as its progress bar, one row per stage.
 * Fed by the engine's progress calls, which may come from several stage threads at once.
 *
 * <p>Beeline formats the header and every row with nine columns, as Hive's Tez progress has, so the
 * four columns HadoopDB has nothing for are sent empty: fewer would fail beeline's formatting.
 */
final class StageProgress {
    /** The columns, padded to the nine beeline's progress bar formats. */
    static final List<String> HEADERS = List.of("STAGES", "MODE", "STATUS", "MAP", "REDUCE", "", "", "", "");
    static final String PENDING = "PENDING";
    static final String RUNNING = "RUNNING";
    static final String SUCCEEDED = "SUCCEEDED";
    static final String FAILED = "FAILED";
    static final String KILLED = "KILLED";

    private final long startTime;
    private final Map<Integer, Stage> stages = new TreeMap<>();
    private int total;

    StageProgress(long startTime) {
        this.startTime = startTime;
    }

    /** A stage's progress, as {@link ProgressListener#progress} reports it. */
    synchronized void progress(int stage, int stageCount, String jobId, float map, float reduce) {
        total = Math.max(total, stageCount);
        Stage s = stages.computeIfAbsent(stage, id -> new Stage());
        s.jobId = jobId;
        // never backwards: a retried task can report less than before
        s.map = Math.max(s.map, clamp(map));
        s.reduce = Math.max(s.reduce, clamp(reduce));
    }

    /** A stage ended well, as {@link ProgressListener#stageFinished} reports it. */
    synchronized void finished(int stage, int stageCount, String jobId) {
        total = Math.max(total, stageCount);
        Stage s = stages.computeIfAbsent(stage, id -> new Stage());
        s.jobId = jobId;
        s.done = true;
    }

    private static float clamp(float f) {
        return Float.isNaN(f) ? 0f : Math.max(0f, Math.min(1f, f));
    }

    /**
     * The progress update for a statement now in {@code state}: NOT_AVAILABLE until a stage reported
     * (statements that run no job never have one, as Hive answers for work outside Tez), IN_PROGRESS
     * while it runs, COMPLETE once it ended; 100% when it finished well.
     */
    synchronized TProgressUpdateResp toThrift(TOperationState state) {
        boolean running = state == TOperationState.INITIALIZED_STATE || state == TOperationState.PENDING_STATE
                || state == TOperationState.RUNNING_STATE;
        boolean finishedWell = state == TOperationState.FINISHED_STATE;
        if (total == 0) {
            return new TProgressUpdateResp(List.of(), List.of(), finishedWell ? 1.0 : 0.0, TJobExecutionStatus.NOT_AVAILABLE,
                    "", startTime);
        }
        List<List<String>> rows = new ArrayList<>();
        double sum = 0;
        int done = 0;
        for (int id = 1; id <= total; id++) {
            Stage s = stages.get(id);
            boolean stageDone = finishedWell || (s != null && s.done);
            String status = stageDone ? SUCCEEDED : running ? (s == null ? PENDING : RUNNING)
                    : state == TOperationState.ERROR_STATE ? FAILED : KILLED;
            float map = stageDone ? 1f : s == null ? 0f : s.map;
            // a stage's reducers cannot be told from none while they have not started: map-only stages show 0%
            float reduce = s == null ? 0f : stageDone && s.reduce > 0 ? 1f : s.reduce;
            String mode = s == null ? "" : ProgressListener.CLIENT_STAGE.equals(s.jobId) ? "client" : "mapreduce";
            rows.add(List.of("Stage-" + id, mode, status, percent(map), percent(reduce), "", "", "", ""));
            // running stages count their map and reduce phases as half each
            sum += stageDone ? 1.0 : (map + reduce) / 2.0;
            done += stageDone ? 1 : 0;
        }
        double progressed = finishedWell ? 1.0 : Math.min(1.0, sum / total);
        String footer = String.format(Locale.ROOT, "STAGES: %02d/%02d", done, total);
        return new TProgressUpdateResp(HEADERS, rows, progressed,
                running ? TJobExecutionStatus.IN_PROGRESS : TJobExecutionStatus.COMPLETE, footer, startTime);
    }

    private static String percent(float f) {
        return Math.round(f * 100) + "%";
    }

    /** What the latest calls said about one stage. */
    private static final class Stage {
        String jobId;
        float map;
        float reduce;
        boolean done;
    }
}
