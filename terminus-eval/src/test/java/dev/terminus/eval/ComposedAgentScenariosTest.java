package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Tasks run by agents that call other agents as tools or hand their runs over: rows name the agent that ended. */
@Timeout(30)
class ComposedAgentScenariosTest {
    private static final Task CAPITAL = Task.of("capital", "Write the capital of France.").expecting("Paris");

    @TempDir
    Path dir;

    /** A writer that asks its researcher child (one call), then answers "Paris" (two calls): 15 tokens a call. */
    private static Agent writer(Agent researcher) {
        return Agent.builder(ScriptedModel.builder().name("writer-model").usage(Usage.of(10, 5))
                        .toolCall("research", Map.of("task", "capital of France?")).text("Paris").build())
                .name("writer").retryPolicy(RetryPolicy.none())
                .tool(Tools.agent("research", "Finds facts", researcher)).build();
    }

    private static Agent researcher(Model model) {
        return Agent.builder(model).name("researcher").retryPolicy(RetryPolicy.none()).build();
    }

    @Test
    void aTaskRunByAnAgentThatCallsAnotherIsEvaluatedOnTheWholeTreeAndItsRowNamesTheCaller() throws IOException {
        // given: an evaluator that also checks what the child answered
        Path report = dir.resolve("report.jsonl");
        Benchmark benchmark = Benchmark.builder().task(CAPITAL)
                .agentFactory(context -> writer(researcher(ScriptedModel.builder().name("researcher-model")
                        .usage(Usage.of(10, 5)).text("Paris, on the Seine").build())))
                .evaluator((task, run) -> run.children().stream().map(ChildRun::result)
                        .anyMatch(child -> child.finalAnswer().orElse("").startsWith(task.expected()))
                        && run.finalAnswer().orElse("").equals(task.expected())
                        ? Evaluation.pass("the researcher found it and the writer wrote it")
                        : Evaluation.fail("no child found " + task.expected()))
                .build();

        // when
        ReportRow row = benchmark.run(report).rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(row.agent()).isEqualTo("writer");
        assertThat(row.usage()).as("the writer's two calls and the researcher's one").isEqualTo(Usage.of(30, 15));
        assertThat(row.toolCalls()).isEqualTo(1);
        assertThat(ReportReader.read(report)).containsExactly(row);
    }

    @Test
    void aHandedOverRunsRowNamesTheAgentThatEndedItInTheReportFile() throws IOException {
        // given
        Path report = dir.resolve("report.jsonl");
        Benchmark benchmark = Benchmark.builder().task(CAPITAL)
                .agentFactory(context -> {
                    Agent geographer = Agent.builder(ScriptedModel.builder().name("geo-model").callIdPrefix("geo_")
                            .text("Paris").build()).name("geographer").retryPolicy(RetryPolicy.none()).build();
                    return Agent.builder(ScriptedModel.builder().name("triage-model")
                                    .toolCall("transfer_to_geographer", Map.of()).text("never").build())
                            .name("triage").retryPolicy(RetryPolicy.none()).handoff(geographer).build();
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run(report).rows().getFirst();

        // then
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        assertThat(row.agent()).isEqualTo("geographer");
        assertThat(Files.readAllLines(report)).singleElement()
                .satisfies(line -> assertThat(line).endsWith(",\"agent\":\"geographer\",\"stoppedByStage\":null}"));
        assertThat(ReportReader.read(report)).containsExactly(row);
    }

    @Test
    void theTaskTimeoutStopsAChildInItsModelCallAndTheChildEndsWithATerminationOfItsOwn() throws Exception {
        // given: the researcher's model never answers, and says when it is in its call
        ManualClock clock = new ManualClock();
        ScriptedModel hanging = ScriptedModel.builder().hang().build();
        CountDownLatch called = new CountDownLatch(1);
        Model model = request -> {
            called.countDown();
            return hanging.chat(request);
        };
        CompletableFuture<RunResult> childEnd = new CompletableFuture<>();
        Benchmark benchmark = Benchmark.builder().clock(clock).task(CAPITAL).taskTimeout(Duration.ofSeconds(30))
                .agentFactory(context -> writer(Agent.builder(model).name("researcher").retryPolicy(RetryPolicy.none())
                        .listener(event -> {
                            if (event instanceof AgentEvent.RunTerminated terminated) {
                                childEnd.complete(terminated.result());
                            }
                        }).build()))
                .evaluator(Evaluators.exactMatch()).build();
        CompletableFuture<EvalReport> report = ConcurrencyScenariosTest.runInBackground(benchmark);

        // when: the timeout is scheduled and the child is inside its model call
        clock.awaitScheduled(1);
        assertThat(called.await(10, TimeUnit.SECONDS)).as("the child called its model").isTrue();
        clock.advance(Duration.ofSeconds(30));
        ReportRow row = report.get(10, TimeUnit.SECONDS).rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.TASK_TIMEOUT);
        RunResult child = childEnd.get(10, TimeUnit.SECONDS);
        assertThat(child.termination().isSuccess()).isFalse();
    }
}
