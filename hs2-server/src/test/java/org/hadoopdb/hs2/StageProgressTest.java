package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hive.service.rpc.thrift.TJobExecutionStatus;
import org.apache.hive.service.rpc.thrift.TOperationState;
import org.apache.hive.service.rpc.thrift.TProgressUpdateResp;
import org.junit.jupiter.api.Test;

class StageProgressTest {
    private final StageProgress progress = new StageProgress(1234L);

    @Test
    void beforeAnyStageReportsThereIsNoProgressToShow() {
        TProgressUpdateResp running = progress.toThrift(TOperationState.RUNNING_STATE);
        assertThat(running.getStatus()).isEqualTo(TJobExecutionStatus.NOT_AVAILABLE);
        assertThat(running.getRows()).isEmpty();
        assertThat(running.getProgressedPercentage()).isZero();
        // a statement that ran no job is done all the same
        assertThat(progress.toThrift(TOperationState.FINISHED_STATE).getProgressedPercentage()).isEqualTo(1.0);
    }

    @Test
    void runningStagesShowTheirPhasesAndTheRestArePending() {
        progress.progress(1, 3, "job_1", 1f, 0f);
        progress.progress(1, 3, "job_1", 1f, 0.5f);
        TProgressUpdateResp r = progress.toThrift(TOperationState.RUNNING_STATE);
        assertThat(r.getStatus()).isEqualTo(TJobExecutionStatus.IN_PROGRESS);
        assertThat(r.getHeaderNames()).hasSize(9).startsWith("STAGES", "MODE", "STATUS", "MAP", "REDUCE");
        assertThat(r.getRows()).containsExactly(
                List.of("Stage-1", "mapreduce", "RUNNING", "100%", "50%", "", "", "", ""),
                List.of("Stage-2", "", "PENDING", "0%", "0%", "", "", "", ""),
                List.of("Stage-3", "", "PENDING", "0%", "0%", "", "", "", ""));
        assertThat(r.getProgressedPercentage()).isEqualTo(0.75 / 3);
        assertThat(r.getFooterSummary()).isEqualTo("STAGES: 00/03");
        assertThat(r.getStartTime()).isEqualTo(1234L);
    }

    @Test
    void aFinishedMapOnlyStageCountsWholeAndProgressNeverGoesBack() {
        progress.progress(1, 2, "job_1", 0.6f, 0f);
        progress.progress(1, 2, "job_1", 0.4f, 0f);
        assertThat(progress.toThrift(TOperationState.RUNNING_STATE).getRows().get(0)).contains("60%");
        progress.progress(1, 2, "job_1", 1f, 0f);
        progress.finished(1, 2, "job_1");
        progress.progress(2, 2, "client", 0f, 0f);
        TProgressUpdateResp r = progress.toThrift(TOperationState.RUNNING_STATE);
        assertThat(r.getRows().get(0)).startsWith("Stage-1", "mapreduce", "SUCCEEDED", "100%", "0%");
        assertThat(r.getRows().get(1)).startsWith("Stage-2", "client", "RUNNING");
        assertThat(r.getProgressedPercentage()).isEqualTo(0.5);
        assertThat(r.getFooterSummary()).isEqualTo("STAGES: 01/02");
    }

    @Test
    void theEndIsCompleteWithEveryStageSucceededOrTheFailureShown() {
        progress.progress(1, 2, "job_1", 1f, 1f);
        progress.finished(1, 2, "job_1");
        progress.progress(2, 2, "job_2", 0.3f, 0f);
        TProgressUpdateResp failed = progress.toThrift(TOperationState.ERROR_STATE);
        assertThat(failed.getStatus()).isEqualTo(TJobExecutionStatus.COMPLETE);
        assertThat(failed.getRows().get(1)).startsWith("Stage-2", "mapreduce", "FAILED", "30%");
        assertThat(failed.getProgressedPercentage()).isLessThan(1.0);
        assertThat(progress.toThrift(TOperationState.CANCELED_STATE).getRows().get(1)).contains("KILLED");
        progress.progress(2, 2, "job_2", 1f, 1f);
        progress.finished(2, 2, "job_2");
        TProgressUpdateResp done = progress.toThrift(TOperationState.FINISHED_STATE);
        assertThat(done.getStatus()).isEqualTo(TJobExecutionStatus.COMPLETE);
        assertThat(done.getProgressedPercentage()).isEqualTo(1.0);
        assertThat(done.getRows()).allSatisfy(row -> assertThat(row.get(2)).isEqualTo("SUCCEEDED"));
        assertThat(done.getFooterSummary()).isEqualTo("STAGES: 02/02");
    }
}
