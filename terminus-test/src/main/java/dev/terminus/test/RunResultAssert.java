package dev.terminus.test;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.ObjectAssert;

/**
 * Assertions on a {@link RunResult}, including the invariants every result must keep.
 *
 * {@snippet :
 * TerminusAssertions.assertThat(agent.run("task"))
 *         .endedWith(new Termination.MaxToolCallsReached(3, 3))
 *         .hasToolCalls(3)
 *         .isConsistent();
 * }
 */
public final class RunResultAssert extends AbstractObjectAssert<RunResultAssert, RunResult> {

    RunResultAssert(RunResult actual) {
        super(actual, RunResultAssert.class);
    }

    /** @param expected the exact termination @return this */
    public RunResultAssert endedWith(Termination expected) {
        isNotNull();
        if (!actual.termination().equals(expected)) {
            failWithMessage("Expected the run to end with%n  %s%nbut it ended with%n  %s%ntranscript:%n%s",
                    expected, actual.termination(), transcript());
        }
        return this;
    }

    /**
     * @param type the expected case
     * @param <T> its type
     * @return an assertion on the termination, narrowed to the case
     */
    public <T extends Termination> ObjectAssert<T> endedWith(Class<T> type) {
        isNotNull();
        if (!type.isInstance(actual.termination())) {
            failWithMessage("Expected the run to end %s but it ended with%n  %s%ntranscript:%n%s",
                    type.getSimpleName(), actual.termination(), transcript());
        }
        return org.assertj.core.api.Assertions.assertThat(type.cast(actual.termination()));
    }

    /** @param outcome the expected outcome @return this */
    public RunResultAssert hasOutcome(Outcome outcome) {
        isNotNull();
        if (actual.outcome() != outcome) {
            failWithMessage("Expected outcome <%s> but was <%s>", outcome, actual.outcome());
        }
        return this;
    }

    /** @param iterations the expected number of iterations @return this */
    public RunResultAssert hasIterations(int iterations) {
        isNotNull();
        if (actual.iterations().size() != iterations) {
            failWithMessage("Expected <%s> iterations but there were <%s>", iterations, actual.iterations().size());
        }
        return this;
    }

    /** @param toolCalls the expected number of executed tool calls @return this */
    public RunResultAssert hasToolCalls(int toolCalls) {
        isNotNull();
        if (actual.toolCalls() != toolCalls) {
            failWithMessage("Expected <%s> tool calls but there were <%s>", toolCalls, actual.toolCalls());
        }
        return this;
    }

    /**
     * Checks the invariants of every result: the usage is the sum of the iterations' usage, the tool calls are the
     * sum of the iterations' tool calls, and every tool call in the transcript has exactly one result.
     *
     * @return this
     */
    public RunResultAssert isConsistent() {
        isNotNull();
        Usage sum = Usage.ZERO;
        int calls = 0;
        for (IterationRecord record : actual.iterations()) {
            sum = sum.plus(record.usage());
            calls += record.toolCalls();
        }
        if (!sum.equals(actual.usage())) {
            failWithMessage("Expected the usage <%s> to be the sum over iterations <%s>", actual.usage(), sum);
        }
        if (calls != actual.toolCalls()) {
            failWithMessage("Expected <%s> tool calls to be the sum over iterations <%s>", actual.toolCalls(), calls);
        }
        java.util.Map<String, Integer> answered = new java.util.HashMap<>();
        java.util.Set<String> asked = callsAndResults(answered);
        for (String id : asked) {
            if (answered.getOrDefault(id, 0) > 1) {
                failWithMessage("Tool call %s has %s results", id, answered.get(id));
            }
        }
        return this;
    }

    /**
     * Checks the stronger transcript invariant: every tool call the model made has exactly one result, and every
     * result answers a call.
     *
     * @return this
     */
    public RunResultAssert hasEveryToolCallAnsweredOnce() {
        isNotNull();
        java.util.Map<String, Integer> answered = new java.util.HashMap<>();
        java.util.Set<String> asked = callsAndResults(answered);
        for (String id : asked) {
            if (answered.getOrDefault(id, 0) != 1) {
                failWithMessage("Expected tool call %s to have exactly one result but it has %s in:%n%s", id,
                        answered.getOrDefault(id, 0), transcript());
            }
        }
        for (String id : answered.keySet()) {
            if (!asked.contains(id)) {
                failWithMessage("Expected every tool result to answer a call but %s answers none in:%n%s", id,
                        transcript());
            }
        }
        return this;
    }

    /**
     * @param answered filled with the number of results of each call id
     * @return the ids of the transcript's tool calls, in order
     */
    private java.util.Set<String> callsAndResults(java.util.Map<String, Integer> answered) {
        java.util.Set<String> asked = new java.util.LinkedHashSet<>();
        for (Message message : actual.transcript()) {
            if (message instanceof Message.Assistant assistant) {
                assistant.toolCalls().forEach(call -> asked.add(call.id()));
            } else if (message instanceof Message.ToolResult result) {
                answered.merge(result.toolCallId(), 1, Integer::sum);
            }
        }
        return asked;
    }

    private String transcript() {
        StringBuilder text = new StringBuilder();
        for (Message message : actual.transcript()) {
            text.append("  ").append(message).append(System.lineSeparator());
        }
        return text.toString();
    }
}
