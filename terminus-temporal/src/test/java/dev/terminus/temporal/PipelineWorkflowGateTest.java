package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import dev.terminus.temporal.wire.PipelineWorkflow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stage's agent that reaches an approval gate pauses the pipeline's workflow: the gate is found through the
 * pipeline, answered in the stage's child workflow, and the pipeline goes on to its end; cancelling the pipeline
 * while the stage waits ends the child's run and the pipeline {@code Cancelled}.
 */
@Timeout(120)
class PipelineWorkflowGateTest {
    private static PipelineHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        temporal = new PipelineHarness(PipelineAgents.agents(), PipelineAgents.pipelines());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** Starts the refund pipeline and waits until its refund stage waits at its gate. */
    private static StageGate startAndAwaitTheGate(PipelineWorkflow workflow) throws InterruptedException {
        WorkflowClient.start(workflow::run, new PipelineRunInput("refund", "order 42"));
        String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        StageGate gate;
        while ((gate = PipelineWorkflows.pendingGate(temporal.client(), id)) == null) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("pipeline " + id + " never waited at a gate");
            }
            Thread.sleep(10);
        }
        return gate;
    }

    @Test
    void aGateInAStagePausesThePipelineAndItsAnswerResumesItToCompletion() throws Exception {
        // given
        PipelineWorkflow workflow = temporal.workflow("refund");
        StageGate gate = startAndAwaitTheGate(workflow);
        String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        int refundsBefore = PipelineAgents.REFUNDS.size();

        // when
        assertThatThrownBy(() -> PipelineWorkflows.answer(temporal.client(), id, GateAnswer.approve("gate-other")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(gate.gate().gateId());
        StageGate answered = PipelineWorkflows.answer(temporal.client(), id, GateAnswer.approve(gate.gate().gateId()));
        PipelineRunOutput output = PipelineWorkflows.output(WorkflowStub.fromTyped(workflow));

        // then
        assertThat(gate.stage()).isEqualTo("refund");
        assertThat(gate.attempt()).isEqualTo(1);
        assertThat(gate.childWorkflowId()).isEqualTo(id + "/refund/1");
        assertThat(gate.gate().toolName()).isEqualTo("refund");
        assertThat(gate.gate().arguments()).containsEntry("order", "42").containsEntry("amount", 120);
        assertThat(answered).isEqualTo(gate);
        assertThat(output.termination()).isEqualTo(new Termination.Completed());
        assertThat(output.stage("refund").termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(output.stage("refund").finalAnswer()).isEqualTo("Order 42 is refunded.");
        assertThat(output.stage("notify").childWorkflowIds()).containsExactly(id + "/notify/1");
        assertThat(PipelineAgents.REFUNDS.subList(refundsBefore, PipelineAgents.REFUNDS.size())).containsExactly(120);
        assertThat(PipelineWorkflows.pendingGate(temporal.client(), id)).isNull();
        temporal.replay(id);
    }

    @Test
    void cancellingThePipelineWorkflowEndsItCancelledWithItsRunningChildCancelled() throws Exception {
        // given
        PipelineWorkflow workflow = temporal.workflow("refund");
        StageGate gate = startAndAwaitTheGate(workflow);
        WorkflowStub stub = WorkflowStub.fromTyped(workflow);
        String id = stub.getExecution().getWorkflowId();

        // when
        stub.cancel();
        PipelineRunOutput output = PipelineWorkflows.output(stub);

        // then
        Termination cancelled = new Termination.Cancelled(PipelineWorkflow.CANCELLED_BY_WORKFLOW);
        assertThat(output.termination()).isEqualTo(cancelled);
        assertThat(output.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(output.stoppedBy()).isEqualTo("refund");
        assertThat(output.stage("refund").termination()).isEqualTo(cancelled);
        assertThat(output.notRun()).containsExactly("notify");
        AgentRunOutput child = temporal.child(gate.childWorkflowId());
        assertThat(child.termination()).isEqualTo(cancelled);
        assertThat(temporal.status(gate.childWorkflowId()))
                .isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED);
        assertThat(temporal.status(id)).isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_CANCELED);
        temporal.replay(id);
    }
}
