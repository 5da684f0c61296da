package dev.terminus.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.terminus.Message;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class LangChain4jModelTest {
    private static final Map<String, @Nullable Object> ANSWER = Map.of("type", "object",
            "properties", Map.of("advice", Map.of("type", "string")));

    /** A LangChain4j model that answers with a function of the request, and may declare JSON Schema support. */
    private static ChatModel stub(boolean jsonSchema, Function<ChatRequest, ChatResponse> answer) {
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return answer.apply(request);
            }

            @Override
            public Set<Capability> supportedCapabilities() {
                return jsonSchema ? Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA) : Set.of();
            }
        };
    }

    private static ChatResponse answer(String text) {
        return ChatResponse.builder().aiMessage(AiMessage.from(text)).tokenUsage(new TokenUsage(7, 2))
                .finishReason(FinishReason.STOP).build();
    }

    @Test
    void aProviderCallRunsOnAThreadOfItsOwnSoAClientDeafToInterruptsCannotHoldTheRunPastItsDeadline() {
        // given: an HTTP client that ignores interrupts until released, and an agent with no enforcement chosen
        var release = new java.util.concurrent.CountDownLatch(1);
        LangChain4jModel model = LangChain4jModel.of(stub(false, request -> {
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException ignored) {
                    // deaf on purpose, like a blocking socket read on a platform thread
                }
            }
            return answer("too late");
        }), "gpt-4o-mini", "openai");
        var agent = dev.terminus.agent.Agent.builder(model)
                .config(dev.terminus.agent.AgentConfig.custom().timeBudget(java.time.Duration.ofMillis(150)).build())
                .build();
        assertThat(model.interruptible()).as("declared, or the run below would wait for the client").isFalse();

        try {
            // when
            var result = agent.run("Hi");

            // then
            assertThat(result.termination()).isInstanceOf(dev.terminus.Termination.TimeBudgetExhausted.class);
            assertThat(release.getCount()).as("the client was still blocked when the run returned").isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    @Test
    void ofReadsTheModelNameAndTheProviderFromTheChatModel() {
        // given
        var openAi = dev.langchain4j.model.openai.OpenAiChatModel.builder().apiKey("sk-test").modelName("gpt-4o-mini")
                .maxRetries(0).build();
        var anthropic = dev.langchain4j.model.anthropic.AnthropicChatModel.builder().apiKey("sk-test")
                .modelName("claude-sonnet-4-5").maxRetries(0).build();

        // when
        LangChain4jModel fromOpenAi = LangChain4jModel.of(openAi);
        LangChain4jModel fromAnthropic = LangChain4jModel.of(anthropic);

        // then
        assertThat(fromOpenAi.name()).isEqualTo("gpt-4o-mini");
        assertThat(fromOpenAi.provider()).isEqualTo("openai");
        assertThat(fromAnthropic.name()).isEqualTo("claude-sonnet-4-5");
        assertThat(fromAnthropic.provider()).isEqualTo("anthropic");
    }

    @Test
    void ofAChatModelThatReportsNoModelNameIsRefusedSayingHowToNameIt() {
        // given: a ChatModel of one's own, with LangChain4j's default request parameters
        ChatModel own = stub(false, request -> answer("hi"));

        // when / then
        assertThatThrownBy(() -> LangChain4jModel.of(own)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("defaultRequestParameters().modelName() is null")
                .hasMessageContaining("LangChain4jModel.of(chatModel, modelName, provider)");
        assertThat(LangChain4jModel.of(own, "my-model", "in-house").provider()).isEqualTo("in-house");
    }

    @Test
    void aCallSendsTheConvertedRequestAndReturnsTheConvertedAnswer() throws Exception {
        // given
        AtomicReference<ChatRequest> sent = new AtomicReference<>();
        LangChain4jModel model = LangChain4jModel.of(stub(false, request -> {
            sent.set(request);
            return answer("Hello.");
        }), "gpt-4o-mini", "openai");
        ToolSpec now = new ToolSpec("now", "The time", ToolSpec.NO_PARAMETERS);

        // when
        ModelResponse response = model.chat(new ModelRequest(
                List.of(new Message.System("Be brief."), new Message.User("Hi")), List.of(now), 64));

        // then
        assertThat(response).isEqualTo(new ModelResponse(Message.Assistant.of("Hello."), new Usage(7, 2, 0, 0),
                dev.terminus.agent.spi.FinishReason.STOP));
        assertThat(sent.get().messages()).containsExactly(SystemMessage.from("Be brief."), UserMessage.from("Hi"));
        assertThat(sent.get().toolSpecifications()).extracting(spec -> spec.name()).containsExactly("now");
        assertThat(sent.get().maxOutputTokens()).isEqualTo(64);
    }

    @Test
    void theResponseSchemaIsSentOnlyToAModelThatDeclaresJsonSchemaSupport() throws Exception {
        // given
        AtomicReference<ChatRequest> toCapable = new AtomicReference<>();
        AtomicReference<ChatRequest> toPlain = new AtomicReference<>();
        LangChain4jModel capable = LangChain4jModel.of(stub(true, request -> {
            toCapable.set(request);
            return answer("{}");
        }), "m", "p");
        LangChain4jModel plain = LangChain4jModel.of(stub(false, request -> {
            toPlain.set(request);
            return answer("{}");
        }), "m", "p");
        ModelRequest request = new ModelRequest(List.of(new Message.User("Hi")), List.of(), null, ANSWER);

        // when
        capable.chat(request);
        plain.chat(request);

        // then
        assertThat(toCapable.get().responseFormat()).isNotNull();
        assertThat(toCapable.get().responseFormat().jsonSchema().name()).isEqualTo("response");
        assertThat(toPlain.get().responseFormat()).isNull();
    }

    @Test
    void aFailureIsClassified() {
        // given
        LangChain4jModel model = LangChain4jModel.of(stub(false, request -> {
            throw new RateLimitException(new HttpException(429, "{\"error\":{\"message\":\"slow down\"}}"));
        }), "m", "p");

        // when / then
        assertThatThrownBy(() -> model.chat(new ModelRequest(List.of(new Message.User("Hi")), List.of(), null)))
                .isInstanceOf(ModelException.RateLimited.class).hasMessage("HTTP 429: slow down");
    }

    @Test
    void aKnownApiKeyIsCutOutOfFailures() {
        // given
        String key = "sk-very-secret";
        LangChain4jModel model = LangChain4jModel.of(stub(false, request -> {
            throw new AuthenticationException(new HttpException(401, "bad key " + key));
        }), "m", "p", key, null);

        // when / then
        assertThatThrownBy(() -> model.chat(new ModelRequest(List.of(new Message.User("Hi")), List.of(), null)))
                .isInstanceOf(ModelException.AuthenticationFailed.class).hasMessage("HTTP 401: bad key [redacted]")
                .hasNoCause();
    }

    @Test
    void aToolSchemaThatCannotBeSentFailsTheCallNamingTheTool() {
        // given
        LangChain4jModel model = LangChain4jModel.of(stub(false, request -> answer("never")), "m", "p");
        ToolSpec bad = new ToolSpec("search", "Searches", Map.of("type", "array"));

        // when / then
        assertThatThrownBy(() -> model.chat(new ModelRequest(List.of(new Message.User("Hi")), List.of(bad), null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool \"search\": the arguments schema must be of type \"object\", was \"array\"");
    }

    @Test
    void itReportsItsNamesAndWrappedModel() {
        // given
        ChatModel chatModel = stub(false, request -> answer("hi"));

        // when
        LangChain4jModel model = LangChain4jModel.of(chatModel, "gpt-4o-mini", "openai");

        // then
        assertThat(model.name()).isEqualTo("gpt-4o-mini");
        assertThat(model.provider()).isEqualTo("openai");
        assertThat(model.chatModel()).isSameAs(chatModel);
        assertThat(model).hasToString("LangChain4jModel[provider=openai, model=gpt-4o-mini]");
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        // given
        ChatModel chatModel = stub(false, request -> answer("hi"));

        // when / then
        assertThatThrownBy(() -> LangChain4jModel.of((ChatModel) null, "m", "p")).isInstanceOf(NullPointerException.class)
                .hasMessage("chatModel must not be null");
        assertThatThrownBy(() -> LangChain4jModel.of(chatModel, " ", "p")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modelName must not be blank, was \" \"");
        assertThatThrownBy(() -> LangChain4jModel.of(chatModel, "m", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider must not be blank, was \"\"");
    }
}
