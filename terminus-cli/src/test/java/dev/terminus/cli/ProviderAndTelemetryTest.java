package dev.terminus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
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

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization") + " "
                    + exchange.getRequestHeaders().getFirst("Content-Type"));
            exchange.getRequestBody().readAllBytes();
            byte[] body = exchange.getRequestURI().getPath().endsWith("/chat/completions")
                    ? ANSWER.getBytes(StandardCharsets.UTF_8) : new byte[0];
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
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
        Path natural = dir.resolve("natural.json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/natural-completion.json")) {
            Files.write(natural, in.readAllBytes());
        }
        Cli.Result result = run(Map.of(), "run", "--otlp", base(), natural.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(received).anySatisfy(r -> assertThat(r).startsWith("POST /v1/traces").endsWith("application/x-protobuf"));
        assertThat(received).anySatisfy(r -> assertThat(r).startsWith("POST /v1/metrics").endsWith("application/x-protobuf"));
    }

    @Test
    void withoutOtlpNothingIsExported() throws IOException {
        // when
        Path natural = dir.resolve("natural.json");
        try (var in = RunCommand.class.getResourceAsStream("/dev/terminus/cli/demo/natural-completion.json")) {
            Files.write(natural, in.readAllBytes());
        }
        Cli.Result result = run(Map.of(), "run", natural.toString());

        // then
        assertThat(result.status()).isZero();
        assertThat(received).isEmpty();
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
