package dev.terminus.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reaches the server when a call is cut: the stdio server runs behind {@code tee}, so every line it reads is in a
 * file, and the test finds there the {@code notifications/cancelled} for the request of the call.
 */
@Timeout(60)
class CancellationOnTheWireTest {
    private static final Pattern CALL_ID = Pattern.compile(
            "\"method\":\"tools/call\",\"id\":\"([^\"]+)\"|\"id\":\"([^\"]+)\",\"method\":\"tools/call\"");

    @TempDir
    Path directory;
    private Path wire;
    private McpToolset toolset;
    private final CountDownLatch firstProgress = new CountDownLatch(1);

    @BeforeEach
    void start() {
        EverythingServer.assumeInstalled();
        wire = directory.resolve("server-input.jsonl");
        toolset = McpToolset.start(EverythingServer.stdioRecordingTo(wire));
    }

    @AfterEach
    void close() {
        if (toolset != null) {
            toolset.close();
        }
    }

    private Agent agent(ScriptedModel model, AgentConfig.Builder config) {
        return Agent.builder(model).config(config.name("wire").build()).tools(toolset.tools()).listener(event -> {
            if (event instanceof AgentEvent.ToolProgress) {
                firstProgress.countDown();
            }
        }).build();
    }

    private static ScriptedModel longThenAnswer() {
        return ScriptedModel.builder()
                .toolCall(McpRunsContract.LONG, Map.of("duration", 20, "steps", 200))
                .text("done").build();
    }

    /** Waits until the server has read a cancellation of the (only) tools/call request, and returns that line. */
    private String cancellationReceived() throws IOException, InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < until) {
            String lines = Files.exists(wire) ? Files.readString(wire) : "";
            Matcher call = CALL_ID.matcher(lines);
            if (call.find()) {
                String id = call.group(1) != null ? call.group(1) : call.group(2);
                for (String line : lines.split("\n")) {
                    if (line.contains("\"notifications/cancelled\"") && line.contains("\"requestId\":\"" + id + "\"")) {
                        return line;
                    }
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the server read no cancellation of its tools/call; it read:\n"
                + (Files.exists(wire) ? Files.readString(wire) : "nothing"));
    }

    @Test
    void theTimeBudgetEndingDuringACallCancelsItsRequestOnTheWire() throws Exception {
        // given
        Agent agent = agent(longThenAnswer(), AgentConfig.custom().timeBudget(Duration.ofMillis(800)));

        // when
        RunResult result = agent.run("long");

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(cancellationReceived()).contains("\"reason\"");
    }

    @Test
    void cancellingTheRunDuringACallCancelsItsRequestOnTheWire() throws Exception {
        // given
        RunHandle handle = agent(longThenAnswer(), AgentConfig.custom()).start("long");
        assertThat(firstProgress.await(20, TimeUnit.SECONDS)).isTrue();

        // when
        handle.cancel("test");
        RunResult result = handle.await();

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("test"));
        assertThat(cancellationReceived()).contains("\"reason\"");
    }

    @Test
    void thePerToolTimeoutCancelsTheRequestOnTheWireAndTheRunGoesOnWithTheTimeoutAsAMistake() throws Exception {
        // given
        Agent agent = agent(longThenAnswer(), AgentConfig.custom().toolTimeout(Duration.ofMillis(500)));

        // when
        RunResult result = agent.run("long");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        Message.ToolResult timedOut = result.transcript().stream().filter(Message.ToolResult.class::isInstance)
                .map(Message.ToolResult.class::cast).findFirst().orElseThrow();
        assertThat(timedOut.error()).isTrue();
        assertThat(timedOut.content()).contains("did not answer within 500 ms");
        assertThat(cancellationReceived()).contains("\"reason\"");
    }
}
