package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.Usage;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StreamingModelTest {

    @Test
    void aWholeAnswerFromAStreamingModelIsItsStreamReadToTheEndAndClosed() throws Exception {
        // given
        ModelResponse whole = ModelResponse.text("one two", Usage.of(4, 2));
        AtomicBoolean closed = new AtomicBoolean();
        StreamingModel model = request -> {
            ModelStream played = ModelStreams.of(whole, "one", " two");
            return new ModelStream() {
                @Override
                public StreamPart next(long timeoutNanos) throws Exception {
                    return played.next(timeoutNanos);
                }

                @Override
                public void close() {
                    closed.set(true);
                }
            };
        };

        // when
        ModelResponse answer = model.chat(new ModelRequest(List.of(new Message.User("hi")), List.of(), null));

        // then
        assertThat(answer).isSameAs(whole);
        assertThat(closed).isTrue();
    }
}
