package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.FakeOpenAiServer.text;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FakeOpenAiServer.Tokens;
import dev.terminus.langchain4j.fake.FakeOpenAiServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Slow providers answering whole: the client's timeout is a retryable failure, and the run's time budget cuts a call
 * short. (A slow stream is cut by the agent's {@code streamIdleTimeout}: {@link StreamingNetworkFaultsTest}.)
 */
@Timeout(30)
class OpenAiTimingEndToEndTest {
    private static final String KEY = "sk-test-0123456789";
    private static final Tokens SMALL = new Tokens(10, 5, 0, 0);

    private final FakeOpenAiServer server = new FakeOpenAiServer();

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void aCallSlowerThanTheClientTimeoutIsRetriedAsATimeout() {
        // given: the first answer comes after the client gave up
        server.enqueue(text("late", "stop", SMALL).after(2_000), text("Wear a coat.", "stop", SMALL));
        LangChain4jModel model = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY,
                ProviderSettings.custom().baseUrl(server.baseUrl()).timeout(Duration.ofMillis(300)).build());
        List<@Nullable String> errors = new CopyOnWriteArrayList<>();
        AgentListener modelCalls = event -> {
            if (event instanceof AgentEvent.ModelCalled called) {
                errors.add(called.error());
            }
        };
        AgentConfig config = AgentConfig.custom()
                .retryPolicy(new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0)).build();

        // when
        RunResult result = Agent.builder(model).config(config).listener(modelCalls).build().run("What to wear?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(errors).containsExactly("dev.terminus.agent.spi.ModelException$Timeout", null);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void theRunsTimeBudgetInterruptsACallThatHangs() {
        // given: an answer that would come long after the run's time budget
        server.enqueue(text("late", "stop", SMALL).after(10_000));
        LangChain4jModel model = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, ProviderSettings.custom().baseUrl(server.baseUrl()).build());
        AgentConfig config = AgentConfig.custom().timeBudget(Duration.ofMillis(500)).build();

        // when
        long start = System.nanoTime();
        RunResult result = Agent.builder(model).config(config).build().run("What to wear?");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class)
                .satisfies(end -> assertThat(end.limitMs()).isEqualTo(500));
        assertThat(took).isLessThan(Duration.ofSeconds(5));
    }
}
