package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.ModelStreams;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 34, item 4: a streamed run's text, without handling its events by hand. */
@Timeout(10)
class RunStreamTextTest {

    @Test
    void theTextViewReplacesTheTextOfADiscardedRetryAndEndsWithTheRunsResult() {
        // given: the first call streams "Draft" and fails with a 503, the retry streams the answer
        ModelException failure = new ModelException.ServerError(503, "overloaded", null, null);
        Agent agent = Agent.builder(failingOnceThenAnswering(failure, List.of("Dra", "ft"), List.of("Final ", "answer")))
                .config(AgentConfig.custom().retryPolicy(new RetryPolicy(1, Duration.ofMillis(1), Duration.ofMillis(1), 0))
                        .build())
                .build();

        // when
        List<TextPiece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        RunResult result;
        try (RunStream stream = agent.stream("write", 1)) {
            for (TextPiece piece : stream.text()) {
                pieces.add(piece);
                piece.applyTo(text);
            }
            result = stream.result();
        }

        // then
        assertThat(pieces).containsExactly(new TextPiece.Append("Dra"), new TextPiece.Append("ft"),
                new TextPiece.Retract(5, ModelException.ServerError.class.getName()),
                new TextPiece.Append("Final "), new TextPiece.Append("answer"));
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains(text.toString());
        assertThat(text).hasToString("Final answer");
    }

    @Test
    void theTextViewGivesTheTextOfEveryIterationInOrder() {
        // given: a plain model that calls a tool, then answers
        AtomicInteger calls = new AtomicInteger();
        Agent agent = Agent.builder(request -> calls.getAndIncrement() == 0
                        ? new ModelResponse(Message.Assistant.of("Let me look. ", new ToolCall("1", "look", Map.of())),
                                Usage.of(1, 1), FinishReason.TOOL_CALLS)
                        : ModelResponse.text("Found it.", Usage.of(1, 1)))
                .tool(Tools.of("look", "looks", (arguments, context) -> "here"))
                .build();

        // when
        StringBuilder text = new StringBuilder();
        try (RunStream stream = agent.stream("find it")) {
            stream.text().forEach(piece -> piece.applyTo(text));
        }

        // then
        assertThat(text).hasToString("Let me look. Found it.");
    }

    @Test
    void aRetractOfMoreThanTheTextHoldsIsRefusedSayingWhy() {
        // given
        StringBuilder text = new StringBuilder("abc");

        // when / then
        assertThatThrownBy(() -> new TextPiece.Retract(5, "java.io.IOException").applyTo(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot take back 5 characters from a text of 3: apply every piece of the run's text to it,"
                        + " in order");
    }

    @Test
    void piecesWithNothingToAddOrTakeBackAreRefusedByName() {
        assertThatThrownBy(() -> new TextPiece.Append("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("text must not be empty");
        assertThatThrownBy(() -> new TextPiece.Retract(0, "java.io.IOException"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("characters must be at least 1, was 0");
    }

    /** A model whose first stream gives these pieces then fails, and whose second gives the answer's pieces. */
    private static StreamingModel failingOnceThenAnswering(Exception failure, List<String> before, List<String> answer) {
        AtomicInteger calls = new AtomicInteger();
        return request -> {
            if (calls.getAndIncrement() > 0) {
                return ModelStreams.of(ModelResponse.text(String.join("", answer), Usage.of(2, 2)),
                        answer.toArray(String[]::new));
            }
            Queue<String> left = new ArrayDeque<>(before);
            return new ModelStream() {
                @Override
                public StreamPart next(long timeoutNanos) throws Exception {
                    if (left.isEmpty()) {
                        throw failure;
                    }
                    return new StreamPart.TextDelta(left.remove());
                }

                @Override
                public void close() {}
            };
        };
    }
}
