package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run SCENARIO --stream}: the answer's text as it arrives, then the summary; discards told on standard
 * error; every event as a line of JSON with {@code --json}, the result last; an interrupt (Ctrl-C) ends the run with
 * its result.
 */
@Timeout(60)
class RunStreamCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Two pieces, then silence with the stream open, for as long as the run lasts (no idle timeout). */
    private static final String STALLS = """
            {"name": "stalls", "task": "Tell a story.", "limits": {"streamIdleTimeoutMs": 0},
             "script": [{"pieces": ["Once upon ", "a time"], "end": "stall"}]}
            """;
    /** A stream cut by a reset connection, then the retry's whole answer. */
    private static final String RETRIED = """
            {"name": "retried", "task": "Summarize the incident.",
             "limits": {"retries": {"maxRetries": 1, "initialBackoffMs": 1, "maxBackoffMs": 1}},
             "script": [{"pieces": ["The outage ", "began at "], "end": "fail", "error": "timeout"},
                        {"pieces": ["The outage ", "began at 09:12 ", "and ended at 09:40."]}]}
            """;

    @TempDir
    Path dir;

    @Test
    void eachPieceIsPrintedAndFlushedAsItArrivesThenTheSummaryFollows() throws IOException {
        // given
        Path file = write("""
                {"name": "greeting", "task": "Greet.", "script": [{"pieces": ["Hel", "lo, ", "world"], "pieceGapMs": 2}]}
                """);
        Flushes out = new Flushes();

        // when
        int status = TerminusCommand.run(new String[] {"run", "--stream", file.toString()},
                new PrintStream(out, false, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()),
                new ByteArrayInputStream(new byte[0]));

        // then: standard output was flushed after each piece, before any of the summary was written
        assertThat(status).isZero();
        assertThat(out.atEachFlush).containsSubsequence("Hel", "Hello, ", "Hello, world");
        assertThat(out.text()).startsWith("Hello, world\n\n  Scenario      greeting\n")
                .contains("  Termination   NaturalCompletion\n").contains("  Answer        Hello, world\n");
    }

    @Test
    void theTextIsShownWhileTheRunGoesOnAndAnInterruptEndsItCancelledWithItsResult() throws Exception {
        // given: a run whose stream stalls after two pieces, in a command on a thread of its own
        Path file = write(STALLS);
        Flushes out = new Flushes();
        AtomicInteger status = new AtomicInteger(-1);
        Thread command = Thread.ofPlatform().start(() -> status.set(TerminusCommand.run(
                new String[] {"run", "--stream", file.toString()}, new PrintStream(out, false, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream()), new ByteArrayInputStream(new byte[0]))));

        // when: the pieces are on standard output while the command still runs, and then it is interrupted
        awaitText(out, "Once upon a time");
        boolean runningWhileShown = command.isAlive();
        command.interrupt();
        command.join(TimeUnit.SECONDS.toMillis(10));

        // then
        assertThat(runningWhileShown).isTrue();
        assertThat(command.isAlive()).isFalse();
        assertThat(status.get()).isZero();
        assertThat(out.text()).startsWith("Once upon a time\n\n");
        assertThat(Cli.flat(out.text())).contains("Termination Cancelled").contains("thread-interrupt")
                .contains("Cut short Once upon a time");
    }

    @Test
    void aCtrlCOfTheProcessEndsTheStreamedRunCancelledAndPrintsItsResult() throws Exception {
        // given: the command in a process of its own, its stream stalled after two pieces
        Path file = write(STALLS);
        Path output = dir.resolve("output.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), TerminusCommand.class.getName(), "run",
                "--stream", file.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            awaitFile(output, "Once upon a time");

            // when: SIGTERM, which runs the shutdown hooks as Ctrl-C's SIGINT does (a process started in the
            // background may be set to ignore SIGINT)
            process.destroy();
            boolean exited = process.waitFor(30, TimeUnit.SECONDS);

            // then
            String printed = Files.readString(output);
            assertThat(exited).as(printed).isTrue();
            assertThat(printed).startsWith("Once upon a time\n\n");
            assertThat(Cli.flat(printed)).contains("Termination Cancelled").contains("thread-interrupt")
                    .contains("Cut short Once upon a time");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void aScenarioThatCancelsItsRunDoesSoWhenStreamedToo() throws IOException {
        // given: a stream that stalls, cancelled by the scenario after 100 ms
        Path file = write("""
                {"name": "cancels", "task": "Tell a story.", "limits": {"streamIdleTimeoutMs": 0}, "cancelAfterMs": 100,
                 "script": [{"pieces": ["Once upon "], "end": "stall"}]}
                """);

        // when
        Cli.Result result = Cli.run("run", "--stream", file.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("Once upon \n\n");
        assertThat(Cli.flat(result.out())).contains("Termination Cancelled requestedBy terminus run")
                .contains("Cut short Once upon");
    }

    @Test
    void aDiscardedRetryIsToldOnStandardErrorAndTheAnswerRestartsOnANewLine() throws IOException {
        // given
        Path file = write(RETRIED);

        // when
        Cli.Result result = Cli.run("run", "--stream", file.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.errLines()).containsExactly("terminus: the last 20 characters above are discarded: the model"
                + " call failed (ModelException.Timeout) and is made again; the answer restarts on the next line");
        assertThat(result.out()).startsWith("The outage began at \nThe outage began at 09:12 and ended at 09:40.\n\n")
                .contains("  Answer        The outage began at 09:12 and ended at 09:40.\n");
    }

    @Test
    void withJsonEveryLineIsOneEventAndTheLastIsTheResultAsRunJsonPrintsIt() throws IOException {
        // given: a tool round, then a streamed answer
        Path file = write("""
                {"name": "weather", "task": "Weather in Oslo?", "tools": [{"name": "lookup", "result": "-4 C"}],
                 "script": [{"toolCalls": [{"name": "lookup", "arguments": {"city": "Oslo"}}]},
                            {"pieces": ["Oslo ", "is ", "cold."]}]}
                """);

        // when
        Cli.Result streamed = Cli.run("run", "--stream", "--json", file.toString());
        Cli.Result whole = Cli.run("run", "--json", file.toString());

        // then: every line parses as one object; all but the last name their event
        assertThat(streamed.status()).as(streamed.err()).isZero();
        List<JsonNode> lines = parseLines(streamed.out());
        List<JsonNode> events = lines.subList(0, lines.size() - 1);
        assertThat(events).allSatisfy(event -> assertThat(event.path("type").isTextual()).as(event.toString()).isTrue());
        assertThat(events.stream().map(event -> event.get("type").asText()).toList()).containsSubsequence("RunStarted",
                "IterationStarted", "ModelCalled", "ToolStarted", "ToolCalled", "IterationStarted", "TextDelta",
                "TextDelta", "TextDelta", "ModelCalled");
        assertThat(texts(events)).isEqualTo("Oslo is cold.");
        assertThat(events).filteredOn(event -> event.get("type").asText().equals("ModelCalled")).last()
                .satisfies(called -> assertThat(called.get("stream").get("end").asText()).isEqualTo("finished"));
        // and the last is the result, the object run --json prints (but for how long the run took)
        JsonNode result = lines.getLast();
        assertThat(result.has("type")).isFalse();
        assertThat(withoutDurations(result)).isEqualTo(withoutDurations(JSON.readTree(whole.out())));
        assertThat(result.get("finalAnswer").asText()).isEqualTo("Oslo is cold.");
    }

    @Test
    void withJsonADiscardIsAnEventAndTheTextAfterItIsTheAnswer() throws IOException {
        // given
        Path file = write(RETRIED);

        // when
        Cli.Result result = Cli.run("run", "--stream", "--json", file.toString());

        // then
        List<JsonNode> lines = parseLines(result.out());
        int discard = indexOfType(lines, "TextDiscarded");
        assertThat(discard).isNotNegative();
        assertThat(lines.get(discard).get("characters").asInt()).isEqualTo(20);
        assertThat(lines.get(discard).get("reason").asText()).isEqualTo("dev.terminus.agent.spi.ModelException$Timeout");
        assertThat(texts(lines.subList(0, discard))).isEqualTo("The outage began at ");
        assertThat(texts(lines.subList(discard + 1, lines.size())))
                .isEqualTo(lines.getLast().get("finalAnswer").asText())
                .isEqualTo("The outage began at 09:12 and ended at 09:40.");
    }

    @Test
    void theResultOfAnAnswerCutShortHoldsItsTextWithOrWithoutStreaming() throws IOException {
        // given: a deadline that passes while the stream is silent after its pieces
        Path file = write("""
                {"name": "cut", "task": "Tell a story.", "limits": {"timeBudgetMs": 100},
                 "script": [{"pieces": ["Once upon ", "a time"], "end": "stall"}]}
                """);

        // when
        Cli.Result whole = Cli.run("run", "--json", file.toString());
        Cli.Result streamed = Cli.run("run", "--stream", "--json", file.toString());
        Cli.Result text = Cli.run("run", file.toString());

        // then
        JsonNode result = JSON.readTree(whole.out());
        assertThat(result.get("termination").get("$kind").asText()).isEqualTo("TimeBudgetExhausted");
        assertThat(result.get("incompleteAnswer").asText()).isEqualTo("Once upon a time");
        assertThat(result.get("transcript").get(result.get("transcript").size() - 1).get("incomplete").asBoolean())
                .isTrue();
        assertThat(parseLines(streamed.out()).getLast().get("incompleteAnswer").asText()).isEqualTo("Once upon a time");
        assertThat(text.out()).contains("  Cut short     Once upon a time\n").doesNotContain("  Answer ");
    }

    @Test
    void aResultWithoutAnAnswerCutShortHasNoIncompleteAnswerField() throws IOException {
        // given
        Path file = write("{\"task\": \"Greet.\", \"script\": [{\"text\": \"Hello\"}]}");

        // when
        Cli.Result result = Cli.run("run", "--json", file.toString());

        // then
        assertThat(JSON.readTree(result.out()).has("incompleteAnswer")).isFalse();
    }

    @Test
    void streamNeedsAScenarioRunInThisProcess() throws IOException {
        // given
        Path file = write("{\"task\": \"Greet.\", \"script\": [{\"text\": \"Hello\"}]}");

        // when
        Cli.Result demo = Cli.run("run", "--demo", "--stream");
        Cli.Result temporal = Cli.run("run", "--stream", "--temporal", "embedded", file.toString());

        // then
        assertThat(demo.status()).isEqualTo(2);
        assertThat(demo.errLines()).containsExactly("terminus: --stream shows one run as it goes: it needs a SCENARIO"
                + " file, not --demo");
        assertThat(temporal.status()).isEqualTo(2);
        assertThat(temporal.errLines()).containsExactly("terminus: --stream shows a run in this process as it goes; a"
                + " workflow's run (--temporal) is not streamed");
    }

    @Test
    void theHelpOfRunSaysWhatStreamPrintsAndHowADiscardIsTold() {
        // when
        Cli.Result result = Cli.run("run", "--help");

        // then
        assertThat(result.flatOut()).contains("--stream").contains("the answer's text on standard output as it arrives")
                .contains("terminus: the last N characters above are discarded").contains("a TextDelta's \"text\"")
                .contains("the last line the run's result as --json prints it");
    }

    private Path write(String json) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "scenario", ".json"), json);
    }

    private static List<JsonNode> parseLines(String out) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.lines().toList()) {
            JsonNode node = JSON.readTree(line);
            assertThat(node.isObject()).as(line).isTrue();
            nodes.add(node);
        }
        assertThat(nodes).isNotEmpty();
        return nodes;
    }

    private static String texts(List<JsonNode> events) {
        StringBuilder text = new StringBuilder();
        events.stream().filter(event -> event.path("type").asText().equals("TextDelta"))
                .forEach(delta -> text.append(delta.get("text").asText()));
        return text.toString();
    }

    private static int indexOfType(List<JsonNode> lines, String type) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).path("type").asText().equals(type)) {
                return i;
            }
        }
        return -1;
    }

    private static JsonNode withoutDurations(JsonNode result) {
        ObjectNode copy = result.deepCopy();
        copy.remove("durationMs");
        copy.withArray("iterationRecords").forEach(record -> ((ObjectNode) record).remove("durationMs"));
        return copy;
    }

    private static void awaitText(Flushes out, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!out.text().contains(text)) {
            assertThat(System.nanoTime()).as("\"%s\" printed within 20 s; printed: %s", text, out.text())
                    .isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    private static void awaitFile(Path file, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.readString(file).contains(text)) {
            assertThat(System.nanoTime()).as("\"%s\" printed within 30 s; printed: %s", text, Files.readString(file))
                    .isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /** Standard output that keeps what had been written at each flush. */
    private static final class Flushes extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<String> atEachFlush = new CopyOnWriteArrayList<>();

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        @Override
        public synchronized void flush() {
            atEachFlush.add(text());
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
