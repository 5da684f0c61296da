package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.agent.control.Continuation;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run goes on with the agent it was handed to: the transcript so far, led by the new agent's system prompt
 * instead of the old one's (the leading system message) (or by none, when the new agent has none), and everything else the run counted (its
 * iterations, tool calls, usage, cost, time and mistakes), so the new agent's limits apply to the run's totals.
 */
final class Handoffs {
    private Handoffs() {}

    /**
     * @param transcript a run's transcript
     * @return how many times the run was handed over: its transfer calls that succeeded, each answered "Transferred
     *     to ..." by a handoff tool (the transcript is what a checkpoint and a continuation carry)
     */
    static int used(List<Message> transcript) {
        int used = 0;
        for (Message message : transcript) {
            if (message instanceof Message.ToolResult result && !result.error() && result.toolName() != null
                    && result.toolName().startsWith(HandoffTool.PREFIX)
                    && result.content().startsWith(HandoffTool.TRANSFERRED)) {
                used++;
            }
        }
        return used;
    }

    /**
     * @param handedOver where the run stands at the end of the round that handed it over
     * @param next the agent it is handed to
     * @return where the new agent's run goes on from
     */
    static Continuation continuation(Continuation handedOver, AgentSpec next) {
        List<Message> transcript = new ArrayList<>(handedOver.transcript());
        if (!transcript.isEmpty() && transcript.getFirst() instanceof Message.System) {
            transcript.removeFirst(); // the old agent's prompt; a summary further on stays
        }
        next.config().systemPrompt().ifPresent(prompt -> transcript.addFirst(new Message.System(prompt)));
        return new Continuation(next.config().name(), next.model().name(), Resumption.fingerprint(next),
                List.copyOf(transcript), handedOver.iterations(), handedOver.toolCalls(), handedOver.usage(),
                handedOver.costUsd(), handedOver.records(), handedOver.elapsed(), handedOver.consecutiveMistakes(),
                handedOver.repairsUsed(), handedOver.finalizing(), handedOver.progress());
    }
}
