package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.Leaks;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A model of {@link LangChain4jModels} holds an HTTP client of its own until it is closed. */
@Timeout(30)
class ModelCloseTest {

    @Test
    void aModelHoldsItsConnectionAndClientThreadsUntilClosed() throws InterruptedException {
        // given: a model that answered once, its connection kept alive for the next call
        Leaks leaks = Leaks.snapshot();
        try (FaultServer server = new FaultServer()) {
            server.always(reply(ProviderWire.OPENAI.answer("Wear a coat.")));
            LangChain4jStreamingModel model = LangChain4jModels.openAi("gpt-4o-mini", FaultyRuns.KEY,
                    ProviderSettings.custom().baseUrl(ProviderWire.OPENAI.baseUrl(server.origin())).build());
            RunResult result = Agent.builder(model).build().run("What should I wear?");
            assertThat(result).endedWith(new Termination.NaturalCompletion());

            // when / then: open, the connection and the client's threads are there; closed, they are gone
            assertThatThrownBy(() -> leaks.assertNoneLeft(server, Duration.ofMillis(200))).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("HttpClient-").hasMessageContaining("1 connection(s) open");
            model.close();
            leaks.assertNoneLeft(server);
        }
    }

    @Test
    void aClosedModelRefusesCalls() {
        // given
        LangChain4jStreamingModel model = LangChain4jModels.anthropic("claude-sonnet-4-5", FaultyRuns.KEY);
        LangChain4jModel whole = LangChain4jModels.anthropicNonStreaming("claude-sonnet-4-5", FaultyRuns.KEY,
                ProviderSettings.ofDefaults());

        // when
        model.close();
        whole.close();
        RunResult result = Agent.builder(model).build().run("What should I wear?");
        RunResult wholeResult = Agent.builder(whole).build().run("What should I wear?");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message())
                        .isEqualTo("LangChain4jStreamingModel[provider=anthropic, model=claude-sonnet-4-5] is closed"));
        assertThat(wholeResult.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message())
                        .isEqualTo("LangChain4jModel[provider=anthropic, model=claude-sonnet-4-5] is closed"));
    }
}
