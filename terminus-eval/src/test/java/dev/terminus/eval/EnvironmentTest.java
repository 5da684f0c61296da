package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EnvironmentTest {

    @Test
    void everyAttemptGetsFreshToolsOfItsOwnTask() {
        // given: a counter per environment, which the tool reports
        Map<String, Integer> calls = new ConcurrentHashMap<>();
        Environment counters = task -> {
            AtomicInteger counter = new AtomicInteger();
            return List.of(Tools.of("count", "Counts", (arguments, run) -> {
                calls.merge(task.id(), 1, Integer::sum);
                return Integer.toString(counter.incrementAndGet());
            }));
        };
        Benchmark benchmark = Benchmark.builder()
                .task(Task.of("t1", "Count").expecting("1")).task(Task.of("t2", "Count").expecting("1")).repeats(2)
                .environment(counters)
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().toolCall("count", Map.of())
                        .text("1").build()).build())
                .evaluator((task, run) -> run.transcript().stream()
                        .filter(message -> message instanceof Message.ToolResult)
                        .map(message -> ((Message.ToolResult) message).content()).toList().equals(List.of("1"))
                        ? Evaluation.pass("the counter started at 1") : Evaluation.fail("a shared counter"))
                .build();

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(report.summary().passed()).isEqualTo(4);
        assertThat(calls).containsExactlyInAnyOrderEntriesOf(Map.of("t1", 2, "t2", 2));
    }

    @Test
    void anEnvironmentReturningNullIsAnEnvironmentErrorNamingIt() {
        // when
        ReportRow row = Benchmark.builder().task(Task.of("t1", "x").expecting("y")).environment(task -> null)
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("y").build()).build())
                .evaluator(Evaluators.exactMatch()).build().run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.ENVIRONMENT_ERROR);
        assertThat(row.error().type()).isEqualTo("java.lang.NullPointerException");
    }
}
