package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --payload-store DIR}: a worker given a directory keeps the payloads over 128 KiB there instead of the
 * history, and {@code run --temporal} and {@code resume --temporal} given the same directory read the runs whose
 * payloads were stored; a directory that cannot be a store is one line naming the option and the value.
 */
@Timeout(120)
class PayloadStoreOnTemporalTest {
    private static final Pattern CONTINUE = Pattern.compile("terminus resume .*--temporal (\\S+) (\\S+) --approve");
    /** An answer larger than the threshold over which a payload is stored. */
    private static final String LONG_ANSWER = "Order 42 was refunded. " + "x".repeat(200_000);
    private static final String REFUND = """
            {"name": "refund", "task": "Refund order 42.",
             "tools": [{"name": "refund", "result": "refunded 120.00 EUR"}],
             "approvals": ["refund"],
             "script": [{"toolCalls": [{"name": "refund", "arguments": {"order": 42}}]},
                        {"text": "%s"}]}
            """.formatted(LONG_ANSWER);
    private static final String ANSWER = """
            {"name": "answer", "task": "Say it at length.", "script": [{"text": "%s"}]}
            """.formatted(LONG_ANSWER);

    @Test
    void aRunWhosePayloadsAreStoredIsReadByRunGivenTheWorkersPayloadStore(@TempDir Path dir) throws Exception {
        // given
        Path store = dir.resolve("payloads");
        Path file = Files.writeString(dir.resolve("answer.json"), ANSWER);
        try (TemporalServer temporal = TemporalServer.start("--payload-store", store.toString())) {

            // when
            Cli.Result result = Cli.run("run", file.toString(), "--temporal", temporal.address(), "--task-queue",
                    TemporalServer.TASK_QUEUE, "--payload-store", store.toString());

            // then
            assertThat(result.status()).as(result.err()).isZero();
            assertThat(result.out()).contains("NaturalCompletion", "Order 42 was refunded.", "x".repeat(100));
            assertThat(stored(store)).as("payloads kept in the store").isPositive();
        }
    }

    @Test
    void resumeGivenTheWorkersPayloadStoreReadsTheStoredPayloadsOfTheRunItAnswers(@TempDir Path dir)
            throws Exception {
        // given
        Path store = dir.resolve("payloads");
        Path file = Files.writeString(dir.resolve("refund.json"), REFUND);
        try (TemporalServer temporal = TemporalServer.start("--payload-store", store.toString())) {
            Cli.Result paused = Cli.run("run", file.toString(), "--temporal", temporal.address(), "--task-queue",
                    TemporalServer.TASK_QUEUE, "--payload-store", store.toString());
            Matcher matcher = CONTINUE.matcher(paused.out());
            assertThat(matcher.find()).as(paused.out() + paused.err()).isTrue();
            assertThat(paused.out()).contains("terminus resume --payload-store " + store + " --temporal ");

            // when
            Cli.Result resumed = Cli.run("resume", "--temporal", temporal.address(), matcher.group(2), "--approve",
                    "--payload-store", store.toString());

            // then
            assertThat(resumed.status()).as(resumed.err()).isZero();
            assertThat(resumed.out()).contains("NaturalCompletion", "Order 42 was refunded.", "x".repeat(100));
        }
    }

    @Test
    void aPayloadStoreThatIsAFileIsOneLineNamingTheOptionAndTheValue(@TempDir Path dir) throws Exception {
        // given
        Path file = Files.writeString(dir.resolve("not-a-directory"), "");

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded", "--payload-store", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --payload-store " + file + ": is not a directory");
    }

    @Test
    void aPayloadStoreWithoutTemporalIsOneLineNamingTheOptionAndTheValue(@TempDir Path dir) {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--payload-store", dir.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --payload-store " + dir + ": needs --temporal (the"
                + " store keeps the payloads of runs on Temporal)");
    }

    private static long stored(Path store) throws Exception {
        try (Stream<Path> files = Files.list(store)) {
            return files.count();
        }
    }
}
