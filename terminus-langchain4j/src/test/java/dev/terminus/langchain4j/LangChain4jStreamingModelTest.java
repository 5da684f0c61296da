package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.stream;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import dev.terminus.langchain4j.fake.ProviderWire.Ending;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link LangChain4jModel#of(dev.langchain4j.model.chat.StreamingChatModel)}: a LangChain4j streaming model of one's
 * own as a Terminus {@code StreamingModel}, its handler's callbacks mapped to the stream the loop reads.
 */
@Timeout(30)
class LangChain4jStreamingModelTest {
    private static final String KEY = "sk-test-0123456789";

    /** A streaming model in process: it calls its handler on the caller's thread, as the function says. */
    private static StreamingChatModel inProcess(BiConsumer<ChatRequest, StreamingChatResponseHandler> answer) {
        return new StreamingChatModel() {
            @Override
            public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
                answer.accept(request, handler);
            }
        };
    }

    private static ChatResponse response(AiMessage message, FinishReason finish) {
        return ChatResponse.builder().aiMessage(message).tokenUsage(new TokenUsage(7, 2)).finishReason(finish).build();
    }

    /** A listener that keeps the run's text pieces. */
    private static AgentListener pieces(List<String> into) {
        return new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    into.add(delta.text());
                }
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
    }

    @Test
    void itReportsTheNamesTheStreamingModelReports() {
        // given
        StreamingChatModel openAi = OpenAiStreamingChatModel.builder().apiKey(KEY).modelName("gpt-4o-mini").build();
        StreamingChatModel anthropic = AnthropicStreamingChatModel.builder().apiKey(KEY).modelName("claude-sonnet-4-5")
                .build();

        // when
        LangChain4jStreamingModel fromOpenAi = LangChain4jModel.of(openAi);
        LangChain4jStreamingModel fromAnthropic = LangChain4jModel.of(anthropic);

        // then
        assertThat(fromOpenAi.name()).isEqualTo("gpt-4o-mini");
        assertThat(fromOpenAi.provider()).isEqualTo("openai");
        assertThat(fromOpenAi.streamingChatModel()).isSameAs(openAi);
        assertThat(fromAnthropic.provider()).isEqualTo("anthropic");
        assertThat(fromAnthropic).hasToString("LangChain4jStreamingModel[provider=anthropic, model=claude-sonnet-4-5]");
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        // given
        StreamingChatModel unnamed = inProcess((request, handler) -> handler.onError(new IllegalStateException()));

        // when / then
        assertThatThrownBy(() -> LangChain4jModel.of(unnamed)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("streamingChatModel reports no model name (defaultRequestParameters().modelName() is "
                        + "null): name it with LangChain4jModel.of(streamingChatModel, modelName, provider)");
        assertThatThrownBy(() -> LangChain4jModel.of((StreamingChatModel) null, "m", "p"))
                .isInstanceOf(NullPointerException.class).hasMessage("streamingChatModel must not be null");
        assertThatThrownBy(() -> LangChain4jModel.of(unnamed, " ", "p")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modelName must not be blank, was \" \"");
        assertThatThrownBy(() -> LangChain4jModel.of(unnamed, "m", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider must not be blank, was \"\"");
    }

    @Test
    void aModelThatCallsItsHandlerOnTheCallersThreadStreamsEveryPieceAndItsToolCallPiecesAreNoText() {
        // given: 200 pieces, more than a stream holds unread, then a tool call streamed in pieces; then an answer
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            written.add(i + " ");
        }
        ToolExecutionRequest call = ToolExecutionRequest.builder().id("call_1").name("weather")
                .arguments("{\"city\":\"Oslo\"}").build();
        int[] calls = {0};
        StreamingChatModel model = inProcess((request, handler) -> {
            if (calls[0]++ == 0) {
                written.forEach(handler::onPartialResponse);
                handler.onPartialToolCall(PartialToolCall.builder().index(0).id("call_1").name("weather")
                        .partialArguments("{\"city\":").build());
                handler.onPartialToolCall(PartialToolCall.builder().index(0).id("call_1").name("weather")
                        .partialArguments("\"Oslo\"}").build());
                handler.onCompleteResponse(response(AiMessage.from(String.join("", written), List.of(call)),
                        FinishReason.TOOL_EXECUTION));
            } else {
                handler.onPartialResponse("Wear a coat.");
                handler.onCompleteResponse(response(AiMessage.from("Wear a coat."), FinishReason.STOP));
            }
        });
        List<Map<String, @Nullable Object>> weatherCalls = new CopyOnWriteArrayList<>();
        List<String> pieces = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder(LangChain4jModel.of(model, "in-house-1", "in-house")).listener(pieces(pieces))
                .tool(Tools.of("weather", "Today's weather", Map.of("type", "object"), (args, run) -> {
                    weatherCalls.add(args);
                    return "4°C";
                }))
                .build();

        // when
        RunResult result = agent.run("What should I wear?");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1);
        assertThat(weatherCalls).containsExactly(Map.of("city", "Oslo"));
        List<String> expected = new ArrayList<>(written);
        expected.add("Wear a coat.");
        assertThat(pieces).isEqualTo(expected);
        assertThat(result.usage()).isEqualTo(new Usage(14, 4, 0, 0));
    }

    @Test
    void aFailureOfTheStreamIsClassifiedAsTheSameFailureOfAWholeAnswerIs() {
        // given: a piece, then a 401
        StreamingChatModel model = inProcess((request, handler) -> {
            handler.onPartialResponse("Wear");
            handler.onError(new HttpException(401, "{\"error\": {\"message\": \"Incorrect API key\"}}"));
        });

        // when
        RunResult result = Agent.builder(LangChain4jModel.of(model, "gpt-4o-mini", "openai")).build().run("Hi");

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed("openai", 401));
        assertThat(result.incompleteAnswer()).contains("Wear");
    }

    @Test
    void aModelThatThrowsInsteadOfCallingOnErrorEndsTheStreamAsItsFailure() {
        // given
        StreamingChatModel model = inProcess((request, handler) -> {
            throw new IllegalStateException("no route to the model");
        });

        // when
        RunResult result = Agent.builder(LangChain4jModel.of(model, "in-house-1", "in-house")).build().run("Hi");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.UNKNOWN);
            assertThat(failed.error().message()).contains("no route to the model");
        });
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aStreamingChatModelOfOnesOwnIsCancelledOnTheWireThroughItsStreamingHandle(ProviderWire wire)
            throws InterruptedException {
        // given: LangChain4j's own client on its own HTTP client, its stream stalled after two pieces
        Duration budget = Duration.ofMillis(500);
        try (FaultServer server = new FaultServer()) {
            server.always(stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat."))
                    .stallAfter(wire.eventsThroughPiece(2)));
            String baseUrl = wire.baseUrl(server.origin());
            StreamingChatModel own = switch (wire) {
                case OPENAI -> OpenAiStreamingChatModel.builder().baseUrl(baseUrl).apiKey(KEY).modelName("gpt-4o-mini")
                        .build();
                case ANTHROPIC -> AnthropicStreamingChatModel.builder().baseUrl(baseUrl).apiKey(KEY)
                        .modelName("claude-sonnet-4-5").maxTokens(100).build();
            };
            List<String> pieces = new CopyOnWriteArrayList<>();
            Agent agent = Agent.builder(LangChain4jModel.of(own)).listener(pieces(pieces))
                    .config(AgentConfig.custom().timeBudget(budget).build()).build();

            // when
            long start = System.nanoTime();
            RunResult result = agent.run("What should I wear?");

            // then: the server sees the connection closed soon after the deadline, well before any client timeout
            assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
            assertThat(pieces).containsExactly("Wear", " a");
            assertThat(result.incompleteAnswer()).contains("Wear a");
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (server.connectionsEndedNanos().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(server.connectionsEndedNanos()).as("connections ended on the server").isNotEmpty();
            assertThat(Duration.ofNanos(server.connectionsEndedNanos().getFirst() - start))
                    .isBetween(budget, budget.plusSeconds(2));
        }
    }
}
