package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.assertEveryCallAnsweredOnce;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.SuccessCriterion;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A hook ends a run with the application's own termination at each of its positions, the transcript kept whole. */
class HookEndScenariosTest {

    /** The application's own case. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    /** The application's own case that counts as success. */
    record GoodEnough() implements Termination.Extension {
        @Override public String tag() { return "GoodEnough"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    private static final QuotaExceeded QUOTA = new QuotaExceeded("acme");

    /** Iteration 1 calls echo twice (x=1, x=2); iteration 2 answers "done". */
    private static ScriptedModel echoTwiceThenDone() {
        return ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2))))
                .text("done").build();
    }

    /** A hook that ends the run before the call with x=2 runs. */
    private static AgentHook endsBeforeX2() {
        return new AgentHook() {
            @Override
            public HookDecision beforeTool(RunContext run, ToolCall call) {
                return call.arguments().get("x").equals(2) ? HookDecision.end(QUOTA) : HookDecision.proceed();
            }
        };
    }

    @Test
    void aBeforeIterationHookEndsTheRunBeforeTheIterationOpens() {
        // given
        var model = echoTwiceThenDone();
        var recorder = new Scenarios.Recorder();
        var seen = new ArrayList<List<Integer>>();
        var agent = Agent.builder(model).tool(echo("echo")).listener(recorder).hook(new AgentHook() {
            @Override
            public HookDecision beforeIteration(RunContext run, int iteration) {
                seen.add(List.of(run.iteration(), iteration));
                return iteration == 2 ? HookDecision.end(QUOTA) : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then: iteration 2 never started: one model call, one iteration, no IterationStarted for it
        assertThat(result).endedWith(QUOTA).hasIterations(1).hasToolCalls(2).hasOutcome(Outcome.FAILED)
                .isConsistent();
        assertThat(seen).containsExactly(List.of(0, 1), List.of(1, 2));
        assertThat(model.calls()).isEqualTo(1);
        assertThat(recorder.of(AgentEvent.IterationStarted.class)).extracting(AgentEvent.IterationStarted::iteration)
                .containsExactly(1);
        assertThat(recorder.of(AgentEvent.RunTerminated.class)).singleElement()
                .satisfies(terminated -> assertThat(terminated.result().termination()).isSameAs(QUOTA));
        assertThat(recorder.events.getLast()).isInstanceOf(AgentEvent.RunTerminated.class);
        assertThat(recorder.of(AgentEvent.GuardTripped.class)).isEmpty();
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aBeforeIterationHookHaltsWithItsPositionAsTheSource() {
        // given
        var model = echoTwiceThenDone();
        var agent = Agent.builder(model).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision beforeIteration(RunContext run, int iteration) {
                return HookDecision.halt("closing time");
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("before-iteration-hook", "closing time"))
                .hasIterations(0).hasToolCalls(0).isConsistent();
        assertThat(model.calls()).isZero();
    }

    @Test
    void theIterationCapIsCheckedBeforeTheBeforeIterationHooks() {
        // given
        var asked = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .config(AgentConfig.custom().maxIterations(1).build()).hook(new AgentHook() {
                    @Override
                    public HookDecision beforeIteration(RunContext run, int iteration) {
                        return asked.incrementAndGet() == 2 ? HookDecision.end(QUOTA) : HookDecision.proceed();
                    }
                }).build();

        // when
        RunResult result = agent.run("go");

        // then: the cap ended the run before the hook was asked about iteration 2
        assertThat(result).endedWith(new Termination.MaxIterationsReached(1, 1)).isConsistent();
        assertThat(asked).hasValue(1);
    }

    @Test
    void aBeforeModelHookEndsTheRunWithoutCallingTheModel() {
        // given
        var model = echoTwiceThenDone();
        var agent = Agent.builder(model).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision beforeModel(RunContext run, ModelRequest request) {
                return run.iteration() == 2 ? HookDecision.end(QUOTA) : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).hasIterations(2).hasToolCalls(2).isConsistent();
        assertThat(model.calls()).isEqualTo(1);
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void anAfterModelHookEndsTheRunAndEveryCallOfTheAnswerIsAnswered() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo", calls)).hook(new AgentHook() {
            @Override
            public HookDecision afterModel(RunContext run, ModelResponse response) {
                return HookDecision.end(QUOTA);
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).hasIterations(1).hasToolCalls(0).isConsistent();
        assertThat(calls).hasValue(0);
        assertThat(resultOf(result, "call_1").content()).isEqualTo("Not run: the run ended (QuotaExceeded).");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (QuotaExceeded).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aBeforeToolHookEndsTheRunWithoutRunningTheCall() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo", calls)).hook(endsBeforeX2()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).hasToolCalls(1).isConsistent();
        assertThat(calls).hasValue(1);
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: a hook ended the run (QuotaExceeded).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aBeforeToolHookEndsAParallelRoundAndEveryCallIsAnswered() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder().toolCalls(List.of(Map.entry("echo", args("x", 1)),
                Map.entry("echo", args("x", 2)), Map.entry("echo", args("x", 3)))).text("done").build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().parallelToolCalls(true).build()).hook(endsBeforeX2()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).hasToolCalls(1).isConsistent();
        assertThat(calls).hasValue(1);
        assertThat(resultOf(result, "call_1").content()).isEqualTo("echo:1");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: a hook ended the run (QuotaExceeded).");
        assertThat(resultOf(result, "call_3").content()).isEqualTo("Not run: the run ended (QuotaExceeded).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void anAfterToolHookEndsTheRunAndTheRestOfTheRoundIsAnswered() {
        // given
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                return result.content().equals("echo:1") ? HookDecision.end(QUOTA) : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).hasToolCalls(1).isConsistent();
        assertThat(resultOf(result, "call_1").content()).isEqualTo("echo:1");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (QuotaExceeded).");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aSuccessfulCaseOfTheApplicationIsNotReviewedAsACompletionClaim() {
        // given
        var evaluated = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .criterion(SuccessCriterion.of("never-met", (run, answer) -> {
                    evaluated.incrementAndGet();
                    return CriterionResult.notMet("more");
                }))
                .hook(new AgentHook() {
                    @Override
                    public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                        return HookDecision.end(new GoodEnough());
                    }
                }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new GoodEnough()).hasOutcome(Outcome.SUCCEEDED).isConsistent();
        assertThat(evaluated).hasValue(0);
    }

    @Test
    void aHookThatTriesToEndTheRunWithAFrameworkCaseFailsItAndEveryCallIsAnswered() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo", calls)).hook(new AgentHook() {
            @Override
            public HookDecision beforeTool(RunContext run, ToolCall call) {
                return HookDecision.end(new Termination.MaxToolCallsReached(1, 1));
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class).satisfies(failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
            assertThat(failed.error().type()).isEqualTo("java.lang.IllegalArgumentException");
            assertThat(failed.error().message()).startsWith("End.termination must be an application's own case")
                    .contains("was MaxToolCallsReached[limit=1, toolCallsUsed=1]");
        });
        assertThat(result).hasToolCalls(0).isConsistent();
        assertThat(calls).hasValue(0);
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void theFirstHookThatDoesNotProceedDecidesAndTheLaterOnesAreNotAsked() {
        // given
        var asked = new AtomicInteger();
        var agent = Agent.builder(echoTwiceThenDone()).tool(echo("echo"))
                .hook(new AgentHook() {
                    @Override
                    public HookDecision beforeModel(RunContext run, ModelRequest request) {
                        return HookDecision.end(QUOTA);
                    }
                })
                .hook(new AgentHook() {
                    @Override
                    public HookDecision beforeModel(RunContext run, ModelRequest request) {
                        asked.incrementAndGet();
                        return HookDecision.halt("second");
                    }
                }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(QUOTA).isConsistent();
        assertThat(asked).hasValue(0);
    }
}
