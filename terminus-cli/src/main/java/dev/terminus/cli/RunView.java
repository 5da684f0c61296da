package dev.terminus.cli;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.AgentRunOutput;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link RunReport} shows of a run, whether it ran in this process ({@link RunResult}) or as a Temporal
 * workflow ({@link AgentRunOutput}, which carries no iteration records).
 *
 * @param termination why it stopped
 * @param outcome the dashboard outcome
 * @param finalAnswer the answer, or null
 * @param iterationCount the iterations run
 * @param toolCalls the tool calls executed
 * @param usage the tokens consumed
 * @param costUsd the money spent
 * @param duration how long it took
 * @param iterations the iteration records, or null when the run's output does not carry them
 * @param transcript every message
 */
record RunView(Termination termination, Outcome outcome, @Nullable String finalAnswer, int iterationCount,
        int toolCalls, Usage usage, BigDecimal costUsd, Duration duration, @Nullable List<IterationRecord> iterations,
        List<Message> transcript) {

    static RunView of(RunResult result) {
        return new RunView(result.termination(), result.outcome(), result.finalAnswer(), result.iterationCount(),
                result.toolCalls(), result.usage(), result.costUsd(), result.duration(), result.iterations(),
                result.transcript());
    }

    static RunView of(AgentRunOutput output) {
        return new RunView(output.termination(), output.outcome(), output.finalAnswer(), output.iterations(),
                output.toolCalls(), output.usage(), output.costUsd(), output.duration(), null, output.transcript());
    }
}
