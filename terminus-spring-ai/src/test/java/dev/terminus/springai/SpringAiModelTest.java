package dev.terminus.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.springai.fake.LoopbackOpenAi;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.openai.OpenAiChatModel;

/**
 * {@link SpringAiModel}: the names it reports or is given, and the settings it rejects. (Its calls over HTTP are in
 * {@link OpenAiChatModelEndToEndTest}.)
 */
class SpringAiModelTest {
    private final LoopbackOpenAi server = new LoopbackOpenAi();

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** A model of the application's own, in process, with Spring AI's default options, which name no model. */
    private static final ChatModel UNNAMED = prompt -> new ChatResponse(List.of());

    @Test
    void ofReportsTheModelNameOfTheOptionsAndTheProviderOfTheClassAndDoesNotStream() {
        // given
        OpenAiChatModel openAi = OpenAiChatModelEndToEndTest.openAi(server);

        // when
        SpringAiModel model = SpringAiModel.of(openAi);

        // then
        assertThat(model.name()).isEqualTo("gpt-4o-mini");
        assertThat(model.provider()).isEqualTo("openai");
        assertThat(model.chatModel()).isSameAs(openAi);
        assertThat(model).isNotInstanceOf(StreamingModel.class);
        assertThat(model.interruptible()).isFalse();
        assertThat(model).hasToString("SpringAiModel[provider=openai, model=gpt-4o-mini]");
    }

    @Test
    void aModelWhoseOptionsNameNoModelMustBeNamedAndTheErrorSaysHow() {
        // when / then
        assertThatThrownBy(() -> SpringAiModel.of(UNNAMED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chatModel reports no model name (getOptions().getModel() is null)")
                .hasMessageContaining("SpringAiModel.of(chatModel, modelName, provider)");
    }

    @Test
    void namesOfYourChoosingAreTakenAndBlankOnesRejectedNamingTheSetting() {
        // when
        SpringAiModel named = SpringAiModel.of(UNNAMED, "local-llm", "inhouse");

        // then
        assertThat(named.name()).isEqualTo("local-llm");
        assertThat(named.provider()).isEqualTo("inhouse");
        assertThatThrownBy(() -> SpringAiModel.of(UNNAMED, " ", "inhouse"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("modelName");
        assertThatThrownBy(() -> SpringAiModel.of(UNNAMED, "local-llm", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("provider");
        assertThatThrownBy(() -> SpringAiModel.of(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("chatModel");
    }

    @Test
    void toolsOfferedToAModelWhoseOptionsTakeNoToolsFailTheCallNamingTheModel() {
        // given
        SpringAiModel model = SpringAiModel.of(UNNAMED, "local-llm", "inhouse");
        ModelRequest request = new ModelRequest(List.of(new Message.User("Weather?")),
                List.of(new ToolSpec("weather", "Today's weather", ToolSpec.NO_PARAMETERS)), null);

        // when / then
        assertThatThrownBy(() -> model.chat(request))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("options of model local-llm")
                .hasMessageContaining("cannot be offered tools");
    }
}
