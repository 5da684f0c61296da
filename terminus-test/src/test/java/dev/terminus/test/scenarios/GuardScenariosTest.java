package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.failing;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GuardScenariosTest {

    /** Tools {@code a} and {@code b}, each always answering the same. */
    private static AgentBuilder abAgent(ScriptedModel model) {
        return Agent.builder(model)
                .tool(Tools.of("a", "always A", (args, run) -> "A"))
                .tool(Tools.of("b", "always B", (args, run) -> "B"));
    }

    private static ScriptedModel abCycle(int rounds) {
        ScriptedModel.Builder script = ScriptedModel.builder();
        for (int i = 0; i < rounds; i++) {
            script.toolCall(i % 2 == 0 ? "a" : "b", args("q", "same"));
        }
        return script.text("unreachable").build();
    }

    @Test
    void anABABCycleOfToolCallsWithRepeatingResultsIsAStall() {
        // given
        var model = abCycle(10);
        var agent = abAgent(model).build();

        // when
        RunResult result = agent.run("go");

        // then: iterations 3 to 6 bring nothing new; the default threshold is 4
        assertThat(result).endedWith(new Termination.StallDetected(AgentConfig.DEFAULT_STALL_THRESHOLD))
                .hasIterations(6).hasToolCalls(6).isConsistent();
        assertThat(result.termination().isStuck()).isTrue();
    }

    @Test
    void aLowerStallThresholdTripsSooner() {
        // given
        var agent = abAgent(abCycle(10)).config(AgentConfig.custom().stallThreshold(2).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.StallDetected(2)).hasIterations(4).isConsistent();
    }

    @Test
    void aCompletionInTheSameIterationWinsOverAStall() {
        // given
        var agent = abAgent(abCycle(10)).config(AgentConfig.custom().stallThreshold(2).build())
                .completeWhen(run -> run.toolCallCount() >= 4, CompletionCheck.AFTER_ITERATION)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Completed()).hasIterations(4).isConsistent();
    }

    @Test
    void theSameCallAndResultThreeTimesIsNoProgressWithTheStuckMessagesAsSnapshot() {
        // given
        var model = ScriptedModel.builder()
                .toolCall("echo", args("x", 1)).toolCall("echo", args("x", 1)).toolCall("echo", args("x", 1))
                .text("unreachable")
                .build();
        var agent = Agent.builder(model).tool(echo("echo")).build();

        // when
        RunResult result = agent.run("go");

        // then
        var stuckCall = new ToolCall("call_3", "echo", Map.of("x", 1));
        assertThat(result).endedWith(new Termination.NoProgress(3, List.of(
                        new Message.Assistant("", List.of(stuckCall)),
                        new Message.ToolResult("call_3", "echo", "echo:1", false))))
                .hasIterations(3).hasToolCalls(3).isConsistent();
    }

    @Test
    void newTextBetweenIdenticalCallsIsProgress() {
        // given
        var usage = Usage.of(10, 5);
        var model = ScriptedModel.builder();
        for (int i = 1; i <= 4; i++) {
            model.respond(new dev.terminus.agent.spi.ModelResponse(
                    new Message.Assistant("thought " + i, List.of(new ToolCall("c" + i, "echo", Map.of("x", 1)))),
                    usage, dev.terminus.agent.spi.FinishReason.TOOL_CALLS));
        }
        var agent = Agent.builder(model.text("done").build()).tool(echo("echo")).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(5).hasToolCalls(4)
                .isConsistent();
    }

    @Test
    void withGuardsOffRepetitionRunsIntoTheIterationCap() {
        // given
        var script = ScriptedModel.builder();
        for (int i = 0; i < 5; i++) {
            script.toolCall("echo", args("x", 1));
        }
        var agent = Agent.builder(script.build()).tool(echo("echo"))
                .config(AgentConfig.custom().maxIterations(5).withoutNoProgressThreshold().withoutStallThreshold().build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxIterationsReached(5, 5)).isConsistent();
    }

    @Test
    void toolErrorsInARowAreConsecutiveMistakes() {
        // given
        var model = ScriptedModel.builder()
                .toolCall("broken", args("x", 1)).toolCall("broken", args("x", 2)).toolCall("broken", args("x", 3))
                .text("unreachable").build();
        var agent = Agent.builder(model).tool(failing("broken")).build();

        // when
        RunResult result = agent.run("go");

        // then: failed calls still ran, so they count as tool calls
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(3)).hasIterations(3).hasToolCalls(3)
                .isConsistent();
        assertThat(resultOf(result, "call_1"))
                .isEqualTo(new Message.ToolResult("call_1", "broken", "Error: IllegalStateException: broken is broken", true));
    }

    @Test
    void invalidArgumentsAreMistakesWhetherTheLoopOrTheToolFindsThem() {
        // given
        var strict = Tools.of("strict", "needs x",
                Map.of("type", "object", "properties", Map.of("x", Map.of("type", "integer")), "required", List.of("x")),
                (args, run) -> {
                    if (((Number) args.get("x")).intValue() < 0) {
                        throw new ToolArgumentException("x must be >= 0");
                    }
                    return "ok";
                });
        var model = ScriptedModel.builder()
                .toolCall("strict", args())
                .toolCall("strict", args("x", "one"))
                .toolCall("strict", args("x", -1))
                .text("unreachable").build();
        var agent = Agent.builder(model).tool(strict).build();

        // when
        RunResult result = agent.run("go");

        // then: the loop's refusals never ran the tool; the tool's own refusal did
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(3)).hasToolCalls(1).isConsistent();
        assertThat(toolResults(result)).extracting(Message.ToolResult::content).containsExactly(
                "Error: invalid arguments: missing required argument \"x\"",
                "Error: invalid arguments: argument \"x\" must be of type integer, was one",
                "Error: invalid arguments: x must be >= 0");
    }

    @Test
    void callsToUnknownToolsAreMistakes() {
        // given
        var model = ScriptedModel.builder()
                .toolCall("nope", args()).toolCall("nada", args()).toolCall("nope", args("y", 2))
                .text("unreachable").build();
        var agent = Agent.builder(model).tool(echo("echo")).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(3)).hasToolCalls(0).isConsistent();
        assertThat(resultOf(result, "call_1").content())
                .isEqualTo("Error: tool \"nope\" does not exist. Available tools: echo");
    }

    @Test
    void callsToToolsNotOfferedInTheFinalizationIterationAreMistakes() {
        // given: two unknown-tool mistakes, then pressure; the finalization iteration calls a registered tool
        var model = ScriptedModel.builder().usage(Usage.of(30, 0))
                .toolCall("nope", args()).toolCall("nada", args())
                .toolCall("echo", args("x", 1))
                .text("unreachable").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().tokenBudget(TokenBudget.total(100)).budgetPressureThreshold(0.5).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(3)).hasIterations(3).hasToolCalls(0)
                .isConsistent();
        assertThat(resultOf(result, "call_3").content())
                .isEqualTo("Error: tool \"echo\" is not offered now. Available tools: none");
    }

    @Test
    void aSuccessfulCallResetsTheMistakeCount() {
        // given
        var model = ScriptedModel.builder()
                .toolCall("broken", args("x", 1)).toolCall("broken", args("x", 2))
                .toolCall("echo", args("x", 3))
                .toolCall("broken", args("x", 4)).toolCall("broken", args("x", 5))
                .text("done").build();
        var agent = Agent.builder(model).tools(failing("broken"), echo("echo")).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(6).hasToolCalls(5)
                .isConsistent();
    }

    @Test
    void aLowerMistakeThresholdTripsOnTheFirstMistake() {
        // given
        var model = ScriptedModel.builder().toolCall("nope", args()).text("unreachable").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().maxConsecutiveMistakes(1).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(1)).hasIterations(1).isConsistent();
    }
}
