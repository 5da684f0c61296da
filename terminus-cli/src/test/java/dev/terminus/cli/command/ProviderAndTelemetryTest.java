package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code terminus run --provider} against a local server speaking OpenAI's wire format, and {@code --otlp}. */
class ProviderAndTelemetryTest {
    private static final String KEY = "sk-test-do-not-print-0123456789";
    private static final String ANSWER = """
            {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o-mini",
             "choices": [{"index": 0, "finish_reason": "stop",
                          "message": {"role": "assistant", "content": "It will be 4 degrees."}}],
             "usage": {"prompt_tokens": 21, "completion_tokens": 7, "total_tokens": 28}}
            """;

    /** The pieces a streamed answer arrives in: {@link #ANSWER}'s text. */
    private static final List<String> PIECES = List.of("It will ", "be 4 ", "degrees.");
    /** A request that asks for the answer as a stream. */
    private static final java.util.regex.Pattern STREAM_REQUESTED = java.util.regex.Pattern.compile("\"stream\"\\s*:\\s*true");

    @TempDir
    Path dir;

    /** How many chat requests asked for a stream. */
    private final java.util.concurrent.atomic.AtomicInteger streamedRequests = new java.util.concurrent.atomic.AtomicInteger();

    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();
    /** The status and body the server answers a chat completion with. */
    private volatile int chatStatus = 200;
    private volatile String chatBody = ANSWER;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    private void answer(HttpExchange exchange) throws IOException {
        received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                + exchange.getRequestHeaders().getFirst("Authorization") + " "
                + exchange.getRequestHeaders().getFirst("Content-Type"));
        String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        boolean chat = exchange.getRequestURI().getPath().endsWith("/chat/completions");
        if (chat && chatStatus == 200 && STREAM_REQUESTED.matcher(request).find()) {
            streamedRequests.incrementAndGet();
            answerStreamed(exchange);
            return;
        }
        byte[] body = chat ? chatBody.getBytes(StandardCharsets.UTF_8) : new byte[0];
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(chat ? chatStatus : 200, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }

    /**
     * The answer in OpenAI's streaming format (server-sent events of {@code chat.completion.chunk}s): a role, the text in
     * {@link #PIECES}, the finish reason, the usage, then {@code [DONE]}, each event flushed as it is written.
     */
    private static void answerStreamed(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (var body = exchange.getResponseBody()) {
            List<String> chunks = new java.util.ArrayList<>();
            chunks.add(chunk("\"choices\": [{\"index\": 0, \"delta\": {\"role\": \"assistant\", \"content\": \"\"},"
                    + " \"finish_reason\": null}]"));
            for (String piece : PIECES) {
                chunks.add(chunk("\"choices\": [{\"index\": 0, \"delta\": {\"content\": \"" + piece + "\"},"
                        + " \"finish_reason\": null}]"));
            }
            chunks.add(chunk("\"choices\": [{\"index\": 0, \"delta\": {}, \"finish_reason\": \"stop\"}]"));
            chunks.add(chunk("\"choices\": [], \"usage\": {\"prompt_tokens\": 21, \"completion_tokens\": 7,"
                    + " \"total_tokens\": 28}"));
            chunks.add("[DONE]");
            for (String chunk : chunks) {
                body.write(("data: " + chunk + "\n\n").getBytes(StandardCharsets.UTF_8));
                body.flush();
            }
        }
    }

    private static String chunk(String fields) {
        return "{\"id\": \"chatcmpl-1\", \"object\": \"chat.completion.chunk\", \"created\": 1,"
                + " \"model\": \"gpt-4o-mini\", " + fields + "}";
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private void answerWithError(int status, String message, String code) {
        chatStatus = status;
        chatBody = "{\"error\": {\"message\": \"" + message + "\", \"type\": \"invalid_request_error\", "
                + "\"param\": null, \"code\": \"" + code + "\"}}";
    }

    private Path demoScenario(String name) throws IOException {
        Path file = dir.resolve(name + ".json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/" + name + ".json")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("weather.json"), """
                {"name": "weather", "task": "Tomorrow in Oslo?"}
                """);
    }

    private static Cli.Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = TerminusCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]), env);
        return new Cli.Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRealProviderAnswersTheScenarioWithTheKeyFromTheEnvironmentNeverPrinted() throws IOException {
        // when
        Cli.Result result = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--provider", "openai", "--base-url",
                base() + "/v1", "--model", "gpt-4o-mini", scenario().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Termination NaturalCompletion").contains("Tokens 21 in, 7 out")
                .contains("Answer It will be 4 degrees.");
        assertThat(received).singleElement().asString().startsWith("POST /v1/chat/completions Bearer " + KEY);
        assertThat(result.out() + result.err()).doesNotContain(KEY);
    }

    @Test
    void aRealProviderAnswersEveryStageOfAPipelineEachTakingThePreviousAnswer() throws IOException {
        // given: stages without scripts
        Path pipeline = Files.writeString(dir.resolve("forecast.json"), """
                {"task": "Tomorrow in Oslo?", "stages": [{"name": "forecast"}, {"name": "check"}]}
                """);

        // when
        Cli.Result result = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--json", "--provider", "openai",
                "--base-url", base() + "/v1", "--model", "gpt-4o-mini", pipeline.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(result.out());
        assertThat(report.get("termination").get("$kind").asText()).isEqualTo("Completed");
        assertThat(report.get("stages").get(1).get("input").asText()).isEqualTo("It will be 4 degrees.");
        assertThat(report.get("usage").get("inputTokens").asInt()).isEqualTo(42);
        assertThat(received).hasSize(2).allSatisfy(request ->
                assertThat(request).startsWith("POST /v1/chat/completions Bearer " + KEY));
    }

    @Test
    void aRealProviderStreamsItsAnswerThroughTheCommandThenTheSummary() throws IOException {
        // when
        Cli.Result result = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--stream", "--provider", "openai",
                "--base-url", base() + "/v1", "--model", "gpt-4o-mini", scenario().toString());

        // then: the text first, whole, then the summary of the same run
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("It will be 4 degrees.\n\n  Scenario      weather\n");
        assertThat(result.flatOut()).contains("Termination NaturalCompletion").contains("Tokens 21 in, 7 out")
                .contains("Answer It will be 4 degrees.");
        assertThat(received).singleElement().asString().startsWith("POST /v1/chat/completions Bearer " + KEY);
        assertThat(result.out() + result.err()).doesNotContain(KEY);
    }

    @Test
    void aRealProvidersAnswerArrivesAsTextEventsThenTheResult() throws IOException {
        // when
        Cli.Result result = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--stream", "--json", "--provider",
                "openai", "--base-url", base() + "/v1", scenario().toString());

        // then: a model that streams gives its pieces as they arrived; one that does not, its whole text as one
        assertThat(result.status()).as(result.err()).isZero();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (String line : result.out().lines().toList()) {
            lines.add(json.readTree(line));
        }
        List<String> pieces = lines.stream().filter(line -> line.path("type").asText().equals("TextDelta"))
                .map(delta -> delta.get("text").asText()).toList();
        assertThat(pieces).isEqualTo(streamedRequests.get() == 1 ? PIECES : List.of("It will be 4 degrees."));
        JsonNode last = lines.getLast();
        assertThat(last.get("termination").get("$kind").asText()).isEqualTo("NaturalCompletion");
        assertThat(last.get("finalAnswer").asText()).isEqualTo("It will be 4 degrees.");
        assertThat(last.get("usage").get("outputTokens").asInt()).isEqualTo(7);
    }

    @Test
    void aMissingKeyIsAClearErrorBeforeAnyCall() throws IOException {
        // when
        Cli.Result result = run(Map.of(), "run", "--provider", "anthropic", "--base-url", base(), scenario().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).isEqualTo("terminus: --provider anthropic needs an API key in the environment variable "
                + "ANTHROPIC_API_KEY, which is not set; nothing was sent" + System.lineSeparator());
        assertThat(received).isEmpty();
    }

    @Test
    void withOtlpTheRunsTracesAndMetricsAreExportedToTheCollector() throws IOException {
        // when: the scripted demo scenario, exported to the local "collector"
        Cli.Result result = run(Map.of(), "run", "--otlp", base(), demoScenario("natural-completion").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(received).anySatisfy(r -> assertThat(r).startsWith("POST /v1/traces").endsWith("application/x-protobuf"));
        assertThat(received).anySatisfy(r -> assertThat(r).startsWith("POST /v1/metrics").endsWith("application/x-protobuf"));
    }

    @Test
    void withoutOtlpNothingIsExportedToTheCollectorTheEnvironmentNames() throws IOException {
        // given: the OpenTelemetry environment points at the collector
        Map<String, String> otelEnvironment = Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", base(),
                "OTEL_TRACES_EXPORTER", "otlp", "OTEL_METRICS_EXPORTER", "otlp", "OTEL_SERVICE_NAME", "terminus-cli");
        Path natural = demoScenario("natural-completion");

        // when
        Cli.Result without = run(otelEnvironment, "run", natural.toString());

        // then: nothing reached it; the same run with --otlp does (exports are flushed before the command returns,
        // so an export that happened would have been received)
        assertThat(without.status()).as(without.err()).isZero();
        assertThat(received).isEmpty();
        Cli.Result with = run(otelEnvironment, "run", "--otlp", base(), natural.toString());
        assertThat(with.status()).as(with.err()).isZero();
        assertThat(received).anySatisfy(r -> assertThat(r).startsWith("POST /v1/traces"));
    }

    @Test
    void withoutOtlpNothingIsExportedToOtlpsDefaultPort() throws IOException {
        // given: a collector on OTLP/HTTP's default port, where OpenTelemetry's defaults would export with no
        // environment; skipped (not passed) when another process holds the port
        HttpServer defaultPort = collectorOnTheDefaultPort();
        assumeTrue(defaultPort != null, "127.0.0.1:4318 is taken by another process");
        Path natural = demoScenario("natural-completion");

        // when
        Cli.Result without;
        try {
            without = run(Map.of(), "run", natural.toString());
        } finally {
            defaultPort.stop(0);
        }

        // then
        assertThat(without.status()).as(without.err()).isZero();
        assertThat(received).isEmpty();
    }

    /** A collector on 127.0.0.1:4318, OTLP/HTTP's default, recording into the same list; null when the port is taken. */
    private @Nullable HttpServer collectorOnTheDefaultPort() throws IOException {
        try {
            HttpServer collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 4318), 0);
            collector.createContext("/", this::answer);
            collector.start();
            return collector;
        } catch (BindException taken) {
            return null;
        }
    }

    @Test
    void theHelpOfRunNamesTheEnvironmentVariablesOfTheApiKeys() {
        // when
        Cli.Result result = run(Map.of(), "run", "--help");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("OPENAI_API_KEY").contains("ANTHROPIC_API_KEY");
    }

    @Test
    void aRejectedKeyThatTheProviderEchoesIsNeverPrinted() throws IOException {
        // given: OpenAI's 401, whose message quotes the key
        answerWithError(401, "Incorrect API key provided: " + KEY + ". You can find your API key at "
                + "https://platform.openai.com/account/api-keys.", "invalid_api_key");

        // when
        Cli.Result text = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--provider", "openai", "--base-url",
                base() + "/v1", scenario().toString());
        Cli.Result json = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--json", "--provider", "openai",
                "--base-url", base() + "/v1", scenario().toString());

        // then
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.flatOut()).contains("Termination ProviderAuthFailed");
        assertThat(json.out()).contains("\"ProviderAuthFailed\"");
        assertThat(text.out() + text.err() + json.out() + json.err()).doesNotContain(KEY);
    }

    @Test
    void anUnknownModelEndsFailedConfigurationAndTheKeyTheProviderEchoesIsNeverPrinted() throws IOException {
        // given: OpenAI's 404 for a mistyped model, its message quoting the key
        answerWithError(404, "The model `gpt-4o-mni` does not exist or you do not have access to it (key " + KEY
                + ").", "model_not_found");

        // when
        Cli.Result text = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--provider", "openai", "--base-url",
                base() + "/v1", "--model", "gpt-4o-mni", scenario().toString());
        Cli.Result json = run(Map.of(Providers.OPENAI_KEY, KEY), "run", "--json", "--provider", "openai",
                "--base-url", base() + "/v1", "--model", "gpt-4o-mni", scenario().toString());

        // then: a configuration error to fix, not a failure to retry, with the status and the provider's message
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.flatOut()).contains("Termination Failed").contains("Category FATAL")
                .contains("HTTP 404 (invalid_request_error/model_not_found): The model `gpt-4o-mni` does not exist")
                .contains("(key [redacted])");
        assertThat(json.out()).contains("\"CONFIGURATION\"");
        assertThat(text.out() + text.err() + json.out() + json.err()).doesNotContain(KEY);
        assertThat(received).hasSize(2); // one call per run: not retried
    }

    @Test
    void aBadOtlpEndpointIsNamed() throws IOException {
        // when
        Cli.Result result = run(Map.of(), "run", "--otlp", "localhost:4318", scenario().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.err()).contains("--otlp: \"localhost:4318\" is not an http(s) URL");
    }
}
