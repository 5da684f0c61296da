package dev.terminus.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The example application with a short time budget of its own, over real HTTP: a model that does not answer ends the
 * run by the budget. Its own context, so that the other runs of the example keep a budget no slow machine reaches.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn"})
class TimeBudgetOverHttpTest {
    private static final long TIME_BUDGET_MS = 1_500;
    private static final LoopbackOpenAi OPENAI = LoopbackOpenAi.start();
    private static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void openAiAndTerminus(DynamicPropertyRegistry properties) {
        properties.add("spring.ai.openai.base-url", OPENAI::baseUrl);
        properties.add("spring.ai.openai.api-key", () -> "sk-loopback");
        properties.add("spring.ai.openai.chat.options.model", () -> "gpt-loopback");
        properties.add("terminus.agent.time-budget", () -> TIME_BUDGET_MS + "ms");
    }

    @AfterAll
    static void stopTheServer() {
        OPENAI.close();
    }

    @Test
    void aModelThatDoesNotAnswerWithinTheTimeBudgetEndsTheRunTimeBudgetExhausted() throws Exception {
        // given
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/runs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"task\": \"[slow] Refund 5 EUR on order 2\"}"))
                .build();

        // when
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode termination = JSON.readTree(response.body()).get("termination");
        assertThat(termination.get("$kind").asText()).isEqualTo("TimeBudgetExhausted");
        assertThat(termination.get("limitMs").asLong()).isEqualTo(TIME_BUDGET_MS);
        assertThat(termination.get("elapsedMs").asLong()).isGreaterThanOrEqualTo(TIME_BUDGET_MS);
    }
}
