package dev.terminus.langchain4j;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FakeOpenAiServer;
import dev.terminus.langchain4j.fake.FakeOpenAiServer.Tokens;
import dev.terminus.langchain4j.fake.FakeServer.Received;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LangChain4jModelsTest {
    private static final String KEY = "sk-secret-key-0123456789";

    @Test
    void openAiBuildsTheOpenAiClientWithJsonSchemaSupport() {
        // given / when
        LangChain4jModel model = LangChain4jModels.openAi("gpt-4o-mini", KEY);

        // then
        assertThat(model.provider()).isEqualTo("openai");
        assertThat(model.name()).isEqualTo("gpt-4o-mini");
        assertThat(model.chatModel()).isInstanceOf(OpenAiChatModel.class);
        assertThat(model.chatModel().supportedCapabilities()).contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    @Test
    void anthropicBuildsTheAnthropicClient() {
        // given / when
        LangChain4jModel model = LangChain4jModels.anthropic("claude-sonnet-4-5", KEY);

        // then
        assertThat(model.provider()).isEqualTo("anthropic");
        assertThat(model.name()).isEqualTo("claude-sonnet-4-5");
        assertThat(model.chatModel()).isInstanceOf(AnthropicChatModel.class);
    }

    @Test
    void theApiKeyIsNotInToString() {
        // given / when
        LangChain4jModel openAi = LangChain4jModels.openAi("gpt-4o-mini", KEY);
        LangChain4jModel anthropic = LangChain4jModels.anthropic("claude-sonnet-4-5", KEY);

        // then
        assertThat(openAi.toString()).isEqualTo("LangChain4jModel[provider=openai, model=gpt-4o-mini]");
        assertThat(anthropic.toString()).doesNotContain(KEY);
    }

    @Test
    @Timeout(30)
    void ollamaTalksToTheServersOpenAiCompatibleApi() {
        // given
        try (FakeOpenAiServer server = new FakeOpenAiServer()) {
            server.enqueue(FakeOpenAiServer.text("Hello.", "stop", new Tokens(3, 2, 0, 0)));
            LangChain4jModel model = LangChain4jModels.ollama("llama3.2", ProviderSettings.custom().baseUrl(server.origin()).build());

            // when
            RunResult result = Agent.builder(model).build().run("Say hello");

            // then
            assertThat(result).endedWith(new Termination.NaturalCompletion());
            assertThat(model.provider()).isEqualTo("ollama");
            Received request = server.requests().getFirst();
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            assertThat(request.json().get("model").asText()).isEqualTo("llama3.2");
        }
    }

    @Test
    void aBaseUrlThatIsNotHttpIsRefusedNamingIt() {
        // given / when / then
        assertThatThrownBy(() -> LangChain4jModels.openAi("m", KEY, ProviderSettings.custom().baseUrl("ftp://example.com").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseUrl must be an http(s) URL, was \"ftp://example.com\"");
        assertThatThrownBy(() -> LangChain4jModels.anthropic("m", KEY, ProviderSettings.custom().baseUrl("not a url").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseUrl must be an http(s) URL, was \"not a url\"");
        assertThatThrownBy(() -> LangChain4jModels.ollama("m", ProviderSettings.custom().baseUrl("localhost:11434").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseUrl must be an http(s) URL, was \"localhost:11434\"");
    }

    @Test
    void aBlankApiKeyIsRefusedWithoutShowingIt() {
        // given / when / then
        assertThatThrownBy(() -> LangChain4jModels.openAi("m", "  "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("apiKey must not be blank");
        assertThatThrownBy(() -> LangChain4jModels.anthropic("m", null))
                .isInstanceOf(NullPointerException.class).hasMessage("apiKey must not be null");
    }

    @Test
    void aBlankModelNameOrANonPositiveTimeoutIsRefusedNamingIt() {
        // given / when / then
        assertThatThrownBy(() -> LangChain4jModels.openAi("", KEY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("modelName must not be blank, was \"\"");
        assertThatThrownBy(() -> LangChain4jModels.anthropic("m", KEY, ProviderSettings.custom().timeout(Duration.ZERO).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("timeout must be positive, was PT0S");
        assertThatThrownBy(() -> LangChain4jModels.ollama("m", ProviderSettings.custom().timeout(Duration.ofSeconds(-1)).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("timeout must be positive, was PT-1S");
    }
}
