package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.assertEveryCallAnsweredOnce;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HookScenariosTest {

    private static ScriptedModel echoThenDone() {
        return ScriptedModel.builder().usage(Usage.of(10, 5))
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2))))
                .text("done").build();
    }

    @Test
    void aBeforeModelHookHaltsBeforeTheModelIsCalled() {
        // given
        var model = echoThenDone();
        var agent = Agent.builder(model).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision beforeModel(RunContext run, ModelRequest request) {
                return run.iteration() == 2 ? HookDecision.halt("no second call") : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("before-model-hook", "no second call")).hasIterations(2)
                .hasToolCalls(2).isConsistent();
        assertThat(result.termination().category()).isEqualTo(Category.FATAL);
        assertThat(model.calls()).isEqualTo(1);
        assertThat(result.iterations().get(1).usage()).isEqualTo(Usage.ZERO);
    }

    @Test
    void anAfterModelHookHaltsBeforeAnyToolRuns() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoThenDone()).tool(echo("echo", calls)).hook(new AgentHook() {
            @Override
            public HookDecision afterModel(RunContext run, ModelResponse response) {
                return response.message().toolCalls().isEmpty() ? HookDecision.proceed()
                        : HookDecision.halt("tools are off today");
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("after-model-hook", "tools are off today"))
                .hasIterations(1).hasToolCalls(0).isConsistent();
        assertThat(calls).hasValue(0);
        assertThat(result.usage()).isEqualTo(Usage.of(10, 5));
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aBeforeToolHookHaltsWithoutRunningTheTool() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(echoThenDone()).tool(echo("echo", calls)).hook(new AgentHook() {
            @Override
            public HookDecision beforeTool(RunContext run, ToolCall call) {
                return call.arguments().get("x").equals(2) ? HookDecision.halt("x=2 is forbidden") : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("before-tool-hook", "x=2 is forbidden")).hasToolCalls(1)
                .isConsistent();
        assertThat(calls).hasValue(1);
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: halted by a hook.");
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void anAfterToolHookHaltsOnAResult() {
        // given
        var agent = Agent.builder(echoThenDone()).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                return result.content().equals("echo:1") ? HookDecision.halt("saw echo:1") : HookDecision.proceed();
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("after-tool-hook", "saw echo:1")).hasToolCalls(1)
                .isConsistent();
        assertThat(resultOf(result, "call_1").content()).isEqualTo("echo:1");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (Halted).");
    }

    @Test
    void aToolThrowingHaltExceptionHaltsWithTheToolAsSource() {
        // given
        var model = ScriptedModel.builder().toolCall("deploy", args("env", "prod")).text("unreachable").build();
        var agent = Agent.builder(model).tool(Tools.of("deploy", "deploys", (args, run) -> {
            throw new HaltException("production is frozen");
        })).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("tool:deploy", "production is frozen")).hasIterations(1)
                .isConsistent();
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aToolOnItsOwnThreadThrowingHaltExceptionHaltsToo() {
        // given
        var model = ScriptedModel.builder().toolCall("deploy", args()).build();
        var agent = Agent.builder(model).tool(Tools.of("deploy", "deploys", (args, run) -> {
            throw new HaltException("frozen");
        })).config(AgentConfig.custom().toolTimeout(java.time.Duration.ofSeconds(5)).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("tool:deploy", "frozen")).isConsistent();
    }

    @Test
    void aHookThatThrowsFailsTheRunAsInternal() {
        // given
        var bug = new IllegalStateException("hook bug");
        var agent = Agent.builder(echoThenDone()).tool(echo("echo")).hook(new AgentHook() {
            @Override
            public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                throw bug;
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalStateException",
                "hook bug", ErrorCategory.INTERNAL))).hasIterations(1).isConsistent();
        assertThat(((Termination.Failed) result.termination()).liveCause()).containsSame(bug);
        assertThat(result.termination().category()).isEqualTo(Category.FATAL);
    }

    @Test
    void aBeforeModelHookThatThrowsFailsTheRunAsInternal() {
        // given
        var agent = Agent.builder(echoThenDone()).hook(new AgentHook() {
            @Override
            public HookDecision beforeModel(RunContext run, ModelRequest request) {
                throw new UnsupportedOperationException("nope");
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.UnsupportedOperationException",
                "nope", ErrorCategory.INTERNAL))).hasIterations(1).isConsistent();
    }

    @Test
    void aCompletionPredicateThatThrowsFailsTheRunAsInternal() {
        // given
        var agent = Agent.builder(echoThenDone()).tool(echo("echo"))
                .completeWhen(run -> {
                    throw new IllegalArgumentException("bad predicate");
                }, CompletionCheck.AFTER_EACH_TOOL_CALL)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Failed(new ErrorInfo("java.lang.IllegalArgumentException",
                "bad predicate", ErrorCategory.INTERNAL))).isConsistent();
    }

    @Test
    void aUserSimulatorThatThrowsFailsTheRun() {
        // given
        var agent = Agent.builder(ScriptedModel.builder().text("draft").build())
                .userSimulator((run, answer) -> {
                    throw new java.io.IOException("simulator offline");
                })
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class)
                .satisfies(failed -> assertThat(failed.error().type()).isEqualTo("java.io.IOException"));
        assertThat(result).isConsistent();
    }
}
