package dev.terminus.cli.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.command.TerminusCommand;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.test.ReliabilityScale;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus eval --resume} after {@code terminus eval} was killed with SIGKILL at a random instant, in a child
 * JVM: the resumed report holds every (task, repeat) exactly once, keeps every row written before the kill, has no
 * line that is not a row, and gives each pair the verdict an uninterrupted run gives it.
 */
class KilledEvaluationsTest {
    private static final int TRIALS = ReliabilityScale.times(50);
    private static final int TASKS = 12;
    private static final int REPEATS = 3;
    /** Test libraries the child does not need. */
    private static final List<String> NOT_NEEDED = List.of("junit", "assertj", "jqwik", "opentest4j", "apiguardian",
            "test-classes", "temporal-testing", "archunit", "byte-buddy");

    @TempDir
    Path dir;

    @TempDir
    Path scratch;

    @Test
    void evaluationsKilledAtRandomInstantsResumeToEveryRowOnceWithTheVerdictsOfAnUninterruptedRun() throws Exception {
        // given: the verdicts of an uninterrupted run (the child's training run)
        Path suite = Files.writeString(dir.resolve("suite.json"), suite());
        ChildJvm jvm = ChildJvm.of(TerminusCommand.class, entry -> NOT_NEEDED.stream().noneMatch(entry::contains),
                scratch);
        Path uninterrupted = dir.resolve("uninterrupted");
        Process training = jvm.startTraining(dir, "eval", suite.toString(), "--out", uninterrupted.toString());
        assertThat(ChildJvm.await(training)).as("the uninterrupted run's exit status").isZero();
        Map<String, ReportRow.Verdict> expected = verdicts(ReportReader.read(uninterrupted.resolve("report.jsonl")));
        assertThat(expected).hasSize(TASKS * REPEATS);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int lost = 0;
        int duplicated = 0;
        int unreadable = 0;
        int wrongVerdicts = 0;
        int killedMidRun = 0;
        int tornLines = 0;
        long start = System.nanoTime();

        for (int trial = 0; trial < TRIALS; trial++) {
            // when: the evaluation is killed at a random instant after it began its report, then resumed
            Path out = dir.resolve("trial-" + trial);
            Path report = out.resolve("report.jsonl");
            Process child = jvm.start(dir, "eval", suite.toString(), "--resume", out.toString());
            while (!Files.exists(report) && child.isAlive()) {
                Thread.sleep(1);
            }
            Thread.sleep(random.nextInt(300));
            int status = ChildJvm.kill(child);
            assertThat(status).as("the child was killed or had finished (seed %d)", seed).isIn(ChildJvm.KILLED, 0);
            List<String> before = wholeLines(report);
            if (status == ChildJvm.KILLED && before.size() < TASKS * REPEATS) {
                killedMidRun++;
            }
            Resumed resumed = resume(suite, out);

            // then
            assertThat(resumed.status()).as("resume exit status, stderr: %s (seed %d)", resumed.err(), seed).isZero();
            tornLines += (int) resumed.err().lines().filter(line -> line.contains("dropped a torn last line")).count();
            List<String> after = Files.readAllLines(report);
            List<ReportRow> rows;
            try {
                rows = ReportReader.read(report);
            } catch (IOException e) {
                unreadable++;
                continue;
            }
            unreadable += after.size() - rows.size();
            Map<String, ReportRow.Verdict> verdicts = verdicts(rows);
            duplicated += rows.size() - verdicts.size();
            lost += (int) before.stream().filter(line -> !after.contains(line)).count();
            lost += (int) expected.keySet().stream().filter(pair -> !verdicts.containsKey(pair)).count();
            wrongVerdicts += (int) verdicts.entrySet().stream()
                    .filter(verdict -> verdict.getValue() != expected.get(verdict.getKey())).count();
        }

        System.out.printf("KilledEvaluationsTest: %d SIGKILL trials in %d ms (seed %d): %d killed mid-run, %d torn"
                + " lines dropped, %d rows lost, %d duplicated, %d unreadable lines, %d verdicts unlike the"
                + " uninterrupted run's%n", TRIALS, (System.nanoTime() - start) / 1_000_000, seed, killedMidRun,
                tornLines, lost, duplicated, unreadable, wrongVerdicts);
        assertThat(lost).as("rows lost (seed %d)", seed).isZero();
        assertThat(duplicated).as("rows duplicated (seed %d)", seed).isZero();
        assertThat(unreadable).as("unreadable lines (seed %d)", seed).isZero();
        assertThat(wrongVerdicts).as("verdicts unlike the uninterrupted run's (seed %d)", seed).isZero();
        assertThat(killedMidRun).as("kills that landed while the report was being written").isPositive();
    }

    /** What {@code terminus eval --resume} did in this process. */
    private record Resumed(int status, String err) {}

    private static Resumed resume(Path suite, Path out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = TerminusCommand.run(new String[] {"eval", suite.toString(), "--resume", out.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]));
        return new Resumed(status, err.toString(StandardCharsets.UTF_8));
    }

    /** @return the lines of the report that have their line break: the rows written before the kill */
    private static List<String> wholeLines(Path report) throws IOException {
        if (!Files.exists(report)) {
            return List.of();
        }
        String text = Files.readString(report);
        return text.substring(0, text.lastIndexOf('\n') + 1).lines().toList();
    }

    /** @return each row's verdict by "task#repeat"; a repeated pair is counted once */
    private static Map<String, ReportRow.Verdict> verdicts(List<ReportRow> rows) {
        Map<String, ReportRow.Verdict> verdicts = new HashMap<>();
        for (ReportRow row : rows) {
            verdicts.put(row.task() + "#" + row.repeat(), row.verdict());
        }
        return verdicts;
    }

    /**
     * A suite of scripted runs that takes a few hundred milliseconds: answers right and wrong after a delay, a tool
     * round, and a provider error (a row that is not evaluated).
     */
    private static String suite() {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < TASKS; i++) {
            String script = switch (i % 4) {
                case 0 -> "{\"delayMs\": " + (5 + i) + ", \"text\": \"wrong\"}";
                case 1 -> "{\"delayMs\": 5, \"toolCalls\": [{\"name\": \"atlas\", \"arguments\": {\"q\": " + i + "}}]},"
                        + " {\"delayMs\": 5, \"text\": \"A" + i + "\"}";
                case 2 -> "{\"delayMs\": " + (5 + i) + ", \"error\": \"auth\"}";
                default -> "{\"delayMs\": " + (5 + i) + ", \"text\": \"A" + i + "\"}";
            };
            tasks.append(i == 0 ? "" : ",\n").append("{\"id\": \"t").append(i).append("\", \"input\": \"Q").append(i)
                    .append("?\", \"expected\": \"A").append(i).append("\", \"script\": [").append(script).append("]}");
        }
        return """
                {
                  "name": "killed",
                  "repeats": %d,
                  "concurrency": 2,
                  "evaluator": {"type": "exact"},
                  "agent": {
                    "system": "Answer with the code only.",
                    "model": {"name": "scripted"},
                    "tools": [{"name": "atlas", "description": "Looks a code up", "results": ["see the map"]}],
                    "script": [{"text": "?"}]
                  },
                  "tasks": [
                %s
                  ]
                }
                """.formatted(REPEATS, tasks);
    }
}
