package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunResultTest {

    private static final Termination DONE = new Termination.NaturalCompletion();
    private static final IterationRecord FIRST =
            new IterationRecord(1, Usage.of(10, 5), 1, FinishReason.TOOL_CALLS, Duration.ofMillis(30));
    private static final IterationRecord SECOND =
            new IterationRecord(2, Usage.of(20, 6), 0, FinishReason.STOP, Duration.ofMillis(40));
    private static final ToolCall PENDING = new ToolCall("call-1", "refund", Map.of());
    private static final Checkpoint CHECKPOINT = new Checkpoint(Checkpoint.FORMAT_VERSION,
            new Termination.HitlGatePending("gate-1", "call-1", "Call refund", "support", 1), "support", "gpt-4o",
            "ab12", PENDING, List.of(), List.of(new Message.User("hi"), Message.Assistant.of("", PENDING)), 1, 0,
            Usage.ZERO, BigDecimal.ZERO, List.of(), Duration.ZERO, 0, 0, false, Map.of());

    private static RunResult result(List<Message> transcript, List<IterationRecord> iterations, String answer) {
        return RunResult.builder().termination(DONE).outcome(Outcome.SUCCEEDED).transcript(transcript)
                .iterations(iterations).usage(Usage.of(30, 11)).costUsd(new BigDecimal("0.0002")).toolCalls(1)
                .duration(Duration.ofMillis(70)).finalAnswer(answer).build();
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
    void finalAnswerIsPresentWhenTheRunAnswered() {
        // given
        RunResult.Builder builder = valid().finalAnswer("42");

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.finalAnswer()).contains("42");
    }

    @Test
    void finalAnswerIsEmptyWhenTheRunDidNotAnswer() {
        // given
        RunResult.Builder builder = valid().finalAnswer(null);

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.finalAnswer()).isEmpty();
    }

    @Test
    void structuredOutputIsPresentWhenTheRunEndedWithATypedAnswer() {
        // given
        RunResult.Builder builder = valid().structuredOutput(new Refund("order-7", 12));

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.structuredOutput()).contains(new Refund("order-7", 12));
    }

    @Test
    void structuredOutputIsEmptyWithoutATypedAnswer() {
        // given
        RunResult.Builder builder = valid().finalAnswer("not valid").structuredOutput(null);

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.structuredOutput()).isEmpty();
    }

    @Test
    void structuredOutputOfATypeGivesTheTypedAnswerAsThatType() {
        // given
        RunResult result = valid().structuredOutput(new Refund("order-7", 12)).build();

        // when
        Optional<Refund> refund = result.structuredOutput(Refund.class);

        // then
        assertThat(refund).map(Refund::amount).contains(12);
    }

    @Test
    void structuredOutputOfATypeIsEmptyWithoutATypedAnswer() {
        // given
        RunResult result = valid().build();

        // when
        Optional<Refund> refund = result.structuredOutput(Refund.class);

        // then
        assertThat(refund).isEmpty();
    }

    @Test
    void structuredOutputOfAnotherTypeIsRefused() {
        // given
        RunResult result = valid().structuredOutput(Map.of("orderId", "order-7")).build();

        // when / then
        assertThatThrownBy(() -> result.structuredOutput(Refund.class)).isInstanceOf(ClassCastException.class);
    }

    @Test
    void checkpointIsPresentWhenTheRunPausedAtAGate() {
        // given
        RunResult.Builder builder = valid().termination(CHECKPOINT.gate()).outcome(Outcome.SUSPENDED)
                .checkpoint(CHECKPOINT);

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.checkpoint()).contains(CHECKPOINT);
    }

    @Test
    void checkpointIsEmptyWhenTheRunDidNotPause() {
        // given
        RunResult.Builder builder = valid().checkpoint(null);

        // when
        RunResult result = builder.build();

        // then
        assertThat(result.checkpoint()).isEmpty();
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
        assertThatThrownBy(() -> valid().toolCalls(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("RunResult.toolCalls must be >= 0, was -1");
    }

    @Test
    void requiredFieldsRefuseNullNamingTheField() {
        // when / then
        assertThatThrownBy(() -> valid().termination(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.termination must not be null");
        assertThatThrownBy(() -> valid().outcome(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.outcome must not be null");
        assertThatThrownBy(() -> valid().transcript(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.transcript must not be null");
        assertThatThrownBy(() -> valid().iterations(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.iterations must not be null");
        assertThatThrownBy(() -> valid().usage(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.usage must not be null");
        assertThatThrownBy(() -> valid().costUsd(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.costUsd must not be null");
        assertThatThrownBy(() -> valid().duration(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.duration must not be null");
    }

    @Test
    void aBuilderWithoutTerminationOrOutcomeRefusesToBuildNamingTheMissingField() {
        // when / then
        assertThatThrownBy(() -> RunResult.builder().outcome(Outcome.SUCCEEDED).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.termination must not be null");
        assertThatThrownBy(() -> RunResult.builder().termination(DONE).build())
                .isInstanceOf(NullPointerException.class).hasMessage("RunResult.outcome must not be null");
    }

    @Test
    void fieldsNotSetAreEmptyOrZero() {
        // when
        RunResult result = valid().build();

        // then
        assertThat(result.transcript()).isEmpty();
        assertThat(result.iterations()).isEmpty();
        assertThat(result.usage()).isEqualTo(Usage.ZERO);
        assertThat(result.costUsd()).isEqualTo(BigDecimal.ZERO);
        assertThat(result.toolCalls()).isZero();
        assertThat(result.duration()).isEqualTo(Duration.ZERO);
        assertThat(result.finalAnswer()).isEmpty();
        assertThat(result.structuredOutput()).isEmpty();
        assertThat(result.checkpoint()).isEmpty();
    }

    @Test
    void resultsWithEqualFieldsAreEqualAndHashAlike() {
        // given
        RunResult one = result(List.of(new Message.User("hi")), List.of(FIRST), "hello");

        // when
        RunResult other = result(List.of(new Message.User("hi")), List.of(FIRST), "hello");

        // then
        assertThat(other).isEqualTo(one).hasSameHashCodeAs(one);
    }

    @Test
    void resultsDifferingInAnyOneFieldAreNotEqual() {
        // given
        RunResult base = result(List.of(new Message.User("hi")), List.of(FIRST), "hello");

        // when
        List<RunResult> changed = List.of(
                base.toBuilder().termination(new Termination.MaxIterationsReached(2, 2)).build(),
                base.toBuilder().outcome(Outcome.FAILED).build(),
                base.toBuilder().transcript(List.of()).build(),
                base.toBuilder().iterations(List.of()).build(),
                base.toBuilder().usage(Usage.ZERO).build(),
                base.toBuilder().costUsd(BigDecimal.ONE).build(),
                base.toBuilder().toolCalls(2).build(),
                base.toBuilder().duration(Duration.ofMillis(71)).build(),
                base.toBuilder().finalAnswer("other").build(),
                base.toBuilder().structuredOutput(42).build(),
                base.toBuilder().checkpoint(CHECKPOINT).build());

        // then
        assertThat(changed).allSatisfy(other -> assertThat(other).isNotEqualTo(base));
    }

    @Test
    void toBuilderKeepsEveryFieldItDoesNotChange() {
        // given
        RunResult original = result(List.of(new Message.User("hi")), List.of(FIRST, SECOND), "hello").toBuilder()
                .structuredOutput(42).checkpoint(CHECKPOINT).build();

        // when
        RunResult copy = original.toBuilder().toolCalls(5).build();

        // then
        assertThat(copy.toolCalls()).isEqualTo(5);
        assertThat(copy.toBuilder().toolCalls(original.toolCalls()).build()).isEqualTo(original);
        assertThat(original.toBuilder().build()).isEqualTo(original);
    }

    @Test
    void toStringNamesEveryFieldByItsAccessorsName() {
        // given
        RunResult result = valid().finalAnswer("42").build();

        // when
        String text = result.toString();

        // then
        assertThat(text).isEqualTo("RunResult[termination=NaturalCompletion[], outcome=SUCCEEDED, transcript=[],"
                + " iterations=[], usage=" + Usage.ZERO + ", costUsd=0, toolCalls=0, duration=PT0S, finalAnswer=42,"
                + " structuredOutput=null, checkpoint=null, agentName=null, children=[]]");
    }

    @Test
    void theAgentThatEndedTheRunAndTheChildrenAreKeptByTheBuilderAndCompared() {
        // given
        RunResult child = valid().agentName("researcher").build();
        RunResult parent = valid().agentName("writer").children(List.of(new ChildRun("research", 1, child))).build();

        // when
        RunResult copy = parent.toBuilder().build();

        // then
        assertThat(copy).isEqualTo(parent).hasSameHashCodeAs(parent);
        assertThat(copy.agentName()).contains("writer");
        assertThat(copy.children()).singleElement().extracting(ChildRun::result).isEqualTo(child);
        assertThat(parent.toBuilder().children(List.of()).build()).isNotEqualTo(parent);
        assertThat(parent.toBuilder().agentName("other").build()).isNotEqualTo(parent);
    }

    @Test
    void aNullChildIsRefusedNamingTheField() {
        // given
        java.util.List<ChildRun> children = new java.util.ArrayList<>();
        children.add(null);

        // when / then
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> valid().children(children).build())
                .hasMessageContaining("RunResult.children");
    }

    /** A typed answer, as an output validator would produce it. */
    private record Refund(String orderId, int amount) {}

    private static RunResult.Builder valid() {
        return RunResult.builder().termination(DONE).outcome(Outcome.SUCCEEDED);
    }
}
