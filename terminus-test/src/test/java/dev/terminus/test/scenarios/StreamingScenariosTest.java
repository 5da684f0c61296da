package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamPart;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every way a streamed answer can end is one typed termination, and the text that arrived is kept. */
@Timeout(30)
class StreamingScenariosTest {
    private static final RetryPolicy NO_RETRY = new RetryPolicy(0, Duration.ofMillis(1), Duration.ofMillis(1), 0);

    @Test
    void theCallerReceivesEachPieceThenExactlyOneLastEventWithTheResult() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().streamed("Hel", "lo, ", "world").build()).build();

        // when
        List<AgentEvent> events = new ArrayList<>();
        RunResult result;
        try (RunStream stream = agent.stream("greet")) {
            stream.forEach(events::add);
            result = stream.result();
        }

        // then
        assertThat(text(events)).isEqualTo("Hello, world");
        assertThat(events.stream().filter(e -> e instanceof AgentEvent.RunTerminated)).hasSize(1);
        assertThat(events.getLast()).isEqualTo(new AgentEvent.RunTerminated(agent.config().name(), result));
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Hello, world");
        assertThat(result.incompleteAnswer()).isEmpty();
    }

    @Test
    void aModelThatDoesNotStreamGivesItsWholeTextAsOnePiece() {
        // given: a plain model, not a streaming one
        Agent agent = Agent.builder(request -> dev.terminus.agent.spi.ModelResponse.text("whole answer",
                dev.terminus.agent.Usage.of(3, 2))).build();

        // when
        List<AgentEvent> events = new ArrayList<>();
        try (RunStream stream = agent.stream("ask")) {
            stream.forEach(events::add);
        }

        // then
        assertThat(events.stream().filter(e -> e instanceof AgentEvent.TextDelta).map(e -> ((AgentEvent.TextDelta) e).text()))
                .containsExactly("whole answer");
    }

    @Test
    void aDeadlineMidStreamEndsTheRunTimeBudgetExhaustedWithTheTextThatArrivedMarkedIncomplete() {
        // given: two pieces arrive, then the stream goes silent past the 300 ms budget
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThenStall("Once upon", " a time").build())
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(300)).build()).build();

        // when
        RunResult result = agent.run("tell a story");

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.transcript().getLast()).isEqualTo(Message.Assistant.incomplete("Once upon a time"));
        assertThat(result.incompleteAnswer()).contains("Once upon a time");
    }

    @Test
    void closingTheStreamEarlyCancelsTheRunNamingTheConsumer() {
        // given: a stream that stalls after its first piece
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThenStall("first").build()).build();
        RunStream stream = agent.stream("go");

        // when: the consumer reads the first piece, then closes
        String first = null;
        for (AgentEvent event : stream) {
            if (event instanceof AgentEvent.TextDelta delta) {
                first = delta.text();
                break;
            }
        }
        stream.close();

        // then
        RunResult result = stream.result();
        assertThat(first).isEqualTo("first");
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
        assertThat(result.incompleteAnswer()).contains("first");
    }

    @Test
    void aStreamThatStopsAtItsOutputCapEndsOutputTruncatedKeepingItsText() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThen(FinishReason.LENGTH, "The list: a, b,").build())
                .config(AgentConfig.custom().maxOutputTokens(8).build()).build();

        // when
        RunResult result = agent.run("list");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.OutputTruncated(8));
        assertThat(result.incompleteAnswer()).contains("The list: a, b,");
    }

    @Test
    void aContentFilterMidStreamEndsAgentRefusedKeepingItsText() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThen(FinishReason.CONTENT_FILTER, "Sure, here").build())
                .build();

        // when
        RunResult result = agent.run("something");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.AgentRefused(agent.config().name(), "content_filter"));
        assertThat(result.incompleteAnswer()).contains("Sure, here");
    }

    @Test
    void aSilentStreamIsRetriedAndTheConsumerIsToldThatTheTextItSawWasDiscarded() {
        // given: the first stream stalls past the idle timeout, the retry finishes
        ScriptedModel model = ScriptedModel.builder().streamedThenStall("draft").streamed("final ", "answer").build();
        Agent agent = Agent.builder(model).config(AgentConfig.custom().streamIdleTimeout(Duration.ofMillis(100))
                .retryPolicy(new RetryPolicy(1, Duration.ofMillis(1), Duration.ofMillis(1), 0)).build()).build();

        // when
        List<AgentEvent> events = new ArrayList<>();
        RunResult result;
        try (RunStream stream = agent.stream("write")) {
            stream.forEach(events::add);
            result = stream.result();
        }

        // then: what the consumer keeps after the discard is exactly the transcript's answer
        assertThat(events).anySatisfy(e -> assertThat(e).isEqualTo(new AgentEvent.TextDiscarded(
                agent.config().name(), 1, 5, ModelException.Timeout.class.getName())));
        assertThat(textAfterLastDiscard(events)).isEqualTo("final answer");
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.transcript().getLast()).isEqualTo(Message.Assistant.of("final answer"));
    }

    @Test
    void aStreamSilentPastItsIdleTimeoutOnEveryTryEndsFailedExternalKeepingTheLastText() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().streamedThenStall("half").build())
                .config(AgentConfig.custom().streamIdleTimeout(Duration.ofMillis(50)).retryPolicy(NO_RETRY).build())
                .build();

        // when
        RunResult result = agent.run("write");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
        assertThat(result.incompleteAnswer()).contains("half");
    }

    @Test
    void aConnectionResetMidStreamIsClassifiedAsTheSameFailureOfAWholeAnswer() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder()
                        .streamedThenFail(new ModelException.Timeout("connection reset", null), "par", "tial").build())
                .config(AgentConfig.custom().retryPolicy(NO_RETRY).build()).build();

        // when
        RunResult result = agent.run("write");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
        assertThat(result.incompleteAnswer()).contains("partial");
    }

    @Test
    void toolCallsAppearAsStartedAndFinishedEventsBetweenTheAnswersPieces() {
        // given
        ScriptedModel model = ScriptedModel.builder().toolCall("echo", Map.of("text", "hi")).streamed("done").build();
        Agent agent = Agent.builder(model).tool(Tools.of("echo", "echoes", (args, run) -> args.get("text"))).build();

        // when
        List<AgentEvent> events = new ArrayList<>();
        try (RunStream stream = agent.stream("echo hi")) {
            stream.forEach(events::add);
        }

        // then
        List<String> kinds = events.stream().map(e -> e.getClass().getSimpleName()).toList();
        assertThat(kinds).containsSubsequence("IterationStarted", "ModelCalled", "ToolStarted", "ToolCalled",
                "IterationStarted", "TextDelta", "ModelCalled", "RunTerminated");
        assertThat(events).filteredOn(e -> e instanceof AgentEvent.ModelCalled).last()
                .satisfies(e -> assertThat(((AgentEvent.ModelCalled) e).stream().end()).isEqualTo(StreamStats.End.FINISHED));
    }

    @Test
    void aConsumerThatReadsNothingHoldsTheRunAtItsBufferUntilTheDeadline() {
        // given: an answer of 50 pieces and a buffer of 4 events that nobody reads
        String[] pieces = new String[50];
        java.util.Arrays.fill(pieces, "x");
        Agent agent = Agent.builder(ScriptedModel.builder().streamed(pieces).build())
                .config(AgentConfig.custom().timeBudget(Duration.ofMillis(300)).build()).build();

        // when
        RunStream stream = agent.stream("write", 4);
        RunResult result = awaitWithoutReading(stream);

        // then: the run waited for its consumer and ended at its deadline with the text it had produced
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(result.incompleteAnswer()).hasValueSatisfying(text -> assertThat(text).hasSizeLessThan(50));
    }

    @Test
    void aRunAbandonedAtItsDeadlineWhileAStreamIgnoresInterruptsKeepsTheTextShownSoFar() {
        // given: a model that says it ignores interrupts, and whose stream stalls, deaf to them, after one piece
        StreamingModel deaf = new StreamingModel() {
            @Override
            public ModelStream stream(ModelRequest request) {
                return new ModelStream() {
                    private boolean gave;

                    @Override
                    public StreamPart next(long timeoutNanos) {
                        if (!gave) {
                            gave = true;
                            return StreamPart.text("begun");
                        }
                        long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                        while (System.nanoTime() < until) {
                            try {
                                Thread.sleep(20);
                            } catch (InterruptedException deaf) {
                                // ignored, as the model said it would be
                            }
                        }
                        return null;
                    }

                    @Override
                    public void close() {}
                };
            }

            @Override
            public boolean interruptible() {
                return false;
            }
        };
        Agent agent = Agent.builder(deaf).config(AgentConfig.custom().timeBudget(Duration.ofMillis(200))
                .timeBudgetEnforcement(TimeBudgetEnforcement.SUPERVISED_THREAD).build()).build();

        // when
        List<AgentEvent> events = new ArrayList<>();
        RunResult result;
        try (RunStream stream = agent.stream("go")) {
            stream.forEach(events::add);
            result = stream.result();
        }

        // then: the supervisor's result holds what the consumer was shown
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(text(events)).isEqualTo("begun");
        assertThat(result.incompleteAnswer()).contains("begun");
        assertThat(result.finalAnswer()).isEmpty();
    }

    private static RunResult awaitWithoutReading(RunStream stream) {
        while (!stream.isDone()) {
            Thread.onSpinWait();
        }
        return stream.result();
    }

    private static String text(List<AgentEvent> events) {
        StringBuilder text = new StringBuilder();
        for (AgentEvent event : events) {
            if (event instanceof AgentEvent.TextDelta delta) {
                text.append(delta.text());
            }
        }
        return text.toString();
    }

    private static String textAfterLastDiscard(List<AgentEvent> events) {
        int from = 0;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof AgentEvent.TextDiscarded) {
                from = i + 1;
            }
        }
        return text(events.subList(from, events.size()));
    }
}
