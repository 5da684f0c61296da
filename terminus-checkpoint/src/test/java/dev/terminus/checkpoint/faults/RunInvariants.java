package dev.terminus.checkpoint.faults;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.jackson.TerminusModule;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The invariants every run of the agent loop keeps, whatever happened in it: one result published, every tool call
 * answered once, no cap or budget overshot, a termination whose facts are the run's own figures, and a result that
 * survives the wire format. The fault-schedule properties check each result with these.
 */
final class RunInvariants {
    private static final ObjectMapper WIRE = JsonMapper.builder().addModule(new TerminusModule()).build();

    private RunInvariants() {}

    /**
     * Checks that the run published exactly the results it returned, one {@code RunTerminated} each, in order, and
     * that it is the last event.
     *
     * @param results what the calls of the run (and of its resumes) returned
     * @param events every event the agent's listener received
     */
    static void publishedOnce(List<RunResult> results, List<AgentEvent> events) {
        List<RunResult> published = events.stream()
                .filter(AgentEvent.RunTerminated.class::isInstance)
                .map(event -> ((AgentEvent.RunTerminated) event).result())
                .toList();
        assertThat(published).as("results published").containsExactlyElementsOf(results);
        assertThat(events.getLast()).as("the last event").isInstanceOf(AgentEvent.RunTerminated.class);
    }

    /**
     * Checks one result against the configuration of the agent that produced it.
     *
     * @param result the result
     * @param config the agent's configuration
     * @param callUsages the usage of every model call that answered up to this result (of earlier segments of a
     *     resumed run too), in order
     * @param timeSlackMs how far past its time budget a run may end on its clock: the grace, and whatever a call
     *     that ignores interrupts without saying so holds it
     */
    static void check(RunResult result, AgentConfig config, List<Usage> callUsages, long timeSlackMs) {
        assertThat(result.termination()).isNotNull();
        assertThat(result).isConsistent();
        everyCallAnsweredOnce(result);
        assertThat(result.outcome()).as("outcome").isEqualTo(result.termination().defaultOutcome());
        withinCaps(result, config, callUsages, timeSlackMs);
        factsAreTheRunsFigures(result, config);
        survivesTheWire(result);
    }

    /**
     * Every tool call has exactly one result, but for a run paused at an approval gate: its last round waits, the
     * gated call unanswered.
     */
    private static void everyCallAnsweredOnce(RunResult result) {
        if (!(result.termination() instanceof Termination.HitlGatePending)) {
            assertThat(result).hasEveryToolCallAnsweredOnce();
            return;
        }
        List<Message> transcript = result.transcript();
        int lastRound = 0;
        for (int i = 0; i < transcript.size(); i++) {
            if (transcript.get(i) instanceof Message.Assistant) {
                lastRound = i;
            }
        }
        RunResult before = result.toBuilder().transcript(transcript.subList(0, lastRound)).build();
        assertThat(before).as("the rounds before the gate").hasEveryToolCallAnsweredOnce();
        Message.Assistant gated = (Message.Assistant) transcript.get(lastRound);
        List<String> answered = transcript.subList(lastRound, transcript.size()).stream()
                .filter(Message.ToolResult.class::isInstance)
                .map(message -> ((Message.ToolResult) message).toolCallId())
                .toList();
        assertThat(answered).as("results in the gated round").doesNotHaveDuplicates()
                .isSubsetOf(gated.toolCalls().stream().map(call -> call.id()).toList());
        assertThat(gated.toolCalls()).as("the gated call waits for its answer")
                .anySatisfy(call -> assertThat(call.name().equals("guarded") && !answered.contains(call.id())).isTrue());
    }

    private static void withinCaps(RunResult result, AgentConfig config, List<Usage> callUsages, long timeSlackMs) {
        assertThat(result.iterations().size()).as("iterations").isLessThanOrEqualTo(config.maxIterations());
        config.maxToolCalls().ifPresent(cap -> assertThat(result.toolCalls()).as("tool calls").isLessThanOrEqualTo(cap));
        long before = 0;
        BigDecimal spentBefore = BigDecimal.ZERO;
        ModelPrice price = config.prices().priceOf("script").orElseThrow();
        for (Usage usage : callUsages) {
            // a call is only made with budget left: what was spent before it is within the budget
            Long tokens = config.tokenBudget().total();
            if (tokens != null) {
                assertThat(before).as("tokens spent before a model call").isLessThanOrEqualTo(tokens);
            }
            BigDecimal spent = spentBefore;
            config.costBudgetUsd().ifPresent(cost ->
                    assertThat(spent).as("cost spent before a model call").isLessThanOrEqualTo(cost));
            before += usage.totalTokens();
            spentBefore = spentBefore.add(price.cost(usage));
        }
        assertThat(result.usage().totalTokens()).as("tokens counted").isEqualTo(before);
        assertThat(result.costUsd()).as("cost counted").isEqualByComparingTo(price.cost(result.usage()));
        if (config.timeBudget().isPresent()) {
            Duration budget = config.timeBudget().orElseThrow();
            assertThat(result.duration()).as("duration on the run's clock")
                    .isLessThanOrEqualTo(budget.plusMillis(timeSlackMs));
        } else {
            assertThat(result.termination()).isNotInstanceOf(Termination.TimeBudgetExhausted.class);
        }
    }

    private static void factsAreTheRunsFigures(RunResult result, AgentConfig config) {
        switch (result.termination()) {
            case Termination.MaxIterationsReached max -> assertThat(max)
                    .isEqualTo(new Termination.MaxIterationsReached(config.maxIterations(), result.iterations().size()));
            case Termination.MaxToolCallsReached max -> assertThat(max)
                    .isEqualTo(new Termination.MaxToolCallsReached(config.maxToolCalls().orElseThrow(),
                            result.toolCalls()));
            case Termination.TokenBudgetExhausted tokens -> assertThat(tokens).isEqualTo(
                    new Termination.TokenBudgetExhausted(result.usage().totalTokens(),
                            config.tokenBudget().total(), TokenKind.TOTAL));
            case Termination.CostBudgetExhausted cost -> {
                assertThat(cost.spentUsd()).as("spent").isEqualByComparingTo(result.costUsd());
                assertThat(cost.limitUsd()).as("limit").isEqualByComparingTo(config.costBudgetUsd().orElseThrow());
            }
            case Termination.TimeBudgetExhausted time -> {
                assertThat(time.limitMs()).as("limit").isEqualTo(config.timeBudget().orElseThrow().toMillis());
                assertThat(time.elapsedMs()).as("elapsed").isBetween(time.limitMs(), result.duration().toMillis());
            }
            case Termination.BudgetPressure pressure ->
                    assertThat(pressure.threshold()).isEqualTo(config.budgetPressureThreshold().orElseThrow());
            case Termination.ConsecutiveMistakes mistakes ->
                    assertThat(mistakes.threshold()).isEqualTo(config.maxConsecutiveMistakes().orElseThrow());
            case Termination.StallDetected stall ->
                    assertThat(stall.consecutiveThreshold()).isEqualTo(config.stallThreshold().orElseThrow());
            case Termination.NoProgress none ->
                    assertThat(none.unproductiveIterations()).isEqualTo(config.noProgressThreshold().orElseThrow());
            case Termination.StructuredOutputRetriesExhausted repairs ->
                    assertThat(repairs.limit()).isEqualTo(config.structuredOutputRepairs());
            case Termination.Submitted submitted ->
                    assertThat(submitted.toolName()).isEqualTo(config.finalAnswerTool().orElseThrow());
            case Termination.HitlGatePending gate -> assertThat(result.checkpoint()).as("checkpoint")
                    .hasValueSatisfying(checkpoint -> assertThat(checkpoint.gate()).isEqualTo(gate));
            default -> { }
        }
        if (!(result.termination() instanceof Termination.HitlGatePending)) {
            assertThat(result.checkpoint()).as("a checkpoint without a gate").isEmpty();
        }
    }

    /** The termination and the transcript read back from the wire format equal to what was written. */
    static void survivesTheWire(RunResult result) {
        try {
            String termination = WIRE.writeValueAsString(result.termination());
            assertThat(WIRE.readValue(termination, Termination.class)).as("termination through the wire")
                    .isEqualTo(result.termination());
            String transcript = WIRE.writeValueAsString(result.transcript());
            List<Message> back = WIRE.readValue(transcript, new TypeReference<List<Message>>() {});
            assertThat(back).as("transcript through the wire").isEqualTo(result.transcript());
        } catch (Exception e) {
            throw new AssertionError("the wire format refused " + result, e);
        }
    }

    /** @return the cancel request the termination names, when it is a cancel */
    static @Nullable String cancelledBy(RunResult result) {
        return result.termination() instanceof Termination.Cancelled cancelled ? cancelled.requestedBy() : null;
    }
}
