package dev.terminus.springai.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.tool.ToolCallback;

class PromptsTest {
    private static final Map<String, @Nullable Object> CITY = Map.of("type", "object",
            "properties", Map.of("city", Map.of("type", "string")), "required", List.of("city"));
    private static final ToolSpec WEATHER = new ToolSpec("weather", "Today's weather in a city", CITY);
    private static final OpenAiChatOptions DEFAULTS = OpenAiChatOptions.builder()
            .model("gpt-4o-mini").temperature(0.2).apiKey("sk-test").build();

    private static Map<String, Object> json(String text) throws Exception {
        return new ObjectMapper().readValue(text, new TypeReference<Map<String, Object>>() {});
    }

    @Test
    void theTranscriptBecomesSpringAiMessagesWithConsecutiveToolResultsInOneToolResponseMessage() {
        // given
        List<Message> transcript = List.of(
                new Message.System("Be brief."),
                new Message.User("Weather in Oslo and Bergen?"),
                new Message.Assistant("Looking.", List.of(new ToolCall("call_1", "weather", Map.of("city", "Oslo")),
                        new ToolCall("call_2", "weather", Map.of("city", "Bergen")))),
                new Message.ToolResult("call_1", "weather", "4°C", false),
                new Message.ToolResult("call_2", null, "no such city", true),
                new Message.User("Thanks."));

        // when
        Prompt prompt = Prompts.toSpringAi(new ModelRequest(transcript, List.of(), null), DEFAULTS, "gpt-4o-mini");

        // then
        List<org.springframework.ai.chat.messages.Message> messages = prompt.getInstructions();
        assertThat(messages).hasSize(5);
        assertThat(messages.get(0)).isInstanceOf(SystemMessage.class).extracting(m -> m.getText()).isEqualTo("Be brief.");
        assertThat(messages.get(1)).isInstanceOf(UserMessage.class);
        AssistantMessage assistant = (AssistantMessage) messages.get(2);
        assertThat(assistant.getText()).isEqualTo("Looking.");
        assertThat(assistant.getToolCalls()).containsExactly(
                new AssistantMessage.ToolCall("call_1", "function", "weather", "{\"city\":\"Oslo\"}"),
                new AssistantMessage.ToolCall("call_2", "function", "weather", "{\"city\":\"Bergen\"}"));
        assertThat(((ToolResponseMessage) messages.get(3)).getResponses()).containsExactly(
                new ToolResponseMessage.ToolResponse("call_1", "weather", "4°C"),
                new ToolResponseMessage.ToolResponse("call_2", "", "no such city"));
        assertThat(messages.get(4)).isInstanceOf(UserMessage.class).extracting(m -> m.getText()).isEqualTo("Thanks.");
    }

    @Test
    void theModelsOwnOptionsCarryTheToolsDefinitionsAndTheOutputCapAndKeepTheirSettings() throws Exception {
        // given
        ModelRequest request = new ModelRequest(List.of(new Message.User("Weather?")), List.of(WEATHER), 50);

        // when
        Prompt prompt = Prompts.toSpringAi(request, DEFAULTS, "gpt-4o-mini");

        // then
        OpenAiChatOptions options = (OpenAiChatOptions) prompt.getOptions();
        assertThat(options.getModel()).isEqualTo("gpt-4o-mini");
        assertThat(options.getTemperature()).isEqualTo(0.2);
        assertThat(options.getMaxTokens()).isEqualTo(50);
        assertThat(options.getToolCallbacks()).singleElement().satisfies(callback -> {
            assertThat(callback.getToolDefinition().name()).isEqualTo("weather");
            assertThat(callback.getToolDefinition().description()).isEqualTo("Today's weather in a city");
            assertThat(json(callback.getToolDefinition().inputSchema()))
                    .isEqualTo(CITY);
        });
        assertThat(DEFAULTS.getToolCallbacks()).as("the model's own options are left as they were").isNullOrEmpty();
    }

    @Test
    void aToolDefinitionRefusesToRunSoSpringAiCanNeverRunATerminusTool() {
        // given
        Prompt prompt = Prompts.toSpringAi(new ModelRequest(List.of(new Message.User("Weather?")), List.of(WEATHER),
                null), DEFAULTS, "gpt-4o-mini");
        ToolCallback callback = ((OpenAiChatOptions) prompt.getOptions()).getToolCallbacks().getFirst();

        // when / then
        assertThatThrownBy(() -> callback.call("{\"city\":\"Oslo\"}"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tool weather is run by the Terminus agent loop");
    }

    @Test
    void toolsTheModelsOptionsCarryAreReplacedByTheRequestsOwn() {
        // given: options that already carry a tool of the application's
        OpenAiChatOptions withTools = OpenAiChatOptions.builder().model("gpt-4o-mini")
                .toolCallbacks(new DefinitionOnlyToolCallback(new ToolSpec("app_tool", "the app's", ToolSpec.NO_PARAMETERS)))
                .build();

        // when
        Prompt prompt = Prompts.toSpringAi(new ModelRequest(List.of(new Message.User("Hi")), List.of(), null),
                withTools, "gpt-4o-mini");

        // then
        assertThat(((OpenAiChatOptions) prompt.getOptions()).getToolCallbacks()).isNullOrEmpty();
    }

    @Test
    void theResponseSchemaGoesOutAsTheOutputSchemaOfOptionsThatTakeOne() throws Exception {
        // given
        Map<String, @Nullable Object> schema = Map.of("type", "object",
                "properties", Map.of("answer", Map.of("type", "string")), "required", List.of("answer"));

        // when
        Prompt prompt = Prompts.toSpringAi(new ModelRequest(List.of(new Message.User("Hi")), List.of(), null, schema),
                DEFAULTS, "gpt-4o-mini");

        // then
        String sent = ((OpenAiChatOptions) prompt.getOptions()).getOutputSchema();
        assertThat(json(sent)).isEqualTo(schema);
    }

    @Test
    void toolsOfferedToAModelWhoseOptionsTakeNoToolsAreAnErrorNamingTheModelAndItsOptions() {
        // given
        ChatOptions plain = ChatOptions.builder().model("local").build();
        ModelRequest request = new ModelRequest(List.of(new Message.User("Weather?")), List.of(WEATHER), null);

        // when / then
        assertThatThrownBy(() -> Prompts.toSpringAi(request, plain, "local"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the request offers 1 tools")
                .hasMessageContaining("options of model local")
                .hasMessageContaining(plain.getClass().getName())
                .hasMessageContaining("ToolCallingChatOptions");
    }
}
