package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.jspecify.annotations.Nullable;

/**
 * Random scripts against random limits: whatever the model, the tools and the caller do, every run ends with exactly
 * one termination, within its caps, with usage and tool calls that add up.
 */
class RandomRunPropertiesTest {

    // ------------------------------------------------------------------ the script

    sealed interface Step {}

    record Answer(String text, FinishReason finish, Usage usage) implements Step {}

    record Calls(List<Call> calls, Usage usage) implements Step {}

    record Call(String tool, Map<String, Object> arguments) {}

    /** A model failure: 0 auth, 1 rate limit, 2 server error, 3 timeout, 4 context length, 5 refused, 6 plain. */
    record Failure(int kind) implements Step {
        Exception exception() {
            return switch (kind) {
                case 0 -> new ModelException.AuthenticationFailed(401, "bad key", null);
                case 1 -> new ModelException.RateLimited("429", null);
                case 2 -> new ModelException.ServerError(503, "503", null);
                case 3 -> new ModelException.Timeout("timed out", null);
                case 4 -> new ModelException.ContextLengthExceeded(9_000L, 8_000L, "too long", null);
                case 5 -> new ModelException.Refused("refusal", "no", null);
                default -> new IllegalStateException("model bug");
            };
        }
    }

    record Pause(int millis) implements Step {}

    record Hang() implements Step {}

    record Limits(int maxIterations, @Nullable Integer maxToolCalls, @Nullable Long tokenTotal,
            @Nullable Integer timeBudgetMs, boolean guards, boolean parallel, @Nullable Integer toolTimeoutMs,
            int maxRetries) {}

    /**
     * @param enforcement how the time budget is enforced
     * @param stubbornDeclared whether the tool that ignores interrupts says so ({@code Tools.uninterruptible})
     */
    record Extras(@Nullable Integer cancelAfterMs, @Nullable Double pressure, boolean finalAnswerTool,
            @Nullable CompletionCheck completion, int graceMs, TimeBudgetEnforcement enforcement,
            boolean stubbornDeclared) {}

    record Scenario(List<Step> steps, Limits limits, Extras extras) {}

    /** Plays a script; every tool call gets a fresh id; an exhausted script answers "done". */
    static final class ScriptModel implements Model {
        private final List<Step> steps;
        private final AtomicInteger position = new AtomicInteger();
        private final AtomicInteger ids = new AtomicInteger();

        ScriptModel(List<Step> steps) {
            this.steps = steps;
        }

        @Override
        public ModelResponse chat(ModelRequest request) throws Exception {
            while (true) {
                int at = position.getAndIncrement();
                Step step = at < steps.size() ? steps.get(at) : new Answer("done", FinishReason.STOP, Usage.of(1, 1));
                switch (step) {
                    case Answer answer -> {
                        return new ModelResponse(Message.Assistant.of(answer.text()), answer.usage(), answer.finish());
                    }
                    case Calls calls -> {
                        List<ToolCall> toolCalls = new ArrayList<>();
                        for (Call call : calls.calls()) {
                            toolCalls.add(new ToolCall("id_" + ids.incrementAndGet(), call.tool(), call.arguments()));
                        }
                        return new ModelResponse(new Message.Assistant("", toolCalls), calls.usage(),
                                FinishReason.TOOL_CALLS);
                    }
                    case Failure failure -> throw failure.exception();
                    case Pause pause -> Thread.sleep(pause.millis());
                    case Hang hang -> {
                        new CountDownLatch(1).await();
                        throw new AssertionError("unreachable");
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ the property

    @Property(tries = 200, shrinking = ShrinkingMode.BOUNDED)
    void everyRunEndsWithOneTerminationWithinItsCapsAndItsNumbersAddUp(@ForAll("scenarios") Scenario scenario)
            throws Exception {
        // given
        Limits limits = scenario.limits();
        Extras extras = scenario.extras();
        Agent agent = agent(scenario);

        // when
        RunResult result;
        if (extras.cancelAfterMs() == null) {
            result = agent.run("task");
        } else {
            RunHandle handle = agent.start("task");
            Thread.sleep(extras.cancelAfterMs());
            handle.cancel("property");
            result = handle.await(Duration.ofSeconds(10))
                    .orElseThrow(() -> new AssertionError("a cancelled run did not end: " + scenario));
        }

        // then
        assertThat(result).isNotNull();
        assertThat(result.termination()).isNotNull();
        Statistics.collect(result.termination().tag());
        assertThat(result).isConsistent();
        assertThat(result.iterations().size()).as("iterations").isLessThanOrEqualTo(limits.maxIterations());
        if (limits.maxToolCalls() != null) {
            assertThat(result.toolCalls()).as("tool calls").isLessThanOrEqualTo(limits.maxToolCalls());
        }
        assertThat(result.usage()).isEqualTo(Scenarios.usageOverIterations(result));
        assertThat(result).hasEveryToolCallAnsweredOnce();
        if (limits.timeBudgetMs() != null) {
            assertThat(result.duration()).isLessThan(Duration.ofMillis(limits.timeBudgetMs() + 2_000L));
            if (result.termination() instanceof Termination.TimeBudgetExhausted exhausted) {
                assertThat(exhausted.limitMs()).isEqualTo(limits.timeBudgetMs().longValue());
            }
        } else {
            assertThat(result.termination()).isNotInstanceOf(Termination.TimeBudgetExhausted.class);
        }
        if (result.termination() instanceof Termination.Cancelled cancelled) {
            assertThat(extras.cancelAfterMs()).as("cancelled without a cancel").isNotNull();
            assertThat(cancelled.requestedBy()).isEqualTo("property");
        }
    }

    private static Agent agent(Scenario scenario) {
        Limits limits = scenario.limits();
        Extras extras = scenario.extras();
        AgentConfig.Builder config = AgentConfig.custom()
                .maxIterations(limits.maxIterations())
                .tokenBudget(limits.tokenTotal() == null ? TokenBudget.UNLIMITED : TokenBudget.total(limits.tokenTotal()))
                .parallelToolCalls(limits.parallel())
                .retryPolicy(new RetryPolicy(limits.maxRetries(), Duration.ofMillis(1), Duration.ofMillis(2), 0.5))
                .interruptGrace(Duration.ofMillis(extras.graceMs()))
                .timeBudgetEnforcement(extras.enforcement());
        if (limits.maxToolCalls() != null) {
            config.maxToolCalls(limits.maxToolCalls());
        }
        if (limits.timeBudgetMs() != null) {
            config.timeBudget(Duration.ofMillis(limits.timeBudgetMs()));
        }
        if (limits.toolTimeoutMs() != null) {
            config.toolTimeout(Duration.ofMillis(limits.toolTimeoutMs()));
        }
        if (extras.pressure() != null) {
            config.budgetPressureThreshold(extras.pressure());
        }
        if (extras.finalAnswerTool()) {
            config.finalAnswerTool("submit");
        }
        if (!limits.guards()) {
            config.withoutNoProgressThreshold().withoutStallThreshold().withoutMaxConsecutiveMistakes();
        }
        AgentBuilder builder = Agent.builder(new ScriptModel(scenario.steps())).config(config.build())
                .tool(Tools.of("echo", "echoes", (args, run) -> args))
                .tool(Tools.of("fail", "fails", (args, run) -> {
                    throw new IllegalStateException("tool failure");
                }))
                .tool(Tools.of("badargs", "refuses its arguments", (args, run) -> {
                    throw new ToolArgumentException("bad arguments");
                }))
                .tool(Tools.of("slow", "sleeps a little", (args, run) -> {
                    Thread.sleep(args.get("ms") instanceof Integer ms ? ms : 3);
                    return "slept";
                }))
                .tool(Tools.of("strict", "needs an integer x",
                        Map.of("type", "object", "properties", Map.of("x", Map.of("type", "integer")),
                                "required", List.of("x")),
                        (args, run) -> "x=" + args.get("x")))
                .tool(stubborn(extras.stubbornDeclared(), Tools.of("stubborn", "ignores interrupts for a while", (args, run) -> {
                    long until = System.nanoTime() + (args.get("ms") instanceof Integer ms ? ms : 3) * 1_000_000L;
                    while (System.nanoTime() < until) {
                        try {
                            Thread.sleep(2);
                        } catch (InterruptedException ignored) {
                            // keeps going: the run is abandoned after its grace
                        }
                    }
                    return "stubborn";
                })))
                .tool(Tools.of("halt", "halts the run", (args, run) -> {
                    throw new HaltException("stop");
                }));
        if (extras.completion() != null) {
            builder.completeWhen(run -> run.toolCallCount() >= 3, extras.completion());
        }
        return builder.build();
    }

    // ------------------------------------------------------------------ generators

    @Provide
    Arbitrary<Scenario> scenarios() {
        return Combinators.combine(scripts(), limits(), extras()).as(RandomRunPropertiesTest::withoutUnboundedHangs);
    }

    /** Free scripts, and scripts that repeat a few steps over and over (so the progress guards get to trip). */
    private Arbitrary<List<Step>> scripts() {
        Arbitrary<List<Step>> free = steps().list().ofMaxSize(10);
        Arbitrary<List<Step>> repeating = Combinators.combine(steps().list().ofMinSize(1).ofMaxSize(3),
                Arbitraries.integers().between(0, 2).list().ofMinSize(3).ofMaxSize(10))
                .as((pool, picks) -> picks.stream().map(i -> pool.get(i % pool.size())).toList());
        return Arbitraries.oneOf(free, repeating);
    }

    /** A hang only ends through the time budget; without one it becomes a plain answer. */
    private static Scenario withoutUnboundedHangs(List<Step> steps, Limits limits, Extras extras) {
        if (limits.timeBudgetMs() != null) {
            return new Scenario(steps, limits, extras);
        }
        List<Step> bounded = steps.stream()
                .map(step -> step instanceof Hang ? (Step) new Answer("instead of a hang", FinishReason.STOP, Usage.of(1, 1))
                        : step)
                .toList();
        return new Scenario(bounded, limits, extras);
    }

    private Arbitrary<Step> steps() {
        Arbitrary<Usage> usage = Combinators.combine(Arbitraries.integers().between(0, 30),
                Arbitraries.integers().between(0, 15)).as(Usage::of);
        Arbitrary<Step> answer = Combinators.combine(Arbitraries.of("done", "here you go", ""),
                Arbitraries.frequency(Tuple.of(16, FinishReason.STOP), Tuple.of(1, FinishReason.LENGTH),
                        Tuple.of(1, FinishReason.CONTENT_FILTER)),
                usage).as(Answer::new);
        Arbitrary<Call> call = Combinators.combine(
                Arbitraries.frequency(Tuple.of(8, "echo"), Tuple.of(2, "fail"), Tuple.of(2, "badargs"),
                        Tuple.of(2, "slow"), Tuple.of(3, "stubborn"), Tuple.of(2, "strict"), Tuple.of(2, "ghost"), Tuple.of(1, "submit"),
                        Tuple.of(1, "halt")),
                Arbitraries.<Map<String, Object>>of(Map.of(), Map.of("x", 1), Map.of("x", 2), Map.of("x", "one"),
                        Map.of("ms", 1), Map.of("ms", 8), Map.of("ms", 150), Map.of("answer", "42")))
                .as(Call::new);
        Arbitrary<Step> calls = Combinators.combine(call.list().ofMinSize(1).ofMaxSize(3), usage).as(Calls::new);
        Arbitrary<Step> failure = Arbitraries.integers().between(0, 6).map(Failure::new);
        Arbitrary<Step> pause = Arbitraries.integers().between(1, 5).map(Pause::new);
        Arbitrary<Step> hang = Arbitraries.just(new Hang());
        return Arbitraries.frequencyOf(Tuple.of(3, answer), Tuple.of(8, calls), Tuple.of(3, failure),
                Tuple.of(1, pause), Tuple.of(1, hang));
    }

    private Arbitrary<Limits> limits() {
        return Combinators.combine(
                Arbitraries.integers().between(1, 8),
                Arbitraries.integers().between(0, 6).injectNull(0.5),
                Arbitraries.longs().between(20, 300).injectNull(0.6),
                Arbitraries.integers().between(50, 300).injectNull(0.6),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.integers().between(20, 100).injectNull(0.7),
                Arbitraries.integers().between(0, 2))
                .as(Limits::new);
    }

    private Arbitrary<Extras> extras() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 40).injectNull(0.75),
                Arbitraries.of(0.5, 0.8).injectNull(0.7),
                Arbitraries.of(true, false),
                Arbitraries.of(CompletionCheck.class).injectNull(0.6),
                Arbitraries.integers().between(10, 100),
                Arbitraries.of(TimeBudgetEnforcement.class),
                Arbitraries.of(true, false))
                .as(Extras::new);
    }

    private static Tool stubborn(boolean declared, Tool tool) {
        return declared ? Tools.uninterruptible(tool) : tool;
    }
}
