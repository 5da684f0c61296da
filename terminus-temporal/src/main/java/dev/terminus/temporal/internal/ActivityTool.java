package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.wire.RunSnapshot;
import dev.terminus.temporal.wire.ToolInvocation;
import io.temporal.workflow.Workflow;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The workflow's stand-in for one of an agent's tools: the real tool's spec, its calls the tool activity's, with the
 * idempotency key {@code "<workflow id>:<tool call id>"} in the run of the workflow's agent, and
 * {@code "<workflow id>:<run path><tool call id>"} in a run of an agent that a run called as a tool (its
 * {@link RunPaths path}, such as {@code "call_1/"}), and, for a call made again after a person answered its
 * request for input, the answers. A tool activity's request for input ({@code HumanInputNeeded}) is thrown here again,
 * so the run pauses at a gate as in one process.
 */
public final class ActivityTool implements Tool {
    private final String agentName;
    private final ToolSpec spec;
    private final ActivityCalls calls;
    private final TranscriptLedger ledger;
    private final RunPaths paths;

    /**
     * @param agentName the agent whose tool it is
     * @param spec the real tool's spec
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     */
    public ActivityTool(String agentName, ToolSpec spec, ActivityCalls calls, TranscriptLedger ledger) {
        this(agentName, spec, calls, ledger, new RunPaths());
    }

    /**
     * A tool of an agent of a tree, whose keys name the run that calls it.
     *
     * @param agentName the agent whose tool it is
     * @param spec the real tool's spec
     * @param calls how calls are made
     * @param ledger the workflow's transcript references, which an activity's call refers to
     * @param paths the places of the tree's runs
     */
    ActivityTool(String agentName, ToolSpec spec, ActivityCalls calls, TranscriptLedger ledger, RunPaths paths) {
        this.agentName = agentName;
        this.spec = spec;
        this.calls = calls;
        this.ledger = ledger;
        this.paths = paths;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
        String callId = callId(arguments, context);
        String key = Workflow.getInfo().getWorkflowId() + ":" + paths.of(context.transcript()) + callId;
        RunSnapshot run = calls.recorded(ActivityCalls.Kind.TOOL)
                ? RunSnapshot.of(context, ledger.refer(context.transcript()))
                : RunSnapshot.of(context);
        List<HumanInputAnswer> answers = calls.humanInputs(callId);
        if (!answers.isEmpty()) {
            run = run.withHumanInputs(answers); // the call asked a person for input: it is made again with the answers
        }
        ToolInvocation call = new ToolInvocation(agentName, spec.name(), key, arguments, run);
        return calls.call(ActivityCalls.Kind.TOOL, activities -> activities.callTool(call));
    }

    /**
     * The id of the call being made: the loop makes the calls of the last assistant message one after the other and
     * answers each before the next, so it is the first call of this tool with these arguments that has no answer yet.
     */
    private String callId(Map<String, @Nullable Object> arguments, RunContext context) {
        List<Message> transcript = context.transcript();
        Set<String> answered = new HashSet<>();
        for (int i = transcript.size() - 1; i >= 0; i--) {
            Message message = transcript.get(i);
            if (message instanceof Message.ToolResult result) {
                answered.add(result.toolCallId());
            } else if (message instanceof Message.Assistant assistant && !assistant.toolCalls().isEmpty()) {
                for (ToolCall call : assistant.toolCalls()) {
                    if (call.name().equals(spec.name()) && call.arguments().equals(arguments)
                            && !answered.contains(call.id())) {
                        return call.id();
                    }
                }
                break;
            }
        }
        return spec.name() + "#" + (context.toolCallCount() + 1);
    }
}
