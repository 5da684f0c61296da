package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume keeps every row of its report, runs only the task runs missing from it, and repairs what a killed process
 * or a damaged file left: a torn last line, rows of other tasks, repeated rows; a report of another benchmark is refused.
 */
class ResumeScenariosTest {

    private static final List<Task> TASKS = List.of(Task.of("a", "Say a").expecting("a"), Task.of("b", "Say b").expecting("b"));
    private static final Map<String, String> ANSWERS = Map.of("a", "a", "b", "wrong");

    @TempDir
    Path dir;

    /** Counts the agents made per task id. */
    private final Map<String, Integer> made = new ConcurrentHashMap<>();
    private final List<String> notices = new ArrayList<>();

    private Benchmark benchmark(String identity) {
        return Benchmark.builder().tasks(TASKS).repeats(2).identity(identity)
                .agentFactory(context -> {
                    made.merge(context.task().id(), 1, Integer::sum);
                    return Fixtures.answers(ANSWERS).create(context);
                })
                .evaluator(Evaluators.exactMatch())
                .build();
    }

    private Path finished() throws IOException {
        Path report = dir.resolve("report.jsonl");
        benchmark("suite-1").run(report);
        made.clear();
        return report;
    }

    @Test
    void theRowsOfTheReportAreKeptWhateverTheirStatusAndOnlyTheMissingTaskRunsRun() throws IOException {
        // given: a report holding the first three of four rows, one of them failed
        Path report = finished();
        List<String> lines = Files.readAllLines(report);
        Files.writeString(report, String.join("\n", lines.subList(0, 3)) + "\n");
        List<ReportRow> before = ReportReader.read(report);

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(made.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(1);
        assertThat(after.kept()).isEqualTo(3);
        assertThat(after.complete()).isTrue();
        assertThat(after.rows()).hasSize(4).containsAll(before);
        assertThat(ReportReader.read(report)).hasSize(4).startsWith(before.toArray(ReportRow[]::new))
                .containsExactlyInAnyOrderElementsOf(after.rows());
        assertThat(notices).isEmpty();
    }

    @Test
    void resumingAFinishedReportRunsNothingAndLeavesTheFileAsItWas() throws IOException {
        // given
        Path report = finished();
        byte[] before = Files.readAllBytes(report);

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(made).isEmpty();
        assertThat(after.kept()).isEqualTo(4);
        assertThat(Files.readAllBytes(report)).isEqualTo(before);
    }

    @Test
    void aMissingReportRunsEveryTaskRunAndRecordsTheIdentity() throws IOException {
        // given
        Path report = dir.resolve("report.jsonl");

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(after.kept()).isZero();
        assertThat(ReportReader.read(report)).hasSize(4);
        assertThat(dir.resolve("report.jsonl.identity")).hasContent("suite-1");
    }

    @Test
    void aTornLastLineIsToldInOneLineCutOffAndItsTaskRunRunsAgain() throws IOException {
        // given: the last row cut inside a multi-byte character, as a kill mid-write can leave it
        Path report = finished();
        List<String> lines = Files.readAllLines(report);
        byte[] whole = (String.join("\n", lines.subList(0, 3)) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] torn = Arrays.copyOf("{\"task\":\"b\",\"reason\":\"é".getBytes(StandardCharsets.UTF_8), 23);
        Files.write(report, concat(whole, torn));

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(notices).containsExactly(report + ": dropped a torn last line (23 bytes)");
        assertThat(after.kept()).isEqualTo(3);
        assertThat(made.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(1);
        assertThat(ReportReader.read(report)).containsExactlyInAnyOrderElementsOf(after.rows());
        assertThat(Files.readString(report)).endsWith("}\n");
        assertThat(Files.readAllLines(report)).hasSize(4).allMatch(line -> line.startsWith("{\"task\":\"")
                && line.endsWith("}"));
    }

    @Test
    void aWholeLastRowWithoutItsLineBreakIsKeptAndTheNextRowGoesOnALineOfItsOwn() throws IOException {
        // given
        Path report = finished();
        List<String> lines = Files.readAllLines(report);
        Files.writeString(report, String.join("\n", lines.subList(0, 3)));

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(notices).isEmpty();
        assertThat(after.kept()).isEqualTo(3);
        assertThat(ReportReader.read(report)).hasSize(4);
    }

    @Test
    void rowsOfOtherTasksAndRepeatedRowsAreDroppedKeepingTheLastOfEachTaskRun() throws IOException {
        // given: a damaged report: a row of a task the benchmark does not have, one of a repeat it does not have, and
        // task a repeat 0 twice
        Path report = finished();
        String a0 = Files.readAllLines(report).stream().filter(line -> line.startsWith("{\"task\":\"a\",\"repeat\":0,"))
                .findFirst().orElseThrow();
        ReportRow replaced = Fixtures.evaluated("a", 0, false, 77);
        List<String> damaged = List.of(a0, line(Fixtures.evaluated("gone", 0, true, 1)),
                line(Fixtures.evaluated("b", 5, true, 1)), line(replaced));
        Files.writeString(report, String.join("\n", damaged) + "\n");

        // when
        EvalReport after = benchmark("suite-1").resume(report, notices::add);

        // then
        assertThat(notices).containsExactly(report + ": dropped 2 rows of task runs the benchmark does not have",
                report + ": dropped 1 repeated row of a task run (the last row of each is kept)");
        assertThat(after.kept()).isEqualTo(1);
        assertThat(after.rows()).hasSize(4).contains(replaced);
        List<ReportRow> file = ReportReader.read(report);
        assertThat(file).hasSize(4).startsWith(replaced).containsExactlyInAnyOrderElementsOf(after.rows());
    }

    @Test
    void aDamagedLineThatIsNotTheLastIsAnErrorNamingItsLineAndTheFileIsLeftAsItWas() throws IOException {
        // given
        Path report = finished();
        List<String> lines = new ArrayList<>(Files.readAllLines(report));
        lines.set(1, "{\"task\":");
        Files.write(report, lines);
        byte[] before = Files.readAllBytes(report);

        // when / then
        assertThatThrownBy(() -> benchmark("suite-1").resume(report, notices::add)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(report + " line 2: ");
        assertThat(Files.readAllBytes(report)).isEqualTo(before);
        assertThat(made).isEmpty();
    }

    @Test
    void aReportOfAnotherBenchmarkIsRefusedNamingBothIdentitiesAndIsLeftAsItWas() throws IOException {
        // given
        Path report = finished();
        byte[] before = Files.readAllBytes(report);

        // when / then
        assertThatThrownBy(() -> benchmark("suite-2").resume(report, notices::add))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was written by another benchmark (identity suite-1, this one is suite-2)");
        assertThat(Files.readAllBytes(report)).isEqualTo(before);
        assertThat(made).isEmpty();
    }

    @Test
    void aReportWithRowsThatRecordsNoIdentityIsRefused() throws IOException {
        // given
        Path report = finished();
        Files.delete(dir.resolve("report.jsonl.identity"));

        // when / then
        assertThatThrownBy(() -> benchmark("suite-1").resume(report, notices::add))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("records no benchmark identity");
    }

    @Test
    void aRunWithoutIdentityRemovesTheIdentityAnEarlierRunRecorded() throws IOException {
        // given
        Path report = finished();

        // when
        Benchmark.builder().tasks(TASKS).agentFactory(Fixtures.answers(ANSWERS)).evaluator(Evaluators.exactMatch())
                .build().run(report);

        // then
        assertThat(dir.resolve("report.jsonl.identity")).doesNotExist();
    }

    @Test
    void anIdentityOfMoreThanOneLineIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> Benchmark.builder().identity("a\nb")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("identity must be one line of text");
    }

    private static String line(ReportRow row) {
        return ReportJson.ofDefaults().write(row);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
