package dev.terminus.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The example application over real HTTP, its model Spring AI's OpenAI client talking to a loopback OpenAI-compatible
 * server: one application context for every test here (the time budget is cut in {@link TimeBudgetOverHttpTest}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn"})
class AgentApplicationTest {
    /** A budget no run of these tests reaches, even cold on a slow machine: {@link TimeBudgetOverHttpTest} cuts one. */
    private static final long TIME_BUDGET_MS = 60_000;
    private static final LoopbackOpenAi OPENAI = LoopbackOpenAi.start();
    private static final Path CHECKPOINTS = temporaryDirectory();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    RefundLedger ledger;

    @DynamicPropertySource
    static void openAiAndTerminus(DynamicPropertyRegistry properties) {
        properties.add("spring.ai.openai.base-url", OPENAI::baseUrl);
        properties.add("spring.ai.openai.api-key", () -> "sk-loopback");
        properties.add("spring.ai.openai.chat.options.model", () -> "gpt-loopback");
        properties.add("terminus.agent.time-budget", () -> TIME_BUDGET_MS + "ms");
        properties.add("terminus.checkpoints.dir", CHECKPOINTS::toString);
    }

    @AfterAll
    static void stopTheServerAndRemoveTheCheckpoints() throws IOException {
        OPENAI.close();
        try (Stream<Path> files = Files.walk(CHECKPOINTS)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Test
    void aTaskRunsTheToolAndEndsInANaturalCompletionAnsweredInTheWireFormat() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "{\"task\": \"Refund 20 EUR on order 7\"}");

        // then
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = JSON.readTree(response.body());
        assertThat(result.get("termination")).isEqualTo(JSON.readTree("{\"$kind\": \"NaturalCompletion\"}"));
        assertThat(result.get("category").asText()).isEqualTo("SUCCESS");
        assertThat(result.get("outcome").asText()).isEqualTo("SUCCEEDED");
        assertThat(result.get("toolCalls").asInt()).isEqualTo(1);
        assertThat(result.get("finalAnswer").asText()).isEqualTo("Done: Refunded 20 EUR on order 7.");
        assertThat(result.get("usage").get("inputTokens").asInt()).isEqualTo(80);
        assertThat(ledger.refunds()).contains(new RefundLedger.Refund(7, 20));
        assertThat(OPENAI.authorizations()).isNotEmpty().allMatch("Bearer sk-loopback"::equals);
    }

    @Test
    void aProviderThatRefusesTheKeyEndsTheRunProviderAuthFailed() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "{\"task\": \"[unauthorized] Refund 5 EUR on order 1\"}");

        // then
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = JSON.readTree(response.body());
        assertThat(result.get("termination")).isEqualTo(
                JSON.readTree("{\"$kind\": \"ProviderAuthFailed\", \"provider\": \"openai\", \"status\": 401}"));
        assertThat(result.get("category").asText()).isEqualTo("FATAL");
        assertThat(result.get("outcome").asText()).isEqualTo("FAILED");
    }

    @Test
    void aLargeRefundWaitsAtAGateThatTheActuatorEndpointListsAndApprovesThenTheRunCompletes() throws Exception {
        // given
        double completedBefore = completedRuns("NaturalCompletion");

        // when: the run pauses
        JsonNode paused = JSON.readTree(post("/runs", "{\"task\": \"Refund 500 EUR on order 42\"}").body());

        // then
        assertThat(paused.get("termination").get("$kind").asText()).isEqualTo("HitlGatePending");
        String gateId = paused.get("gateId").asText();
        assertThat(paused.get("termination").get("gateId").asText()).isEqualTo(gateId);
        assertThat(CHECKPOINTS.resolve(gateId + ".checkpoint.json")).exists();
        assertThat(ledger.refunds()).doesNotContain(new RefundLedger.Refund(42, 500));
        JsonNode listed = JSON.readTree(get("/actuator/terminus").body());
        JsonNode gate = gateNamed(listed.get("gates"), gateId);
        assertThat(gate.get("toolName").asText()).isEqualTo("refund_order");
        assertThat(gate.get("summary").asText()).contains("refund_order");

        // when: a person approves it
        HttpResponse<String> approved = post("/actuator/terminus/" + gateId, "{\"decision\": \"approve\"}");

        // then
        assertThat(approved.statusCode()).isEqualTo(200);
        JsonNode resumed = JSON.readTree(approved.body());
        assertThat(resumed.get("termination")).isEqualTo(JSON.readTree("{\"$kind\": \"NaturalCompletion\"}"));
        assertThat(resumed.get("finalAnswer").asText()).isEqualTo("Done: Refunded 500 EUR on order 42.");
        assertThat(ledger.refunds()).contains(new RefundLedger.Refund(42, 500));
        assertThat(CHECKPOINTS.resolve(gateId + ".checkpoint.json")).doesNotExist();
        JsonNode after = JSON.readTree(get("/actuator/terminus").body());
        assertThat(gateNamed(after.get("gates"), gateId)).isNull();
        assertThat(after.get("runs").get("byTermination").get("HitlGatePending").asLong()).isPositive();
        assertThat(after.get("runs").get("byCategory").get("SUSPENDED").asLong()).isPositive();
        assertThat(completedRuns("NaturalCompletion")).isEqualTo(completedBefore + 1);
        assertThat(completedRuns("HitlGatePending")).isPositive();
    }

    @Test
    void aBodyWithoutATaskIs400NamingTheField() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "{\"job\": \"Refund 5 EUR on order 1\"}");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("field").asText()).isEqualTo("task");
        assertThat(error.get("error").asText()).isEqualTo("task is required: {\"task\": \"...\"}");
    }

    @Test
    void aBlankTaskIs400NamingTheFieldAndTheValue() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "{\"task\": \"  \"}");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("field").asText()).isEqualTo("task");
        assertThat(error.get("error").asText()).isEqualTo("task must not be blank, was \"  \"");
    }

    @Test
    void aTaskThatIsNotAStringIs400NamingTheFieldAndTheValue() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "{\"task\": 42}");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("error").asText()).isEqualTo("task must be a string, was 42");
    }

    @Test
    void aBodyThatIsNotJsonIs400SayingSo() throws Exception {
        // when
        HttpResponse<String> response = post("/runs", "task=refund");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("field").isNull()).isTrue();
        assertThat(error.get("error").asText()).startsWith("the body is not JSON: ");
    }

    @Test
    void aGateDecisionThatIsNeitherApproveNorRejectIs400() throws Exception {
        // when
        HttpResponse<String> response = post("/actuator/terminus/gate-unknown", "{\"decision\": \"maybe\"}");

        // then
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("message").asText())
                .isEqualTo("decision must be \"approve\" or \"reject\", was \"maybe\"");
    }

    private static JsonNode gateNamed(JsonNode gates, String gateId) {
        for (JsonNode gate : gates) {
            if (gate.get("gateId").asText().equals(gateId)) {
                return gate;
            }
        }
        return null;
    }

    /** @return {@code terminus.run.completed} of a termination tag, from Actuator's metrics endpoint (0 when none) */
    private double completedRuns(String tag) throws Exception {
        HttpResponse<String> response = get("/actuator/metrics/terminus.run.completed?tag=terminus.termination:" + tag);
        if (response.statusCode() == 404) {
            return 0;
        }
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body()).get("measurements").get(0).get("value").asDouble();
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("terminus-example-checkpoints");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
