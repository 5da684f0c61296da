package dev.terminus.agent.internal;

import dev.terminus.agent.RunResult;

/**
 * What an agent called as a tool answers when its run did not succeed: a failed tool call, counted as a mistake like
 * any other, whose message names the child's termination and its facts so that the calling model can react.
 */
final class ChildRunFailed extends Exception {
    private static final long serialVersionUID = 1L;

    ChildRunFailed(String agentName, RunResult result) {
        super("agent \"" + agentName + "\" ended " + result.termination() + " (" + result.outcome() + ")"
                + result.incompleteAnswer().map(text -> ", its answer cut short: " + text).orElse(""), null, false,
                false);
    }
}
