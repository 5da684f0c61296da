package dev.terminus.temporal;

import dev.terminus.temporal.wire.AgentActivities;
import dev.terminus.temporal.wire.TranscriptPage;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import org.jspecify.annotations.Nullable;

/**
 * One agent run as a Temporal workflow: the agent of the input's name, built by its {@link AgentRecipe} on proxies
 * whose calls are activities ({@link AgentActivities}) and on the workflow's clock, runs the same loop as
 * {@code Agent.run} under the workflow's control. Its time budget counts workflow time; cancelling the workflow
 * cancels the run, which ends {@code Cancelled}. Temporal closes a cancelled workflow without a value, so the output
 * of a cancelled run is read with the {@link #output()} query ({@link AgentWorkflows#output} reads either way).
 *
 * <p>A run that reaches a human gate does not end there: the workflow waits, for as long as it takes, with the
 * gate readable through the {@link #pendingGate()} query, until a person answers it with the {@link #answer} update;
 * the run then goes on in the same workflow as {@code Agent.resume} would go on. A gate waits for approval of a tool
 * call, or for the input a tool asked for in its activity ({@code HumanInputNeeded}: an MCP server's elicitation),
 * which an answer with content gives (the call is then made again with it) or a rejection declines. The wait does not
 * count against the run's time budget, as the time between a local pause and its resumption does not. Cancelling the
 * workflow while it waits ends the run {@code Cancelled}.
 *
 * <p>An agent's {@link ServedTools} (an MCP server's) are listed by an activity before the run starts; a run whose
 * served tools cannot be started ends {@code Failed} with category {@code CONFIGURATION}.
 *
 * <p>A streaming model's answer is read whole inside its model activity, silent no longer than the agent's
 * {@code streamIdleTimeout}, and fails there as it fails in one process, so the loop classifies and retries it alike;
 * its live pieces are not published to the workflow's listeners (they stay inside the activity: a listener of stream
 * events hears each answer as one piece). The text of a stream that fails or is cut stays there too: a run that ends
 * on one holds no incomplete answer in its transcript, where the same run in one process keeps the text that arrived.
 * An answer stopped at its output cap or by a content filter is marked incomplete in both.
 *
 * {@snippet :
 * AgentWorkflow workflow = client.newWorkflowStub(AgentWorkflow.class,
 *         WorkflowOptions.newBuilder().setTaskQueue("agents").setWorkflowId("order-42").build());
 * AgentRunOutput output = workflow.run(new AgentRunInput("weather", "What should I wear in Oslo today?"));
 * }
 */
@WorkflowInterface
public interface AgentWorkflow {

    /** The name of the {@link #transcript} query. */
    String TRANSCRIPT_QUERY = "transcript";

    /** Who {@code Cancelled} names when the run ended because its workflow was cancelled. */
    String CANCELLED_BY_WORKFLOW = "workflow-cancelled";

    /**
     * Runs the task to its end. Whatever happens inside the run (a failed model, a time budget, a cancellation, served
     * tools that do not start) is the output's termination: the workflow completes normally with it. The workflow
     * fails only when the input names no registered agent (or a definition its worker cannot resolve) or its recipe
     * fails.
     *
     * @param input the agent and the task
     * @return how the run ended
     */
    @WorkflowMethod
    AgentRunOutput run(AgentRunInput input);

    /**
     * The run's output once it has ended: the same as {@link #run}'s, and the only way to read it when the workflow
     * was cancelled (Temporal keeps no value for a cancelled workflow; a query of a closed workflow replays it).
     *
     * @return the output, or null while the run goes on
     */
    @QueryMethod
    @Nullable AgentRunOutput output();

    /**
     * Stops the run as a cancellation does, naming who asked: the run ends {@code Cancelled(requestedBy)} with its
     * partial result, and the workflow completes with that output (where Temporal's own cancellation closes it as
     * cancelled and names nobody). The call in flight is cancelled; a run waiting at a gate ends without a decision.
     * The first stop wins; a stop after the run ended changes nothing.
     *
     * @param requestedBy who stops it, e.g. {@code "task-timeout"}
     */
    @SignalMethod
    void stop(String requestedBy);

    /**
     * A page of the transcript this execution holds, as the model and tool activities read it: their calls refer to
     * the transcript ({@link TranscriptReference}) instead of carrying it, and an activity worker asks here for the
     * messages its copy lacks.
     *
     * @param generation the generation of the transcript the reader's reference is of
     * @param from the index of the first message wanted
     * @return the messages from {@code from} on, at most {@link TranscriptPage#MAX_BYTES} bytes of wire format (or one
     *     larger message); none when the transcript is of another generation now
     */
    @QueryMethod(name = TRANSCRIPT_QUERY)
    TranscriptPage transcript(long generation, int from);

    /**
     * The gate the run waits at.
     *
     * @return the gate, or null when the run does not wait at one
     */
    @QueryMethod
    @Nullable PendingGate pendingGate();

    /**
     * Answers the pending gate; the run goes on with the decision. The update is accepted only for the gate the run
     * waits at, once ({@link #validateAnswer}); it returns as soon as the decision is taken, not when the run ends.
     *
     * @param answer the decision, naming the pending gate
     * @return the gate it answered
     */
    @UpdateMethod
    PendingGate answer(GateAnswer answer);

    /**
     * Refuses an answer when no gate is pending, when it names another gate than the pending one, or when the
     * pending gate is answered already (the message names the gate ids), and an answer the gate does not take
     * ({@link PendingGate#check}: content at an approval gate, an approval at an input gate, content that does not
     * match the requested schema, naming the property). A refused answer leaves no trace in the workflow's history.
     *
     * @param answer the decision
     * @throws IllegalStateException when no gate is pending or it is answered already
     * @throws IllegalArgumentException when the answer names another gate or the gate does not take it
     */
    @UpdateValidatorMethod(updateName = "answer")
    void validateAnswer(GateAnswer answer);
}
