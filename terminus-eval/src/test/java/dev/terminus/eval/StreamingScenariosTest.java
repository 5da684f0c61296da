package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report is written row by row as runs finish, and reads back to the rows the run returned. */
class StreamingScenariosTest {

    @TempDir
    Path dir;

    private static List<Task> tasks(int count) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(Task.of("t" + i, "Say " + i).expecting(Integer.toString(i)));
        }
        return tasks;
    }

    @Test
    void rowsAreInTheFileAsSoonAsTheyFinishBeforeTheRunEnds() throws IOException {
        // given: a listener that reads the file when half the task runs are done
        Path report = dir.resolve("report.jsonl");
        AtomicInteger rowsInFileAtHalf = new AtomicInteger(-1);
        ProgressListener reader = new ProgressListener() {
            @Override
            public void taskFinished(Progress progress, ReportRow row) {
                if (progress.finished() == progress.total() / 2) {
                    try {
                        rowsInFileAtHalf.set(ReportReader.read(report).size());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        };
        Benchmark benchmark = Benchmark.builder().tasks(tasks(10)).repeats(2).concurrency(4)
                .agentFactory(context -> Fixtures.answering(context.task().expected())).listener(reader)
                .evaluator(Evaluators.exactMatch()).build();

        // when
        benchmark.run(report);

        // then
        assertThat(rowsInFileAtHalf).hasValue(10);
    }

    @Test
    void theReportReadsBackToTheRowsTheRunReturned() throws IOException {
        // given: passes, failures, an agent error and a setup failure
        Path report = dir.resolve("report.jsonl");
        Benchmark benchmark = Benchmark.builder().tasks(tasks(4)).repeats(2).concurrency(3)
                .agentFactory(context -> switch (context.task().id()) {
                    case "t0" -> Fixtures.answering("0");
                    case "t1" -> Fixtures.answering("wrong");
                    case "t2" -> Fixtures.agent(dev.terminus.scripted.ScriptedModel.builder().serverError(500).build());
                    default -> throw new IllegalStateException("no agent");
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport result = benchmark.run(report);
        List<ReportRow> read = ReportReader.read(report);

        // then
        assertThat(read).containsExactlyInAnyOrderElementsOf(result.rows());
        assertThat(Files.readAllLines(report)).hasSize(8).allSatisfy(line -> assertThat(line).startsWith("{\"task\":"));
        assertThat(Summary.of(read)).isEqualTo(result.summary());
        assertThat(result.rows()).extracting(ReportRow::task, ReportRow::repeat).containsExactly(
                org.assertj.core.groups.Tuple.tuple("t0", 0), org.assertj.core.groups.Tuple.tuple("t0", 1),
                org.assertj.core.groups.Tuple.tuple("t1", 0), org.assertj.core.groups.Tuple.tuple("t1", 1),
                org.assertj.core.groups.Tuple.tuple("t2", 0), org.assertj.core.groups.Tuple.tuple("t2", 1),
                org.assertj.core.groups.Tuple.tuple("t3", 0), org.assertj.core.groups.Tuple.tuple("t3", 1));
    }

    @Test
    void aReportThatCannotBeCreatedFailsBeforeAnythingRuns() {
        // given
        AtomicInteger agentsMade = new AtomicInteger();
        Benchmark benchmark = Benchmark.builder().tasks(tasks(1))
                .agentFactory(context -> {
                    agentsMade.incrementAndGet();
                    return Fixtures.answering("0");
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when / then
        assertThatThrownBy(() -> benchmark.run(dir.resolve("missing-dir").resolve("report.jsonl")))
                .isInstanceOf(IOException.class);
        assertThat(agentsMade).hasValue(0);
    }

    @Test
    void theReportFileHasEveryFieldOfTheDocumentedLayoutInOrder() throws IOException {
        // given
        Path report = dir.resolve("report.jsonl");
        Benchmark benchmark = Benchmark.builder().task(Task.of("t1", "Say 4").expecting("4")).agent(Fixtures.answering("4"))
                .evaluator(Evaluators.exactMatch()).build();

        // when
        benchmark.run(report);

        // then
        List<String> lines = Files.readAllLines(report);
        String line = lines.getFirst();
        assertThat(lines).hasSize(1);
        assertThat(line).matches("\\{\"task\":\"t1\",\"repeat\":0,\"status\":\"SUCCESS\","
                + "\"termination\":\\{\"\\$kind\":\"NaturalCompletion\"},\"category\":\"SUCCESS\","
                + "\"outcome\":\"SUCCEEDED\",\"eval\":\\{\"passed\":true,\"score\":1.0,\"reason\":\"exact match\"},"
                + "\"usage\":\\{\"inputTokens\":10,\"outputTokens\":5,\"cachedInputTokens\":0,\"reasoningTokens\":0},"
                + "\"costUsd\":0,\"durationMs\":\\d+,\"iterations\":1,\"toolCalls\":0,\"attempt\":1,\"error\":null,"
                + "\"agent\":\"agent\",\"stoppedByStage\":null}");
    }
}
