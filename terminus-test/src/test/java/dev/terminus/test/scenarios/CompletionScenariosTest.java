package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.scripted.ScriptedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CompletionScenariosTest {

    private static ScriptedModel threeCallsThenText() {
        return ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("first", args("x", 1)), Map.entry("second", args("x", 2)),
                        Map.entry("third", args("x", 3))))
                .text("done")
                .build();
    }

    @Test
    void anAnswerWithoutToolCallsEndsTheRunNaturally() {
        // given
        var model = ScriptedModel.builder().usage(Usage.of(12, 7)).text("the answer is 42").build();
        var agent = Agent.builder(model).tool(echo("echo")).build();

        // when
        RunResult result = agent.run("what is the answer?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasOutcome(Outcome.SUCCEEDED)
                .hasIterations(1).hasToolCalls(0).isConsistent();
        assertThat(result.finalAnswer()).contains("the answer is 42");
        assertThat(result.usage()).isEqualTo(Usage.of(12, 7));
        assertThat(result.transcript()).containsExactly(new Message.User("what is the answer?"),
                Message.Assistant.of("the answer is 42"));
    }

    @Test
    void theCompletionPredicateEndsTheRunCompletedAfterTheIterationWhereItHolds() {
        // given
        var model = ScriptedModel.builder()
                .toolCall("echo", args("x", 1)).toolCall("echo", args("x", 2)).toolCall("echo", args("x", 3))
                .build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .completeWhen(run -> run.toolCallCount() >= 2, CompletionCheck.AFTER_ITERATION)
                .build();

        // when
        RunResult result = agent.run("echo until done");

        // then
        assertThat(result).endedWith(new Termination.Completed()).hasIterations(2).hasToolCalls(2).isConsistent();
        assertThat(model.calls()).isEqualTo(2);
    }

    @Test
    void afterEachToolCallTheEarlyCompletionSkipsTheRestOfTheRound() {
        // given
        var calls = new AtomicInteger();
        var model = threeCallsThenText();
        var agent = Agent.builder(model)
                .tools(echo("first", calls), echo("second", calls), echo("third", calls))
                .completeWhen(run -> run.toolCallCount() >= 2, CompletionCheck.AFTER_EACH_TOOL_CALL)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.CompletedEarlyAfterToolCall("second")).hasIterations(1)
                .hasToolCalls(2).isConsistent();
        assertThat(calls).hasValue(2);
        Message.ToolResult skipped = resultOf(result, "call_3");
        assertThat(skipped.error()).isTrue();
        assertThat(skipped.content()).isEqualTo("Not run: the run ended (CompletedEarlyAfterToolCall).");
        Scenarios.assertEveryCallAnsweredOnce(result);
    }

    @Test
    void afterTheToolRoundTheEarlyCompletionNamesTheRoundsLastTool() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(threeCallsThenText())
                .tools(echo("first", calls), echo("second", calls), echo("third", calls))
                .completeWhen(run -> run.toolCallCount() >= 1, CompletionCheck.AFTER_TOOL_ROUND)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.CompletedEarlyAfterToolCall("third")).hasIterations(1)
                .hasToolCalls(3).isConsistent();
        assertThat(calls).hasValue(3);
        assertThat(toolResults(result)).extracting(Message.ToolResult::content)
                .containsExactly("first:1", "second:2", "third:3");
    }

    @Test
    void afterIterationTheSameRoundEndsCompletedInstead() {
        // given
        var calls = new AtomicInteger();
        var agent = Agent.builder(threeCallsThenText())
                .tools(echo("first", calls), echo("second", calls), echo("third", calls))
                .completeWhen(run -> run.toolCallCount() >= 1, CompletionCheck.AFTER_ITERATION)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Completed()).hasIterations(1).hasToolCalls(3).isConsistent();
        assertThat(calls).hasValue(3);
    }

    @Test
    void callingTheConfiguredFinalAnswerToolSubmitsWithoutARegisteredTool() {
        // given
        var model = ScriptedModel.builder().recordRequests()
                .toolCall("echo", args("x", 1))
                .toolCall("submit", args("answer", "Oslo"))
                .build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().finalAnswerTool("submit").build())
                .build();

        // when
        RunResult result = agent.run("which city?");

        // then
        assertThat(result).endedWith(new Termination.Submitted("submit")).hasOutcome(Outcome.SUCCEEDED)
                .hasIterations(2).hasToolCalls(1).isConsistent();
        assertThat(result.finalAnswer()).contains("Oslo");
        assertThat(model.requests().getFirst().tools()).extracting(ToolSpec::name).containsExactly("echo", "submit");
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Submitted.");
    }

    @Test
    void callingARegisteredFinalAnswerToolChecksItsArgumentsThenSubmitsThemAsJson() {
        // given
        var submit = Tools.of("submit", "Submits the answer",
                Map.of("type", "object",
                        "properties", Map.of("city", Map.of("type", "string"), "degrees", Map.of("type", "integer")),
                        "required", List.of("city", "degrees")),
                (args, run) -> "ok");
        var model = ScriptedModel.builder()
                .toolCall("submit", args("city", "Oslo"))
                .toolCall("submit", args("city", "Oslo", "degrees", 4))
                .build();
        var agent = Agent.builder(model).tool(submit)
                .config(AgentConfig.custom().finalAnswerTool("submit").build())
                .build();

        // when
        RunResult result = agent.run("weather?");

        // then
        assertThat(result).endedWith(new Termination.Submitted("submit")).hasIterations(2).isConsistent();
        assertThat(resultOf(result, "call_1").content()).isEqualTo("Error: invalid arguments: missing required argument \"degrees\"");
        assertThat(resultOf(result, "call_1").error()).isTrue();
        assertThat(result.finalAnswer()).contains("{\"city\":\"Oslo\",\"degrees\":4}");
    }

    @Test
    void theFinalAnswerToolEndsTheRoundAndLaterCallsAreNotRun() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("submit", args("answer", "x")), Map.entry("echo", args("x", 1))))
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().finalAnswerTool("submit").build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Submitted("submit")).hasToolCalls(0).isConsistent();
        assertThat(calls).hasValue(0);
        assertThat(resultOf(result, "call_2").content()).isEqualTo("Not run: the run ended (Submitted).");
    }

    @Test
    void aUserSimulatorThatRepliesOnceThenIsSatisfiedEndsUserSatisfied() {
        // given
        var model = ScriptedModel.builder().text("a first draft").text("the final version").build();
        List<String> heard = new ArrayList<>();
        var agent = Agent.builder(model)
                .userSimulator((run, answer) -> {
                    heard.add(answer.content());
                    return heard.size() == 1 ? UserTurn.reply("make it shorter") : UserTurn.satisfied("###STOP###");
                })
                .build();

        // when
        RunResult result = agent.run("write a haiku");

        // then
        assertThat(result).endedWith(new Termination.UserSatisfied("###STOP###")).hasOutcome(Outcome.SUCCEEDED)
                .hasIterations(2).hasToolCalls(0).isConsistent();
        assertThat(heard).containsExactly("a first draft", "the final version");
        assertThat(result.transcript()).containsExactly(new Message.User("write a haiku"),
                Message.Assistant.of("a first draft"), new Message.User("make it shorter"),
                Message.Assistant.of("the final version"));
        assertThat(result.finalAnswer()).contains("the final version");
    }
    @Test
    void aCompletionReachedByAFailingCallWinsOverTheMistakeThatCallAlsoWas() {
        // given: a threshold of one mistake, and completion as soon as any tool was called
        var model = ScriptedModel.builder().toolCall("broken", args("x", 1)).text("never reached").build();
        var agent = Agent.builder(model).tool(Scenarios.failing("broken"))
                .config(AgentConfig.custom().maxConsecutiveMistakes(1).build())
                .completeWhen(run -> run.toolCallCount() >= 1, CompletionCheck.AFTER_EACH_TOOL_CALL)
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.CompletedEarlyAfterToolCall("broken")).hasToolCalls(1)
                .isConsistent();
        assertThat(resultOf(result, "call_1").error()).isTrue();
    }
}
