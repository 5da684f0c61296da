package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.ModelResponse;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each run of a tree sits in it, as the path of tool call ids from the root: empty for the root's run (whoever
 * holds it after a handoff), {@code "call_1/"} for a child that the root's call {@code call_1} started,
 * {@code "call_1/r_2/"} for a grandchild. A tool activity's idempotency key puts it between the workflow id and the
 * call's id, so two runs of one agent, or agents whose models number their calls alike, never share a key, while a
 * call made again (a retried activity, a replay, a call made again with a person's answers) keeps it.
 *
 * <p>A child's task is the {@code task} argument of its parent's call, and its run's first user message is that task:
 * the same string, passed from the model's answer to the child's transcript. The paths are known by that string's
 * identity (not its value, so two children given the same task are told apart): each model answer of the execution
 * registers its calls' tasks under the path of the run that asked the model. A run whose first user message is no
 * registered task is the root's. The state is made by the workflow's code alone, so a replay rebuilds it; a child
 * never outlives its parent's iteration, so no path need cross a continue-as-new. Not thread-safe: one workflow thread.
 */
final class RunPaths {
    /** The argument of an agent offered as a tool ({@code Tools.agent}) that becomes its run's first user message. */
    private static final String TASK = "task";

    /** The path of the run each registered task starts, by the task's identity. */
    private final Map<String, String> started = new IdentityHashMap<>();

    /**
     * @param transcript a run's transcript (or a model request's messages)
     * @return the run's path: empty for the root's
     */
    String of(List<Message> transcript) {
        for (Message message : transcript) {
            if (message instanceof Message.User user) {
                return started.getOrDefault(user.content(), "");
            }
        }
        return "";
    }

    /**
     * Registers the tasks of a model answer's calls, as the runs they may start.
     *
     * @param request the messages the model was asked with: the asking run's transcript
     * @param answer the model's answer
     */
    void answered(List<Message> request, ModelResponse answer) {
        String path = null;
        for (ToolCall call : answer.message().toolCalls()) {
            if (call.arguments().get(TASK) instanceof String task) {
                if (path == null) {
                    path = of(request);
                }
                started.put(task, path + call.id() + "/");
            }
        }
    }
}
