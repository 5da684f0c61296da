package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunResultTest {

    private static final Termination DONE = new Termination.NaturalCompletion();
    private static final IterationRecord FIRST =
            new IterationRecord(1, Usage.of(10, 5), 1, FinishReason.TOOL_CALLS, Duration.ofMillis(30));
    private static final IterationRecord SECOND =
            new IterationRecord(2, Usage.of(20, 6), 0, FinishReason.STOP, Duration.ofMillis(40));

    private static RunResult result(List<Message> transcript, List<IterationRecord> iterations, String answer) {
        return new RunResult(DONE, Outcome.SUCCEEDED, transcript, iterations, Usage.of(30, 11),
                new BigDecimal("0.0002"), 1, Duration.ofMillis(70), answer);
    }

    @Test
    void keepsEverythingItIsGiven() {
        // given
        List<Message> transcript = List.of(new Message.User("hi"), Message.Assistant.of("hello"));

        // when
        RunResult result = result(transcript, List.of(FIRST, SECOND), "hello");

        // then
        assertThat(result.termination()).isEqualTo(DONE);
        assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(result.transcript()).isEqualTo(transcript);
        assertThat(result.iterations()).containsExactly(FIRST, SECOND);
        assertThat(result.usage()).isEqualTo(Usage.of(30, 11));
        assertThat(result.costUsd()).isEqualTo(new BigDecimal("0.0002"));
        assertThat(result.toolCalls()).isEqualTo(1);
        assertThat(result.duration()).isEqualTo(Duration.ofMillis(70));
    }

    @Test
    void iterationCountIsTheNumberOfIterationRecords() {
        // when
        RunResult result = result(List.of(), List.of(FIRST, SECOND), null);

        // then
        assertThat(result.iterationCount()).isEqualTo(2);
    }

    @Test
    void answerIsPresentWhenThereIsAFinalAnswer() {
        // when
        RunResult result = result(List.of(), List.of(), "42");

        // then
        assertThat(result.answer()).contains("42");
    }

    @Test
    void answerIsEmptyWithoutAFinalAnswer() {
        // when
        RunResult result = result(List.of(), List.of(), null);

        // then
        assertThat(result.answer()).isEmpty();
        assertThat(result.finalAnswer()).isNull();
    }

    @Test
    void listsAreCopiedSoLaterChangesToTheSourcesDoNotShow() {
        // given
        List<Message> transcript = new ArrayList<>(List.of(new Message.User("hi")));
        List<IterationRecord> iterations = new ArrayList<>(List.of(FIRST));
        RunResult result = result(transcript, iterations, null);

        // when
        transcript.add(Message.Assistant.of("late"));
        iterations.add(SECOND);

        // then
        assertThat(result.transcript()).containsExactly(new Message.User("hi"));
        assertThat(result.iterations()).containsExactly(FIRST);
    }

    @Test
    void listsAreUnmodifiable() {
        // given
        RunResult result = result(List.of(new Message.User("hi")), List.of(FIRST), null);

        // when / then
        assertThatThrownBy(() -> result.transcript().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> result.iterations().add(SECOND)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aNullElementInTheTranscriptIsRefusedNamingItsIndex() {
        // given
        List<Message> transcript = Arrays.asList(new Message.User("hi"), null);

        // when / then
        assertThatThrownBy(() -> result(transcript, List.of(), null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("RunResult.transcript[1] must not be null");
    }

    @Test
    void negativeToolCallsAreRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, List.of(), List.of(), Usage.ZERO,
                BigDecimal.ZERO, -1, Duration.ZERO, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RunResult.toolCalls must be >= 0, was -1");
    }

    @Test
    void requiredFieldsRefuseNullNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new RunResult(null, Outcome.SUCCEEDED, List.of(), List.of(), Usage.ZERO,
                BigDecimal.ZERO, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.termination must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, null, List.of(), List.of(), Usage.ZERO,
                BigDecimal.ZERO, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.outcome must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, null, List.of(), Usage.ZERO,
                BigDecimal.ZERO, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.transcript must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, List.of(), null, Usage.ZERO,
                BigDecimal.ZERO, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.iterations must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, List.of(), List.of(), null,
                BigDecimal.ZERO, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.usage must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, List.of(), List.of(), Usage.ZERO,
                null, 0, Duration.ZERO, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.costUsd must not be null");
        assertThatThrownBy(() -> new RunResult(DONE, Outcome.SUCCEEDED, List.of(), List.of(), Usage.ZERO,
                BigDecimal.ZERO, 0, null, null))
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.duration must not be null");
    }
}
