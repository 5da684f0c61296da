package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumeCommandTest {
    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        Path file = dir.resolve("refund.json");
        try (var in = ResumeCommand.class.getResourceAsStream("/dev/terminus/cli/demo/hitl-gate-pending.json")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    private Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    private Path onlyCheckpoint() throws IOException {
        try (Stream<Path> files = Files.list(checkpoints())) {
            List<Path> all = files.toList();
            assertThat(all).hasSize(1);
            return all.getFirst();
        }
    }

    @Test
    void aRunPausedByAnotherJvmProcessIsResumedFromItsCheckpointFile() throws Exception {
        // given: `terminus run` in a JVM process of its own pauses at the approval gate and saves its checkpoint
        Cli.Result child = ChildTerminus.run(dir.resolve("child-output.txt"), "run", "--checkpoints",
                checkpoints().toString(), scenario().toString());
        String printed = child.out();
        assertThat(child.status()).as(printed).isZero();
        assertThat(printed).contains("HitlGatePending").contains("Checkpoint saved: ");
        Path checkpoint = onlyCheckpoint();

        // when: this process approves it
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--approve");

        // then: the refund ran, the model answered, and the counters went on from the first process's
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Termination NaturalCompletion").contains("Iterations 3")
                .contains("Tool calls 2").contains("Tokens 30 in, 15 out (45 total)")
                .contains("Answer Order 42 was refunded: 120.00 EUR.");
        assertThat(checkpoint).doesNotExist();
    }

    /** Two refunds, each needing approval: a run that pauses, and pauses again once resumed. */
    private Path twoGates() throws IOException {
        return Files.writeString(dir.resolve("two-refunds.json"), """
                {
                  "name": "two-refunds",
                  "task": "Refund orders 42 and 43.",
                  "tools": [{"name": "refund", "result": "refunded"}],
                  "approvals": ["refund"],
                  "script": [
                    {"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                    {"toolCalls": [{"name": "refund", "arguments": {"order": 43}}]},
                    {"text": "Both refunded."}
                  ]
                }
                """);
    }

    @Test
    void aResumedRunThatPausesAgainSavesItsNewCheckpointAndRemovesTheUsedOne() throws Exception {
        // given
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), twoGates().toString());
        assertThat(paused.status()).as(paused.err()).isZero();
        Path first = onlyCheckpoint();

        // when
        Cli.Result result = Cli.run("resume", first.toString(), "--approve");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Termination HitlGatePending").contains("Checkpoint saved: ");
        Path second = onlyCheckpoint();
        assertThat(second).isNotEqualTo(first);
        assertThat(first).doesNotExist();
        assertThat(Cli.run("resume", second.toString(), "--approve").flatOut())
                .contains("Termination NaturalCompletion").contains("Answer Both refunded.");
    }

    @Test
    void aRunPausedForApprovalSaysToApproveOrRejectIt() throws Exception {
        // when
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), twoGates().toString());

        // then
        assertThat(paused.status()).as(paused.err()).isZero();
        assertThat(paused.flatOut()).contains("Next 1. Review proposal ")
                .contains("2. Approve or reject gate gate-").contains(" with `terminus resume`")
                .doesNotContain("--answer JSON");
    }

    @Test
    void whenTheNewCheckpointCannotBeSavedTheUsedOneIsKept() throws Exception {
        // given: a run paused at its first gate, and a "directory" for the next checkpoint that is a file
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), twoGates().toString());
        assertThat(paused.status()).as(paused.err()).isZero();
        Path first = onlyCheckpoint();
        byte[] saved = Files.readAllBytes(first);
        Path notADirectory = Files.writeString(dir.resolve("not-a-directory"), "");

        // when: the resumed run pauses at the second gate
        Cli.Result result = Cli.run("resume", first.toString(), "--approve", "--checkpoints", notADirectory.toString());

        // then: the save failed, said so, and the paused run is not lost
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).startsWith("terminus: cannot save the checkpoint in " + notADirectory)
                .contains("the used checkpoint " + first + " is kept");
        assertThat(first).exists().hasBinaryContent(saved);
    }

    @Test
    void rejectingTellsTheModelAndTheRunEndsWithoutTheCall() throws Exception {
        // given
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), scenario().toString());
        assertThat(paused.status()).isZero();
        Path checkpoint = onlyCheckpoint();

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--reject", "refunds need a manager", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("\"toolCalls\": 1,")
                .contains("Rejected by a person, not run: refunds need a manager");
    }

    @Test
    void aCheckpointWithoutItsScenarioIsRefusedNamingTheFile() throws IOException {
        // given: a checkpoint file of another program, without terminus run's metadata
        Cli.Result paused = Cli.run("run", "--checkpoints", checkpoints().toString(), scenario().toString());
        assertThat(paused.status()).isZero();
        Path checkpoint = onlyCheckpoint();
        String json = Files.readString(checkpoint).replaceAll("\"terminus\\.scenario\"\\s*:\\s*\"(\\\\.|[^\"\\\\])*\"\\s*,?", "");
        Files.writeString(checkpoint, json);

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).startsWith("terminus: " + checkpoint);
    }

    @Test
    void aFileThatIsNotACheckpointIsRefusedWithExitStatusTwo() throws IOException {
        // given
        Path garbage = Files.writeString(dir.resolve("x.checkpoint.json"), "{\"formatVersion\": 4}");

        // when
        Cli.Result result = Cli.run("resume", garbage.toString(), "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).contains(garbage + ": not a valid checkpoint:").contains("formatVersion 4");
    }

    @Test
    void resumeNeedsExactlyOneDecision() throws IOException {
        // when
        Cli.Result neither = Cli.run("resume", scenario().toString());
        Cli.Result both = Cli.run("resume", scenario().toString(), "--approve", "--reject", "no");

        // then
        assertThat(neither.status()).isEqualTo(2);
        assertThat(both.status()).isEqualTo(2);
    }
}
