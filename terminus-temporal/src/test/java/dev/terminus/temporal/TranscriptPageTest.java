package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.temporal.wire.TranscriptPage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A page of a workflow's transcript, as its query answers. */
class TranscriptPageTest {

    @Test
    void itKeepsACopyOfItsMessages() {
        // given
        List<Message> messages = new ArrayList<>(List.of(new Message.User("hello")));

        // when
        TranscriptPage page = new TranscriptPage(0, 0, messages);
        messages.add(new Message.User("later"));

        // then
        assertThat(page.messages()).containsExactly(new Message.User("hello"));
    }

    @Test
    void aNegativeStartIsRefusedNamingIt() {
        assertThatThrownBy(() -> new TranscriptPage(0, -1, List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TranscriptPage.from").hasMessageContaining("-1");
    }

    @Test
    void itReadsBackEqualThroughTheDataConverter() {
        // given
        TranscriptPage page = new TranscriptPage(1, 3, List.of(new Message.User("hello"),
                new Message.ToolResult("call-1", "fetch", "a document", false)));

        // when
        var payload = TerminusDataConverter.ofDefaults().toPayload(page).orElseThrow();

        // then
        assertThat(TerminusDataConverter.ofDefaults().fromPayload(payload, TranscriptPage.class, TranscriptPage.class))
                .isEqualTo(page);
    }
}
