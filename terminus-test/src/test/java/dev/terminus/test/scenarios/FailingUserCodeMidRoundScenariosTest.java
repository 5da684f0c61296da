package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A hook or a completion predicate that throws in the middle of a tool round fails the run, and every call still gets one result. */
class FailingUserCodeMidRoundScenariosTest {

    private static ScriptedModel threeCalls() {
        return ScriptedModel.builder().toolCalls(List.of(Map.entry("a", Map.of()), Map.entry("b", Map.of()),
                Map.entry("c", Map.of()))).text("never").build();
    }

    private static AgentBuilder agent() {
        return Agent.builder(threeCalls()).tools(Tools.of("a", "a", (args, run) -> "A"),
                Tools.of("b", "b", (args, run) -> "B"), Tools.of("c", "c", (args, run) -> "C"));
    }

    @Test
    void anAfterToolHookThatThrowsFailsTheRunAndTheRestOfTheRoundIsAnswered() {
        // given
        var agent = agent().hook(new AgentHook() {
            @Override
            public HookDecision afterTool(RunContext run, ToolCall call, Message.ToolResult result) {
                throw new IllegalStateException("audit log unavailable");
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class)
                .satisfies(f -> assertThat(f.error().category()).isEqualTo(ErrorCategory.INTERNAL))
                .satisfies(f -> assertThat(f.error().message()).isEqualTo("audit log unavailable"));
        assertThat(resultsPerCall(result)).containsOnlyKeys("call_1", "call_2", "call_3").allSatisfy(
                (id, count) -> assertThat(count).as("results of %s", id).isEqualTo(1L));
        assertThat(result).hasToolCalls(1).isConsistent();
    }

    @Test
    void aBeforeToolHookThatThrowsFailsTheRunAndEveryCallIsAnswered() {
        // given
        var agent = agent().hook(new AgentHook() {
            @Override
            public HookDecision beforeTool(RunContext run, ToolCall call) {
                throw new IllegalStateException("policy service down");
            }
        }).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class);
        assertThat(resultsPerCall(result)).containsOnlyKeys("call_1", "call_2", "call_3")
                .allSatisfy((id, count) -> assertThat(count).isEqualTo(1L));
        assertThat(result).hasToolCalls(0).isConsistent();
    }

    @Test
    void aCompletionPredicateThatThrowsAfterACallFailsTheRunAndTheRestIsAnswered() {
        // given
        var agent = agent().completeWhen(run -> {
            throw new IllegalStateException("cannot tell");
        }, CompletionCheck.AFTER_EACH_TOOL_CALL).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.Failed.class);
        assertThat(resultsPerCall(result)).containsOnlyKeys("call_1", "call_2", "call_3")
                .allSatisfy((id, count) -> assertThat(count).isEqualTo(1L));
    }

    private static Map<String, Long> resultsPerCall(RunResult result) {
        return result.transcript().stream().filter(Message.ToolResult.class::isInstance)
                .map(m -> ((Message.ToolResult) m).toolCallId())
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
    }
}
