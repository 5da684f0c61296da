package dev.terminus.cli;

import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PendingGate;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.WorkflowInputs;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code terminus resume --temporal HOST:PORT WORKFLOW_ID --approve | --reject REASON | --answer JSON}: answers the
 * gate a run waits at in its workflow, through the workflow's {@code answer} update, then shows how the run ended (or
 * the next gate it waits at), as {@code terminus resume CHECKPOINT} does for a checkpoint. A gate that waits for
 * approval takes {@code --approve} or {@code --reject}; a gate where a tool asked for input (an MCP server's
 * elicitation) takes {@code --answer} (checked against the schema it asked for before it is sent) or {@code --reject}
 * (declined). An answer the gate does not take is one line, and the gate still waits. A pipeline's workflow waits at
 * the gate of the stage whose run waits: the answer goes to that stage's child workflow, and the pipeline's table is
 * shown when it ends ({@link TemporalPipelines}).
 */
final class WorkflowResume {

    /** The decision of the command line, before it names the gate. */
    sealed interface Answer {
        /** Run the pending call as proposed. */
        record Approve() implements Answer {}

        /** @param reason why not, which the model reads (at an input gate: why the person declined) */
        record Reject(String reason) implements Answer {}

        /** @param content the input a tool asked for, a JSON object */
        record Provide(Map<String, @Nullable Object> content) implements Answer {}
    }

    /** The workflow type of a pipeline's run, whose gates wait in its stages' child workflows. */
    private static final String PIPELINE = "PipelineWorkflow";

    private WorkflowResume() {}

    static int resume(TerminusCommand terminus, TemporalOptions temporal, String workflowId, Answer answer,
            boolean json) throws BadInputException {
        if (temporal.embedded()) {
            throw new BadInputException("--temporal: " + TemporalOptions.EMBEDDED + " starts an empty server, where no"
                    + " workflow waits; give the HOST:PORT the run was started on");
        }
        try (TemporalConnection connection = TemporalConnection.open(temporal, terminus.env)) {
            if (PIPELINE.equals(workflowType(connection, temporal, workflowId))) {
                return TemporalPipelines.resume(terminus, connection, temporal, workflowId, answer, json);
            }
            ScenarioRuns runs = connection.scenarios();
            AgentRunInput input = input(connection, temporal, workflowId);
            PendingGate gate = TemporalConnection.call("the gate query of workflow " + workflowId,
                    () -> runs.pendingGate(workflowId));
            if (gate == null) {
                throw new BadInputException("workflow " + workflowId + " waits at no gate");
            }
            GateAnswer sent = sent(answer, gate);
            try {
                gate.check(sent); // as the workflow's update validator would, before anything is sent
            } catch (IllegalArgumentException e) {
                throw new BadInputException("workflow " + workflowId + ": " + e.getMessage());
            }
            ScenarioRuns.Progress progress = TemporalConnection.call("the answer to workflow " + workflowId,
                    () -> runs.answer(workflowId, sent));
            RunView view = RunView.of(progress, agentId(input));
            if (json) {
                terminus.out.print(Wire.pretty(RunReport.json(input.agentName(), view)));
            } else {
                RunReport.text(input.agentName(), view).forEach(terminus.out::println);
            }
            if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                Pauses.printWaiting(paused, temporal, json ? terminus.err : terminus.out);
            }
            terminus.out.flush();
            return 0;
        }
    }

    /** The answer of the command line to the gate. */
    static GateAnswer sent(Answer answer, PendingGate gate) {
        return switch (answer) {
            case Answer.Approve approve -> GateAnswer.approve(gate.gateId());
            case Answer.Reject reject -> GateAnswer.reject(gate.gateId(), reject.reason());
            case Answer.Provide provide -> GateAnswer.answer(gate.gateId(), provide.content());
        };
    }

    /** The workflow's type; one line when the namespace has no such workflow. */
    private static String workflowType(TemporalConnection connection, TemporalOptions temporal, String workflowId)
            throws BadInputException {
        try {
            return WorkflowInputs.workflowType(connection.client(), workflowId);
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                throw new BadInputException("no workflow " + workflowId + " in namespace " + temporal.namespace
                        + " at " + temporal.temporal);
            }
            throw new BadInputException("--temporal: cannot read workflow " + workflowId + ": "
                    + TemporalConnection.reason(e));
        } catch (RuntimeException e) {
            throw new BadInputException("workflow " + workflowId + " is not a terminus run: " + e.getMessage());
        }
    }

    /** The workflow's input; one line when the namespace has no such workflow. */
    private static AgentRunInput input(TemporalConnection connection, TemporalOptions temporal, String workflowId)
            throws BadInputException {
        try {
            return WorkflowInputs.of(connection.client(), workflowId, "");
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                throw new BadInputException("no workflow " + workflowId + " in namespace " + temporal.namespace
                        + " at " + temporal.temporal);
            }
            throw new BadInputException("--temporal: cannot read workflow " + workflowId + ": "
                    + TemporalConnection.reason(e));
        } catch (RuntimeException e) {
            throw new BadInputException("workflow " + workflowId + " is not a terminus run: " + e.getMessage());
        }
    }

    /** The id its gate's termination names: the scenario's agent's configured name, or the registered agent's. */
    private static String agentId(AgentRunInput input) {
        if (input.definition() == null) {
            return input.agentName();
        }
        try {
            Scenario scenario = ScenarioReader.read(input.definition().getBytes(StandardCharsets.UTF_8),
                    "its scenario");
            return ScenarioAgent.of(scenario, 0, List.of(), ScenarioServers.standIns(scenario)).agent().config()
                    .name();
        } catch (ScenarioException e) {
            return input.agentName();
        }
    }
}
