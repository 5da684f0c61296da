package dev.terminus.cli.temporal;

import dev.terminus.agent.HumanInputRequest;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.RunView;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.PendingGate;
import dev.terminus.temporal.WorkflowInputs;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintStream;
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
public final class WorkflowResume {

    /** The decision of the command line, before it names the gate. */
    public sealed interface Answer {
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

    /**
     * Answers the gate a workflow waits at and prints how its run then ended, or the next gate it waits at.
     *
     * @param out where results go
     * @param err where the waiting gate is told with {@code json}
     * @param env the environment (an API key may be read from it)
     * @param temporal where the workflow runs
     * @param workflowId the workflow
     * @param answer the command line's decision
     * @param json whether to print JSON
     * @return the exit status: 0
     * @throws BadInputException when no such workflow waits, or the gate does not take the answer
     */
    public static int resume(PrintStream out, PrintStream err, Map<String, String> env, TemporalOptions temporal,
            String workflowId, Answer answer, boolean json) throws BadInputException {
        if (temporal.embedded()) {
            throw new BadInputException("--temporal: " + TemporalOptions.EMBEDDED + " starts an empty server, where no"
                    + " workflow waits; give the HOST:PORT the run was started on");
        }
        try (TemporalConnection connection = TemporalConnection.open(temporal, env)) {
            if (PIPELINE.equals(workflowType(connection, temporal, workflowId))) {
                return TemporalPipelines.resume(out, err, connection, temporal, workflowId, answer, json);
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
            RunView view = progress.view(agentId(input));
            if (json) {
                out.print(Wire.pretty(RunReport.json(input.agentName(), view)));
            } else {
                RunReport.text(input.agentName(), view).forEach(out::println);
            }
            if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                printWaiting(paused, temporal, json ? err : out);
            }
            out.flush();
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
        return read(temporal, workflowId, () -> WorkflowInputs.workflowType(connection.client(), workflowId));
    }

    /** The workflow's input; one line when the namespace has no such workflow. */
    private static AgentRunInput input(TemporalConnection connection, TemporalOptions temporal, String workflowId)
            throws BadInputException {
        return read(temporal, workflowId, () -> WorkflowInputs.of(connection.client(), workflowId, ""));
    }

    /** Reads what the namespace holds of a workflow, each way it can fail said in one line. */
    private static <T> T read(TemporalOptions temporal, String workflowId, java.util.function.Supplier<T> reading)
            throws BadInputException {
        try {
            return reading.get();
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

    /**
     * Says how to continue a run that waits at a gate in its workflow: what it waits for (approval of a call, or the
     * input a tool asked for, with the question and the schema of the answer) and the command that answers it.
     *
     * @param paused the workflow and its gate
     * @param temporal where it runs
     * @param out where to say it
     */
    public static void printWaiting(ScenarioRuns.Progress.Paused paused, TemporalOptions temporal, PrintStream out) {
        out.println();
        HumanInputRequest asked = paused.gate().input();
        if (asked == null) {
            out.println("Paused for approval: " + paused.gate().summary() + " (gate " + paused.gate().gateId() + ").");
        } else {
            out.println("Paused for input: " + asked.message() + " (asked by " + asked.source() + " in a call to "
                    + paused.gate().toolName() + ", gate " + paused.gate().gateId() + ").");
            out.println("The answer is a JSON object of this schema: " + Wire.compact(asked.requestedSchema()));
        }
        if (temporal.embedded()) {
            out.println("Its workflow " + paused.workflowId() + " ends with Temporal embedded, with this command; run"
                    + " the scenario with --temporal HOST:PORT to answer the gate later.");
            return;
        }
        String namespace = "default".equals(temporal.namespace) ? "" : " --namespace " + temporal.namespace;
        out.println("It waits in workflow " + paused.workflowId() + ".");
        // the payload store first: the run's stored payloads are read with it (the workflow ID stays last)
        String store = temporal.payloadStore == null ? "" : " --payload-store " + temporal.payloadStore;
        String command = "terminus resume" + store + " --temporal " + temporal.temporal + namespace + " "
                + paused.workflowId();
        out.println(asked == null ? "Continue it: " + command + " --approve   (or --reject \"why\")"
                : "Continue it: " + command + " --answer '{...}'   (or --reject \"why\" to decline)");
    }
}
