package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.pipeline.PipelineResult;
import dev.terminus.pipeline.StageResult;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pipeline runs as a workflow whose agent stages are child agent workflows: it ends as the same pipeline does in
 * one process (terminations, outcomes, attempts, usage, answers), retries a {@code RETRYABLE} stage in a new child,
 * starts no child for a skipped stage, stops at a failing stage that aborts, and its history replays.
 */
@Timeout(120)
class PipelineWorkflowTest {
    private static PipelineHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new PipelineHarness(PipelineAgents.agents(), PipelineAgents.pipelines());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    @Test
    void aPipelineCompletesThroughOneChildWorkflowPerStageAsItDoesInOneProcess() throws Exception {
        // given
        PipelineResult local = temporal.runLocally("report", "Oslo's population");

        // when
        PipelineHarness.Run run = temporal.run("report", "Oslo's population");

        // then
        PipelineRunOutput output = run.output();
        assertThat(output.termination()).isEqualTo(new Termination.Completed()).isEqualTo(local.termination());
        assertThat(output.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(output.stoppedBy()).isNull();
        assertThat(output.notRun()).isEmpty();
        assertThat(output.stages()).extracting(PipelineRunOutput.StageOutput::name)
                .containsExactly("research", "summarize", "publish");
        for (int i = 0; i < 3; i++) {
            PipelineRunOutput.StageOutput stage = output.stages().get(i);
            StageResult same = local.stages().get(i);
            RunResult localRun = same.lastRun().orElseThrow();
            assertThat(stage.termination()).as(stage.name()).isEqualTo(same.termination())
                    .isEqualTo(new Termination.NaturalCompletion());
            assertThat(stage.outcome()).as(stage.name()).isEqualTo(same.outcome());
            assertThat(stage.attempts()).as(stage.name()).isEqualTo(same.attempts()).isEqualTo(1);
            assertThat(stage.usage()).as(stage.name()).isEqualTo(same.usage());
            assertThat(stage.costUsd()).as(stage.name()).isEqualByComparingTo(same.costUsd());
            assertThat(stage.iterations()).as(stage.name()).isEqualTo(localRun.iterations().size());
            assertThat(stage.finalAnswer()).as(stage.name()).isEqualTo(localRun.finalAnswer().orElseThrow());
            assertThat(stage.task()).as(stage.name()).isEqualTo(((Message.User) localRun.transcript().stream()
                    .filter(Message.User.class::isInstance).findFirst().orElseThrow()).content());
            assertThat(stage.childWorkflowIds()).as(stage.name())
                    .containsExactly(run.workflowId() + "/" + stage.name() + "/1");
        }
        assertThat(output.stage("publish").iterations()).isEqualTo(2);
        assertThat(output.usage()).isEqualTo(local.usage());
        AgentRunOutput published = temporal.child(run.workflowId() + "/publish/1");
        assertThat(published.finalAnswer()).isEqualTo("Published as report-7.");
        assertThat(published.toolCalls()).isEqualTo(1);
        assertThat(published.transcript()).contains(new Message.User("Publish: Oslo grew by 1.2% in 2025."));
        temporal.replay(run.workflowId());
    }

    @Test
    void aStageEndingRetryableRunsAgainInASecondChildWorkflow() throws Exception {
        // when
        PipelineHarness.Run run = temporal.run("flaky", "the census");

        // then
        PipelineRunOutput.StageOutput fetch = run.output().stage("fetch");
        assertThat(run.output().termination()).isEqualTo(new Termination.Completed());
        assertThat(fetch.attempts()).isEqualTo(2);
        assertThat(fetch.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(fetch.finalAnswer()).isEqualTo("Fetched on the second try.");
        assertThat(fetch.childWorkflowIds()).containsExactly(run.workflowId() + "/fetch/1",
                run.workflowId() + "/fetch/2");
        Termination first = temporal.child(run.workflowId() + "/fetch/1").termination();
        assertThat(first).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
        assertThat(first.category()).isEqualTo(Category.RETRYABLE);
        assertThat(temporal.child(run.workflowId() + "/fetch/2").finalAnswer())
                .isEqualTo("Fetched on the second try.");
        temporal.replay(run.workflowId());
    }

    @Test
    void aRetriedAttemptMadeFromThePreviousOutputGoesOnNumberingItsModelCalls() throws Exception {
        // when
        PipelineHarness.Run run = temporal.run("continuing", "the census");

        // then
        PipelineRunOutput.StageOutput fetch = run.output().stage("fetch");
        assertThat(fetch.attempts()).isEqualTo(2);
        assertThat(fetch.finalAnswer()).isEqualTo("Answered by call 1.");
        assertThat(fetch.task()).isEqualTo("Fetch the census");
        assertThat(temporal.child(run.workflowId() + "/fetch/1").modelCalls()).isEqualTo(1);
        assertThat(temporal.child(run.workflowId() + "/fetch/2").modelCalls()).isEqualTo(2);
        temporal.replay(run.workflowId());
    }

    @Test
    void aSkippedStageStartsNoChildWorkflow() throws Exception {
        // when
        PipelineHarness.Run run = temporal.run("skipping", "Oslo");

        // then
        PipelineRunOutput.StageOutput translate = run.output().stage("translate");
        assertThat(run.output().termination()).isEqualTo(new Termination.Completed());
        assertThat(translate.termination()).isEqualTo(new Termination.Skipped("the sources are in English already"));
        assertThat(translate.outcome()).isEqualTo(Outcome.SKIPPED);
        assertThat(translate.skipReason()).isEqualTo("the sources are in English already");
        assertThat(translate.attempts()).isZero();
        assertThat(translate.childWorkflowIds()).isEmpty();
        Assertions.assertThatThrownBy(() -> temporal.status(run.workflowId() + "/translate/1"))
                .isInstanceOfAny(WorkflowNotFoundException.class, StatusRuntimeException.class);
        assertThat(run.output().stage("summarize").childWorkflowIds())
                .containsExactly(run.workflowId() + "/summarize/1");
        temporal.replay(run.workflowId());
    }

    @Test
    void aFailingStageThatAbortsStopsThePipelineWithItsTermination() throws Exception {
        // given
        PipelineResult local = temporal.runLocally("aborting", "Oslo");

        // when
        PipelineHarness.Run run = temporal.run("aborting", "Oslo");

        // then
        PipelineRunOutput output = run.output();
        PipelineRunOutput.StageOutput review = output.stage("review");
        assertThat(review.termination()).isInstanceOf(Termination.AgentRefused.class)
                .isEqualTo(local.stage("review").orElseThrow().termination());
        assertThat(review.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(output.termination()).isEqualTo(review.termination()).isEqualTo(local.termination());
        assertThat(output.outcome()).isEqualTo(Outcome.FAILED).isEqualTo(local.outcome());
        assertThat(output.stoppedBy()).isEqualTo("review");
        assertThat(output.notRun()).containsExactly("publish").isEqualTo(local.notRun());
        assertThat(review.childWorkflowIds()).containsExactly(run.workflowId() + "/review/1");
        temporal.replay(run.workflowId());
    }

    @Test
    void aThreeStagePipelinesHistoryHoldsItsChildrenAndNoModelOrToolCall() {
        // given
        PipelineHarness.Run run = temporal.run("report", "Bergen's population");

        // when
        List<HistoryEvent> events = temporal.client().fetchHistory(run.workflowId()).getEvents();

        // then
        long bytes = events.stream().mapToLong(HistoryEvent::getSerializedSize).sum();
        assertThat(events).filteredOn(event -> event.getEventType()
                == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED).hasSize(3);
        assertThat(events).filteredOn(event -> event.getEventType()
                == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED).isEmpty();
        assertThat(temporal.status(run.workflowId() + "/publish/1"))
                .isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED);
        assertThat(bytes).isLessThan(32 * 1024);
        System.out.printf("PipelineWorkflowTest: a 3-stage pipeline's history: %d events, %,d bytes%n",
                events.size(), bytes);
    }

    @Test
    void aPipelineTheWorkerDoesNotKnowFailsItsWorkflowNamingTheRegisteredOnes() {
        // given
        PipelineWorkflow workflow = temporal.workflow("unknown");

        // when / then
        Assertions.assertThatThrownBy(() -> workflow.run(new PipelineRunInput("weekly", "Oslo")))
                .isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo("terminus.configuration");
                    assertThat(failure.getOriginalMessage()).contains("\"weekly\"").contains("report", "refund");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"off-thread", "own-clock"})
    void aRecipeWhoseStagesRunOffTheWorkflowThreadOrClockFailsTheWorkflowNamingTheBuilderToUse(String name) {
        // given
        PipelineWorkflow workflow = temporal.workflow(name);

        // when / then: refused before any stage runs, since neither would replay
        Assertions.assertThatThrownBy(() -> workflow.run(new PipelineRunInput(name, "Oslo")))
                .isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo("terminus.configuration");
                    assertThat(failure.getOriginalMessage()).contains("\"" + name + "\"",
                            "PipelineMaterials.builder(name)", "workflow's thread");
                });
    }

    @Test
    void aStageWhoseChildCannotBuildItsAgentFailsWithAConfigurationErrorNamingTheChild() throws Exception {
        // when
        PipelineHarness.Run run = temporal.run("unknown-agent", "Oslo");

        // then
        PipelineRunOutput.StageOutput research = run.output().stage("research");
        assertThat(research.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.CONFIGURATION);
            assertThat(failed.error().message()).contains("child workflow " + run.workflowId() + "/research/1",
                    "\"nobody\"");
        });
        assertThat(research.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(run.output().termination()).isEqualTo(research.termination());
        assertThat(temporal.status(run.workflowId() + "/research/1"))
                .isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_FAILED);
        temporal.replay(run.workflowId());
    }
}
