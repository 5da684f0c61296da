package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus resume --temporal HOST:PORT WORKFLOW_ID}: a scenario run that reaches an approval gate waits in its
 * workflow, and resume answers the gate through the workflow's update, as resume of a checkpoint does in one process.
 */
@Timeout(120)
class WorkflowResumeTest {
    private static final Pattern CONTINUE = Pattern.compile("terminus resume --temporal (\\S+) (\\S+) --approve");
    private static final String REFUND = """
            {"name": "refund", "task": "Refund order 42.",
             "tools": [{"name": "refund", "result": "refunded 120.00 EUR"}],
             "approvals": ["refund"],
             "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                        {"text": "Order 42 was refunded."},
                        {"text": "I did not refund order 42."}]}
            """;
    @RegisterExtension
    static final TemporalServer temporal = new TemporalServer();

    @Test
    void aRunThatReachesAGateWaitsInItsWorkflowAndSaysHowToAnswerIt(@TempDir Path dir) throws Exception {
        // when
        Cli.Result paused = run(dir);

        // then
        assertThat(paused.status()).isZero();
        assertThat(paused.out()).contains("HitlGatePending", "Paused for approval: Call refund with {\"order\":42}",
                "It waits in workflow terminus-run-refund-");
        assertThat(CONTINUE.matcher(paused.out()).find()).isTrue();
    }

    @Test
    void resumeApprovesTheGateThroughTheUpdateAndShowsHowTheRunEnded(@TempDir Path dir) throws Exception {
        // given
        String workflowId = workflowId(run(dir));

        // when
        Cli.Result resumed = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");

        // then
        assertThat(resumed.status()).isZero();
        assertThat(resumed.out()).contains("NaturalCompletion", "Order 42 was refunded.");
    }

    @Test
    void resumeRejectsTheGateWithTheReasonTheModelReads(@TempDir Path dir) throws Exception {
        // given
        String workflowId = workflowId(run(dir));

        // when
        Cli.Result resumed = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--reject", "too much");

        // then
        assertThat(resumed.status()).isZero();
        assertThat(resumed.out()).contains("NaturalCompletion", "Tool calls    0");
    }

    @Test
    void resumeOfAnUnknownWorkflowIsOneLineAndStatusTwo() {
        // when
        Cli.Result result = Cli.run("resume", "--temporal", temporal.address(), "no-such-workflow", "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: no workflow no-such-workflow in namespace default at "
                + temporal.address());
    }

    @Test
    void resumeOfAWorkflowThatWaitsAtNoGateIsOneLineAndStatusTwo(@TempDir Path dir) throws Exception {
        // given
        String workflowId = workflowId(run(dir));
        Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");

        // when
        Cli.Result again = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");

        // then
        assertThat(again.status()).isEqualTo(2);
        assertThat(again.errLines()).containsExactly("terminus: workflow " + workflowId
                + " waits at no gate");
    }

    @Test
    void anAnswerWithContentAtAnApprovalGateIsOneLineAndStatusTwoAndTheGateStillWaits(@TempDir Path dir)
            throws Exception {
        // given
        String workflowId = workflowId(run(dir));

        // when
        Cli.Result answered = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--answer",
                "{\"order\": 42}");
        Cli.Result approved = Cli.run("resume", "--temporal", temporal.address(), workflowId, "--approve");

        // then
        assertThat(answered.status()).isEqualTo(2);
        assertThat(answered.errLines()).singleElement().asString().startsWith("terminus: workflow " + workflowId
                + ": gate \"gate-").endsWith("\" waits for approval of a call to \"refund\", not for input: approve,"
                + " approve with arguments or reject it");
        assertThat(approved.status()).isZero();
        assertThat(approved.out()).contains("NaturalCompletion");
    }

    private static Cli.Result run(Path dir) throws Exception {
        Path file = dir.resolve("refund.json");
        Files.writeString(file, REFUND);
        return Cli.run("run", file.toString(), "--temporal", temporal.address(), "--task-queue",
                TemporalServer.TASK_QUEUE);
    }

    private static String workflowId(Cli.Result paused) {
        Matcher matcher = CONTINUE.matcher(paused.out());
        assertThat(matcher.find()).as(paused.out()).isTrue();
        return matcher.group(2);
    }
}
