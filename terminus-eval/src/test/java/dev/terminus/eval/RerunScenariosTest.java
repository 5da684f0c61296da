package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rerun keeps the rows that passed or were excluded and runs again those that broke, failed or are missing. */
class RerunScenariosTest {

    private static final List<Task> TASKS = List.of(Task.of("pass", "Say a").expecting("a"), Task.of("fail", "Say b").expecting("b"),
            Task.of("broken", "Say c").expecting("c"), Task.of("capped", "Say d").expecting("d"));

    @TempDir
    Path dir;

    /** Counts the agents made per task id. */
    private final Map<String, Integer> made = new ConcurrentHashMap<>();

    private Benchmark benchmark(Map<String, String> answers, boolean setupBreaks) {
        return Benchmark.builder().tasks(TASKS).repeats(2).capacityPolicy(CapacityPolicy.EXCLUDE)
                .agentFactory(context -> {
                    made.merge(context.task().id(), 1, Integer::sum);
                    if (setupBreaks && context.task().id().equals("broken")) {
                        throw new IllegalStateException("no agent");
                    }
                    if (context.task().id().equals("capped")) {
                        return searchingForever();
                    }
                    return Fixtures.answers(answers).create(context);
                })
                .evaluator(Evaluators.exactMatch())
                .build();
    }

    /** @return an agent that stops MaxIterationsReached, a capacity stop the benchmarks exclude */
    private static Agent searchingForever() {
        ScriptedModel model = ScriptedModel.builder().toolCall("search", Map.of("q", "x")).thenRepeatLast().build();
        return Agent.builder(model).config(AgentConfig.custom().maxIterations(2).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "nothing")).build();
    }

    @Test
    void theRowsThatPassedOrWereExcludedAreKeptAndTheOthersRunAgain() throws IOException {
        // given: a first run where "fail" answers wrong and "broken" cannot be set up
        Path first = dir.resolve("first.jsonl");
        EvalReport before = benchmark(Map.of("pass", "a", "fail", "x", "capped", "d"), true).run(first);
        made.clear();

        // when: everything works now
        Path second = dir.resolve("second.jsonl");
        EvalReport after = benchmark(Map.of("pass", "a", "fail", "b", "broken", "c", "capped", "d"), false)
                .rerun(first, second);

        // then
        assertThat(made).containsOnlyKeys("fail", "broken");
        assertThat(after.kept()).isEqualTo(4);
        assertThat(after.rows()).filteredOn(row -> row.task().equals("pass"))
                .containsExactlyElementsOf(before.rows().subList(0, 2));
        assertThat(after.rows()).filteredOn(row -> row.task().equals("capped"))
                .containsExactlyElementsOf(before.rows().subList(6, 8)).allMatch(ReportRow::excluded);
        assertThat(after.summary().passed()).isEqualTo(6);
        assertThat(after.summary().excluded()).isEqualTo(2);
        assertThat(ReportReader.read(second)).containsExactlyInAnyOrderElementsOf(after.rows());
        assertThat(after.complete()).isTrue();
    }

    @Test
    void taskRunsMissingFromACutShortReportAreRun() throws IOException {
        // given: a report whose last row was cut in half by a crash
        Path first = dir.resolve("first.jsonl");
        benchmark(Map.of("pass", "a", "fail", "b", "broken", "c", "capped", "d"), false).run(first);
        List<String> lines = Files.readAllLines(first);
        String cut = String.join("\n", lines.subList(0, 5)) + "\n" + lines.get(5).substring(0, 20);
        Files.writeString(first, cut);
        made.clear();

        // when
        EvalReport after = benchmark(Map.of("pass", "a", "fail", "b", "broken", "c", "capped", "d"), false)
                .rerun(first, dir.resolve("second.jsonl"));

        // then
        assertThat(after.kept()).isEqualTo(5);
        assertThat(made.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(3);
        assertThat(after.rows()).hasSize(8);
    }

    @Test
    void rowsOfTasksTheBenchmarkDoesNotHaveAreDropped() throws IOException {
        // given
        Path first = dir.resolve("first.jsonl");
        Files.writeString(first, ReportJson.ofDefaults().write(Fixtures.evaluated("gone", 0, true, 5)) + "\n"
                + ReportJson.ofDefaults().write(Fixtures.evaluated("pass", 7, true, 5)) + "\n");

        // when
        EvalReport after = benchmark(Map.of("pass", "a", "fail", "b", "broken", "c", "capped", "d"), false)
                .rerun(first, dir.resolve("second.jsonl"));

        // then
        assertThat(after.kept()).isZero();
        assertThat(after.rows()).hasSize(8).noneMatch(row -> row.task().equals("gone") || row.repeat() == 7);
    }

    @Test
    void theNewReportMustNotBeThePreviousOne() throws IOException {
        // given
        Path first = dir.resolve("first.jsonl");
        Files.writeString(first, "");

        // when / then
        assertThatThrownBy(() -> benchmark(Map.of(), false).rerun(first, dir.resolve(".").resolve("first.jsonl")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be the previous report");
    }
}
