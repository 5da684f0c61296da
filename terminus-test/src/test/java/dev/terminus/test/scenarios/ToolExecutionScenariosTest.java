package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.assertEveryCallAnsweredOnce;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ToolExecutionScenariosTest {

    /** A tool that sleeps far longer than any timeout, counts the interrupt down, and rethrows it. */
    private static Tool slow(CountDownLatch interrupted) {
        return Tools.of("slow", "takes forever", (args, run) -> {
            try {
                Thread.sleep(30_000);
                return "slow result";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        });
    }

    private static ScriptedModel fastSlowFast() {
        return ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("slow", args()),
                        Map.entry("echo", args("x", 2))))
                .text("done").build();
    }

    @Test
    void inAParallelRoundASlowToolTimesOutAsAMistakeWhileTheOthersResultsArrive() throws InterruptedException {
        // given
        var interrupted = new CountDownLatch(1);
        var recorder = new Scenarios.Recorder();
        var agent = Agent.builder(fastSlowFast()).tools(echo("echo"), slow(interrupted)).listener(recorder)
                .config(AgentConfig.custom().parallelToolCalls(true).toolTimeout(Duration.ofMillis(200))
                        .maxConsecutiveMistakes(1).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then: the timeout is a mistake, so a threshold of 1 ends the run there, after every result is in
        assertThat(result).endedWith(new Termination.ConsecutiveMistakes(1)).hasIterations(1).isConsistent();
        assertEveryCallAnsweredOnce(result);
        assertThat(resultOf(result, "call_1")).isEqualTo(new Message.ToolResult("call_1", "echo", "echo:1", false));
        assertThat(resultOf(result, "call_2"))
                .isEqualTo(new Message.ToolResult("call_2", "slow", "Error: the tool did not answer within 200 ms", true));
        assertThat(toolResults(result)).extracting(Message.ToolResult::toolCallId)
                .containsExactly("call_1", "call_2", "call_3");
        Scenarios.assertCountedDown(interrupted);
        assertThat(recorder.of(AgentEvent.ToolCalled.class)).extracting(AgentEvent.ToolCalled::error)
                .startsWith(null, "timeout");
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aParallelRoundWithATimeoutGoesOnWhenTheMistakeIsUnderTheThreshold() throws InterruptedException {
        // given
        var interrupted = new CountDownLatch(1);
        var agent = Agent.builder(fastSlowFast()).tools(echo("echo"), slow(interrupted))
                .config(AgentConfig.custom().parallelToolCalls(true).toolTimeout(Duration.ofMillis(200)).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(3)
                .isConsistent();
        assertEveryCallAnsweredOnce(result);
        assertThat(toolResults(result)).extracting(Message.ToolResult::content)
                .containsExactly("echo:1", "Error: the tool did not answer within 200 ms", "echo:2");
        Scenarios.assertCountedDown(interrupted);
    }

    @Test
    void aSequentialRoundAppliesThePerToolTimeoutToo() throws InterruptedException {
        // given
        var interrupted = new CountDownLatch(1);
        var agent = Agent.builder(fastSlowFast()).tools(echo("echo"), slow(interrupted))
                .config(AgentConfig.custom().toolTimeout(Duration.ofMillis(100)).build())
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(3).isConsistent();
        assertThat(toolResults(result)).extracting(Message.ToolResult::content)
                .containsExactly("echo:1", "Error: the tool did not answer within 100 ms", "echo:2");
        // the interrupt lands on the tool's own thread
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).as("the timed-out tool's thread was interrupted").isTrue();
    }

    @Test
    void theCallsOfAParallelRoundRunAtTheSameTime() {
        // given: each tool waits for the other, which only works when both run at once
        var both = new CountDownLatch(2);
        Tool meet = Tools.of("meet", "waits for a partner", (args, run) -> {
            both.countDown();
            return both.await(5, TimeUnit.SECONDS) ? "met" : "alone";
        });
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("meet", args("who", "a")), Map.entry("meet", args("who", "b"))))
                .text("done").build();
        var agent = Agent.builder(model).tool(meet).config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(2).isConsistent();
        assertThat(toolResults(result)).extracting(Message.ToolResult::content).containsExactly("met", "met");
    }

    @Test
    void aParallelRoundRespectsTheToolCallCap() {
        // given
        var calls = new AtomicInteger();
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("echo", args("x", 2)),
                        Map.entry("echo", args("x", 3))))
                .build();
        var agent = Agent.builder(model).tool(echo("echo", calls))
                .config(AgentConfig.custom().parallelToolCalls(true).maxToolCalls(2).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.MaxToolCallsReached(2, 2)).hasToolCalls(2).isConsistent();
        assertThat(calls).hasValue(2);
        assertEveryCallAnsweredOnce(result);
        assertThat(toolResults(result)).extracting(Message.ToolResult::toolCallId)
                .containsExactly("call_1", "call_2", "call_3");
    }

    @Test
    void inAParallelRoundASuccessBeforeAMistakeResetsTheCountAsInOrder() {
        // given: two mistakes, then a round of a success followed by a mistake
        var model = ScriptedModel.builder()
                .toolCall("nope", args("n", 1)).toolCall("nope", args("n", 2))
                .toolCalls(List.of(Map.entry("echo", args("x", 1)), Map.entry("nope", args("n", 3))))
                .text("done").build();
        var agent = Agent.builder(model).tool(echo("echo"))
                .config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        RunResult result = agent.run("go");

        // then: in the model's order the success came first, so the count is 1, not 3
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertEveryCallAnsweredOnce(result);
    }

    @Test
    void aParallelRoundHaltedByAToolStopsTheOthers() {
        // given
        var interrupted = new CountDownLatch(1);
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("halt", args()), Map.entry("slow", args())))
                .build();
        var agent = Agent.builder(model)
                .tools(Tools.of("halt", "halts", (args, run) -> {
                    throw new dev.terminus.agent.HaltException("stop everything");
                }), slow(interrupted))
                .config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.Halted("tool:halt", "stop everything")).isConsistent();
        assertEveryCallAnsweredOnce(result);
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void resultsAreTextNullOrJson() {
        // given
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("text", args()), Map.entry("nothing", args()), Map.entry("json", args())))
                .text("done").build();
        var agent = Agent.builder(model)
                .tools(Tools.of("text", "text", (args, run) -> "plain"),
                        Tools.of("nothing", "null", (args, run) -> null),
                        Tools.of("json", "json", (args, run) -> Map.of("degrees", 4)))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(3).isConsistent();
        assertThat(toolResults(result)).extracting(Message.ToolResult::content)
                .containsExactly("plain", "", "{\"degrees\":4}");
    }

    @Test
    void aResultThatCannotBeWrittenAsJsonIsAToolError() {
        // given
        var model = ScriptedModel.builder().toolCall("weird", args()).text("done").build();
        var agent = Agent.builder(model).tool(Tools.of("weird", "returns an opaque object", (args, run) -> new Object()))
                .build();

        // when
        RunResult result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(resultOf(result, "call_1").error()).isTrue();
    }
    @Test
    void aParallelCallThatFinishedBeforeAnEarlierCallHaltedKeepsItsRealResultAndCounts() {
        // given: the first call halts the run only after the second has already finished
        var secondStarted = new CountDownLatch(1);
        var secondThread = new java.util.concurrent.atomic.AtomicReference<Thread>();
        Tool halting = Tools.of("halting", "halts once the other call is done", (args, run) -> {
            secondStarted.await(5, TimeUnit.SECONDS);
            // each parallel call runs on a thread of its own, which ends once its call has finished
            secondThread.get().join(java.time.Duration.ofSeconds(5));
            throw new dev.terminus.agent.HaltException("enough");
        });
        Tool quick = Tools.of("quick", "answers at once", (args, run) -> {
            secondThread.set(Thread.currentThread());
            secondStarted.countDown();
            return "quick result";
        });
        var model = ScriptedModel.builder()
                .toolCalls(List.of(Map.entry("halting", args()), Map.entry("quick", args())))
                .text("never reached").build();
        var agent = Agent.builder(model).tools(halting, quick)
                .config(AgentConfig.custom().parallelToolCalls(true).build()).build();

        // when
        RunResult result = agent.run("go");

        // then: the quick call ran to its end, so the transcript says what it answered and the count includes it
        assertThat(result).endedWith(new Termination.Halted("tool:halting", "enough")).hasToolCalls(1).isConsistent();
        assertEveryCallAnsweredOnce(result);
        assertThat(resultOf(result, "call_2")).isEqualTo(new Message.ToolResult("call_2", "quick", "quick result", false));
        assertThat(resultOf(result, "call_1").content()).isEqualTo("Not completed: the run ended (Halted).");
    }
}
