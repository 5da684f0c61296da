package dev.terminus.test;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * A run as a tool called outside the loop sees it: an agent's name, an iteration and a transcript, nothing used or
 * spent, no time gone (progress reports go nowhere).
 *
 * {@snippet :
 * // given: Tool tool
 * Object answer = tool.call(Map.of("q", "weather"), FixedRun.of("search", List.of(new Message.User("hi"))));
 * }
 *
 * @param agentName the agent's name
 * @param iteration the iteration the tool is called in
 * @param transcript the transcript so far
 */
public record FixedRun(String agentName, int iteration, List<Message> transcript) implements RunContext {

    /** Validates and copies the transcript. */
    public FixedRun {
        Preconditions.notNull(agentName, "FixedRun.agentName");
        transcript = Preconditions.immutableList(transcript, "FixedRun.transcript");
    }

    /**
     * @param agentName the agent's name
     * @param transcript the transcript so far
     * @return the run at its first iteration
     */
    public static FixedRun of(String agentName, List<Message> transcript) {
        return new FixedRun(agentName, 1, transcript);
    }

    @Override
    public int toolCallCount() {
        return 0;
    }

    @Override
    public Usage usage() {
        return Usage.ZERO;
    }

    @Override
    public BigDecimal costUsd() {
        return BigDecimal.ZERO;
    }

    @Override
    public Duration elapsed() {
        return Duration.ZERO;
    }
}
