package dev.terminus.springai.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;

class NamesTest {

    /** A provider's client as Spring AI names them. */
    static final class AcmeChatModel implements ChatModel {
        @Override
        public ChatResponse call(Prompt prompt) {
            return new ChatResponse(List.of());
        }
    }

    /** A model whose class does not end in ChatModel. */
    static final class InHouseLlm implements ChatModel {
        @Override
        public ChatResponse call(Prompt prompt) {
            return new ChatResponse(List.of());
        }
    }

    @Test
    void theProviderIsTheClassNameWithoutChatModelInLowerCase() {
        // when
        String acme = Names.provider(new AcmeChatModel());
        String inHouse = Names.provider(new InHouseLlm());

        // then
        assertThat(acme).isEqualTo("acme");
        assertThat(inHouse).isEqualTo("inhousellm");
    }

    @Test
    void aLambdaOrAnAnonymousClassIsOfAnUnknownProvider() {
        // given
        ChatModel lambda = prompt -> new ChatResponse(List.of());
        ChatModel anonymous = new ChatModel() {
            @Override
            public ChatResponse call(Prompt prompt) {
                return new ChatResponse(List.of());
            }
        };

        // when / then
        assertThat(Names.provider(lambda)).isEqualTo("unknown");
        assertThat(Names.provider(anonymous)).isEqualTo("unknown");
    }
}
