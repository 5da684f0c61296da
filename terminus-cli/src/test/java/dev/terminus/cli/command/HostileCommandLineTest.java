package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.cli.eval.Suite;
import dev.terminus.cli.eval.SuiteBenchmark;
import dev.terminus.cli.report.ReportRows;
import dev.terminus.cli.report.Reports;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.eval.ProgressListener;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file a command reads, hostile (mutated, random, deeply nested, huge, with duplicate keys or class names), ends
 * the command with status 0, having worked, or status 2 and exactly one line on standard error, {@code terminus: }
 * and what is wrong: never status 1, a stack trace or a second line. For {@code run} and {@code eval} the sample is of
 * files their reader refuses (a file that reads runs the agent, which is what other tests check).
 */
class HostileCommandLineTest {

    @TempDir
    Path dir;

    @Test
    void explainTurnsEveryRefusedTerminationIntoOneLineAndStatus2() throws IOException {
        List<String> vectors = new ArrayList<>();
        try (Stream<Path> files = Files.list(dev.terminus.test.GoldenVectors.terminationsDir())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                vectors.add(Files.readString(file));
            }
        }
        assertEveryFailureIsOneLine("explain", vectors, 300, bytes -> true,
                file -> new String[] {"explain", file.toString()});
    }

    @Test
    void explainRefusesTheJsonNullInOneLineWithStatus2() {
        // when
        Cli.Result result = Cli.withInput("null", "explain");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: standard input: the input is null; expected one"
                + " termination as JSON, such as {\"$kind\":\"Completed\"}");
    }

    @Test
    void reportTurnsEveryUnreadableReportIntoOneLineAndStatus2() {
        List<String> lines = Stream.of(ReportRows.passed("a", 0, 1, 10), ReportRows.failed("b", 1, 2, 20),
                ReportRows.excluded("c", 0, 3, 30), ReportRows.timedOut("d", 0, 40),
                ReportRows.success("e", 0, new Termination.MaxIterationsReached(3, 3),
                        dev.terminus.eval.Evaluation.fail("capped"), 3, 50))
                .map(Reports.json()::write).toList();
        assertEveryFailureIsOneLine("report", lines, 150, bytes -> true,
                file -> new String[] {"report", file.toString(), "--html", dir.resolve("report.html").toString()});
    }

    @Test
    void resumeTurnsEveryUnusableCheckpointIntoOneLineAndStatus2() throws Exception {
        Path scenario = dir.resolve("refund.json");
        Files.writeString(scenario, ScenarioReader.demoText("hitl-gate-pending"));
        Path saved = dir.resolve("saved");
        assertThat(Cli.run("run", "--checkpoints", saved.toString(), scenario.toString()).status()).isZero();
        String checkpoint;
        try (Stream<Path> files = Files.list(saved)) {
            checkpoint = Files.readString(files.findFirst().orElseThrow());
        }
        assertThat(CheckpointJson.ofDefaults().read(checkpoint).gateId()).isNotBlank();
        Path next = dir.resolve("next");
        assertEveryFailureIsOneLine("resume", List.of(checkpoint), 150, bytes -> true,
                file -> new String[] {"resume", file.toString(), "--approve", "--checkpoints", next.toString()});
    }

    @Test
    void runTurnsEveryRefusedScenarioIntoOneLineAndStatus2() {
        List<String> scenarios = ScenarioReader.DEMO.stream().map(ScenarioReader::demoText).toList();
        assertEveryFailureIsOneLine("run", scenarios, 200, bytes -> refused(() ->
                        ScenarioAgent.of(ScenarioReader.read(bytes, "scenario.json"))),
                file -> new String[] {"run", "--checkpoints", dir.resolve("checkpoints").toString(), file.toString()});
    }

    @Test
    void evalTurnsEveryRefusedSuiteIntoOneLineAndStatus2() throws IOException {
        List<String> suites = dev.terminus.cli.scenario.HostileScenarioFilesTest.suites();
        assertEveryFailureIsOneLine("eval", suites, 150, bytes -> refused(() -> SuiteBenchmark.of(
                        ScenarioReader.read(bytes, "suite.json", Suite.class, "a suite"), null,
                        new ProgressListener() {}, List.of())),
                file -> new String[] {"eval", file.toString(), "--out", dir.resolve("out").toString()});
    }

    /**
     * Runs the command on {@code perBuild} (times the scale) hostile files that {@code sampled} accepts, and checks
     * each ends with status 0, or 2 and one line on standard error.
     */
    private void assertEveryFailureIsOneLine(String command, List<String> valid, int perBuild,
            Predicate<byte[]> sampled, Function<Path, String[]> arguments) {
        // given
        int count = ReliabilityScale.times(perBuild);
        List<HostileInputs.Input> inputs = HostileInputs.from(valid).generate(count * 50, command.hashCode())
                .filter(input -> sampled.test(input.bytes())).limit(count).toList();
        Path file = dir.resolve("hostile-input.json");
        List<String> violations = new ArrayList<>();
        int refused = 0;

        // when
        for (HostileInputs.Input input : inputs) {
            Cli.Result result;
            try {
                Files.write(file, input.bytes());
                result = Cli.run(arguments.apply(file));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            boolean oneLine = result.errLines().size() == 1 && result.err().startsWith("terminus: ")
                    && !result.err().contains("\tat ");
            if (result.status() == 2 && oneLine) {
                refused++;
            } else if (result.status() != 0 || result.err().contains("\tat ")) {
                violations.add(command + ": " + input.describe() + " ended with status " + result.status()
                        + " and standard error: " + result.err());
            }
        }

        // then
        System.out.println("hostile inputs, terminus " + command + ": " + inputs.size() + " files, " + refused
                + " refused in one line with status 2, " + (inputs.size() - refused - violations.size())
                + " worked (status 0); " + violations.size() + " other outcomes");
        assertThat(inputs).hasSize(count);
        assertThat(violations).isEmpty();
        assertThat(HostileInputs.canaryInitialized()).as("a class named in the input was initialized").isFalse();
    }

    /** A step of the readers that may refuse the input. */
    private interface Reading {
        void read() throws ScenarioException;
    }

    /** @return whether the reading refused the input with its documented exception */
    private static boolean refused(Reading reading) {
        try {
            reading.read();
            return false;
        } catch (ScenarioException expected) {
            return true;
        }
    }
}
