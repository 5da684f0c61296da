package dev.terminus.cli.command;

import static dev.terminus.langchain4j.fake.Fault.asIs;
import static dev.terminus.langchain4j.fake.Fault.html;
import static dev.terminus.langchain4j.fake.Fault.malformedJson;
import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.langchain4j.fake.Fault.resetMidBody;
import static dev.terminus.langchain4j.fake.Fault.stallMidBody;
import static dev.terminus.langchain4j.fake.Fault.withoutUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.cli.output.Wire;
import dev.terminus.langchain4j.fake.Fault;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.Leaks;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code terminus run SCENARIO --provider openai|anthropic --base-url URL} under a chaotic network: each fault of
 * the README's table ends the run with the termination the table gives, after as many calls as it says, and the
 * command leaves no thread, connection or process behind.
 */
@Timeout(30)
class ProviderNetworkFaultsTest {
    private static final String KEY = "sk-test-do-not-print-0123456789";
    private static final long BUDGET_MS = 2_000;

    @TempDir
    Path dir;

    private final Leaks leaks = Leaks.snapshot();
    private final FaultServer server = new FaultServer();

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        try {
            leaks.assertNoneLeft(server);
        } finally {
            server.close();
        }
    }

    /**
     * A fault and how the run ends.
     *
     * @param fault what the server does, by wire
     * @param repeat whether every call gets it, or only the first (the others get an answer)
     * @param kind the termination's {@code $kind}
     * @param category the {@code Failed} error's category, or null
     * @param calls how many calls reached the server
     */
    record Case(String name, Function<ProviderWire, Fault> fault, boolean repeat, String kind,
            @Nullable String category, int calls) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> faults() {
        List<Case> cases = List.of(
                new Case("reset mid-body", wire -> resetMidBody(wire.answer("late")), true, "Failed", "EXTERNAL", 3),
                new Case("proxy's HTML 502", wire -> html(502, "502 Bad Gateway"), true, "Failed", "EXTERNAL", 3),
                new Case("malformed JSON", wire -> malformedJson(), true, "Failed", "UNKNOWN", 1),
                new Case("500 then success", wire -> reply(wire.error(500, "internal")), false, "NaturalCompletion",
                        null, 2),
                new Case("503 storm", wire -> reply(wire.error(503, "overloaded")), true, "Failed", "EXTERNAL", 3),
                new Case("answer without usage", wire -> withoutUsage(wire.answer("4 degrees.")), true,
                        "NaturalCompletion", null, 1),
                new Case("429 with Retry-After past the budget",
                        wire -> reply(wire.error(429, "slow down")).header("Retry-After", "30"), true, "Failed",
                        "RESOURCE", 1),
                new Case("401", wire -> reply(wire.error(401, "invalid key")), true, "ProviderAuthFailed", null, 1),
                new Case("400", wire -> reply(wire.error(400, "bad request")), true, "Failed", "CONFIGURATION", 1),
                new Case("stall past the time budget", wire -> stallMidBody(wire.answer("late")), true,
                        "TimeBudgetExhausted", null, 1));
        List<Arguments> arguments = new ArrayList<>();
        for (ProviderWire wire : ProviderWire.values()) {
            cases.forEach(c -> arguments.add(Arguments.of(wire, c)));
        }
        return arguments.stream();
    }

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("weather.json"), """
                {"name": "weather", "task": "Tomorrow in Oslo?",
                 "limits": {"timeBudgetMs": %d, "retries": {"maxRetries": 2, "initialBackoffMs": 1, "maxBackoffMs": 2}}}
                """.formatted(BUDGET_MS));
    }

    private JsonNode run(ProviderWire wire, String baseUrl) throws IOException {
        Cli.Result result = Cli.withEnvironment(Map.of("OPENAI_API_KEY", KEY, "ANTHROPIC_API_KEY", KEY), "run",
                "--json", "--provider", wire.provider(), "--base-url", baseUrl, scenario().toString());
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out() + result.err()).doesNotContain(KEY);
        return Wire.MAPPER.readTree(result.out());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("faults")
    void eachFaultEndsTheRunAsTheTableSays(ProviderWire wire, Case fault) throws IOException {
        // given
        if (fault.repeat()) {
            server.always(fault.fault().apply(wire));
        } else {
            server.then(fault.fault().apply(wire)).always(reply(wire.answer("4 degrees.")));
        }

        // when
        long start = System.nanoTime();
        JsonNode result = run(wire, wire.baseUrl(server.origin()));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // then
        JsonNode termination = result.get("termination");
        assertThat(termination.get("$kind").asText()).isEqualTo(fault.kind());
        if (fault.category() != null) {
            assertThat(termination.at("/error/category").asText()).isEqualTo(fault.category());
        }
        assertThat(server.requests()).hasSize(fault.calls());
        assertThat(took).as("never past the time budget and its margin").isLessThan(Duration.ofMillis(BUDGET_MS + 500));
    }

    @ParameterizedTest
    @MethodSource("wires")
    void aRefusedConnectionIsRetriedThenFailsExternal(ProviderWire wire) throws IOException {
        // when: nothing listens on the port
        JsonNode result = run(wire, wire.baseUrl("http://127.0.0.1:" + FaultServer.closedPort()));

        // then
        assertThat(result.at("/termination/$kind").asText()).isEqualTo("Failed");
        assertThat(result.at("/termination/error/category").asText()).isEqualTo("EXTERNAL");
        assertThat(result.at("/termination/error/message").asText()).contains("java.net.ConnectException");
    }

    @ParameterizedTest
    @MethodSource("wires")
    void a429IsRetriedAfterItsRetryAfterAndTheRunCompletes(ProviderWire wire) throws IOException {
        // given
        server.then(reply(wire.error(429, "slow down")).header("Retry-After", "1")).always(reply(wire.answer("4.")));

        // when
        JsonNode result = run(wire, wire.baseUrl(server.origin()));

        // then
        assertThat(result.at("/termination/$kind").asText()).isEqualTo("NaturalCompletion");
        List<FaultServer.Request> requests = server.requests();
        assertThat(requests).hasSize(2);
        assertThat(Duration.ofNanos(requests.get(1).receivedNanos() - requests.get(0).receivedNanos()))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aProviderThatAnswersAStreamingRequestWithAWholeJsonBodyCompletesTheRunWithItsTextAsOnePiece()
            throws IOException {
        // given: an OpenAI-compatible server that ignores "stream": true
        ProviderWire wire = ProviderWire.OPENAI;
        server.always(asIs(wire.answer("4 degrees.")));

        // when
        Cli.Result result = Cli.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "run", "--stream", "--json",
                "--provider", wire.provider(), "--base-url", wire.baseUrl(server.origin()), scenario().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : result.out().lines().toList()) {
            lines.add(Wire.MAPPER.readTree(line));
        }
        assertThat(lines).filteredOn(line -> line.path("type").asText().equals("TextDelta"))
                .map(delta -> delta.get("text").asText()).containsExactly("4 degrees.");
        JsonNode last = lines.getLast();
        assertThat(last.at("/termination/$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(last.get("finalAnswer").asText()).isEqualTo("4 degrees.");
        assertThat(last.at("/usage/inputTokens").asInt()).isEqualTo(21);
        assertThat(server.requests()).singleElement().satisfies(request -> assertThat(request.streams()).isTrue());
    }

    static Stream<ProviderWire> wires() {
        return Stream.of(ProviderWire.values());
    }
}
