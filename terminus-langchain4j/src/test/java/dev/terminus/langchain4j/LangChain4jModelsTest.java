package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LangChain4jModelsTest {
    private static final String KEY = "sk-secret-key-0123456789";

    @Test
    void openAiBuildsTheStreamingOpenAiClient() {
        // given / when
        LangChain4jStreamingModel model = LangChain4jModels.openAi("gpt-4o-mini", KEY);

        // then
        assertThat(model.provider()).isEqualTo("openai");
        assertThat(model.name()).isEqualTo("gpt-4o-mini");
        assertThat(model.streamingChatModel()).isInstanceOf(OpenAiStreamingChatModel.class);
        model.close();
    }

    @Test
    void anthropicBuildsTheStreamingAnthropicClient() {
        // given / when
        LangChain4jStreamingModel model = LangChain4jModels.anthropic("claude-sonnet-4-5", KEY);

        // then
        assertThat(model.provider()).isEqualTo("anthropic");
        assertThat(model.name()).isEqualTo("claude-sonnet-4-5");
        assertThat(model.streamingChatModel()).isInstanceOf(AnthropicStreamingChatModel.class);
        model.close();
    }

    @Test
    void theNonStreamingFactoriesBuildTheWholeAnswerClientsOpenAisWithJsonSchemaSupport() {
        // given / when
        LangChain4jModel openAi = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, ProviderSettings.ofDefaults());
        LangChain4jModel anthropic = LangChain4jModels.anthropicNonStreaming("claude-sonnet-4-5", KEY,
                ProviderSettings.ofDefaults());
        LangChain4jModel ollama = LangChain4jModels.ollamaNonStreaming("llama3.2", ProviderSettings.ofDefaults());

        // then
        assertThat(openAi.chatModel()).isInstanceOf(OpenAiChatModel.class);
        assertThat(openAi.chatModel().supportedCapabilities()).contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        assertThat(anthropic.chatModel()).isInstanceOf(AnthropicChatModel.class);
        assertThat(ollama.chatModel()).isInstanceOf(OpenAiChatModel.class);
        assertThat(ollama.provider()).isEqualTo("ollama");
        List.of(openAi, anthropic, ollama).forEach(LangChain4jModel::close);
    }

    @Test
    void theApiKeyIsNotInToString() {
        // given / when
        LangChain4jStreamingModel openAi = LangChain4jModels.openAi("gpt-4o-mini", KEY);
        LangChain4jStreamingModel anthropic = LangChain4jModels.anthropic("claude-sonnet-4-5", KEY);
        LangChain4jModel whole = LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, ProviderSettings.ofDefaults());

        // then
        assertThat(openAi.toString()).isEqualTo("LangChain4jStreamingModel[provider=openai, model=gpt-4o-mini]");
        assertThat(anthropic.toString()).doesNotContain(KEY);
        assertThat(whole.toString()).isEqualTo("LangChain4jModel[provider=openai, model=gpt-4o-mini]");
        openAi.close();
        anthropic.close();
        whole.close();
    }

    @Test
    @Timeout(30)
    void ollamaStreamsFromTheServersOpenAiCompatibleApi() throws Exception {
        // given
        try (FaultServer server = new FaultServer()) {
            server.always(reply(ProviderWire.OPENAI.answer("Hello there.")));
            LangChain4jStreamingModel model = LangChain4jModels.ollama("llama3.2",
                    ProviderSettings.custom().baseUrl(server.origin()).build());

            // when
            RunResult result = Agent.builder(model).build().run("Say hello");

            // then
            assertThat(result).endedWith(new Termination.NaturalCompletion());
            assertThat(result.finalAnswer()).contains("Hello there.");
            assertThat(model.provider()).isEqualTo("ollama");
            FaultServer.Request request = server.requests().getFirst();
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            assertThat(new ObjectMapper().readTree(request.body()).get("model").asText()).isEqualTo("llama3.2");
            assertThat(request.streams()).isTrue();
            model.close();
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
