package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.silent;
import static dev.terminus.langchain4j.fake.Fault.stream;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.StreamStats;
import dev.terminus.langchain4j.fake.Fault;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import dev.terminus.langchain4j.fake.ProviderWire.Ending;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A streamed call the run stops is cancelled on the wire: the loopback server, its stream stalled with the connection
 * open, sees the connection closed soon after the run's deadline (or the consumer's close), while the model is still
 * open; without the cancel it would stay open until the client's own timeout (120 s). Every stage of the call is
 * covered: before the status line, after the headers, after some pieces. (A {@code StreamingChatModel} of one's own,
 * cancelled through LangChain4j's {@code StreamingHandle}, is in {@link LangChain4jStreamingModelTest}.)
 */
@Timeout(30)
class StreamCancelTest {
    private static final String TASK = "What should I wear in Oslo?";
    private static final Duration BUDGET = Duration.ofMillis(500);
    /** A generous margin past the deadline for the close to reach the server; the client's own timeout is 120 s. */
    private static final Duration MARGIN = Duration.ofSeconds(2);

    private final FaultyRuns runs = new FaultyRuns(true);
    private final FaultServer server = runs.server;

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        runs.close();
    }

    private AgentConfig.Builder budget() {
        return AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES).timeBudget(BUDGET);
    }

    /** @return how long after {@code fromNanos} the server saw its first connection end, waiting for it */
    private Duration firstConnectionEndedAfter(long fromNanos) throws InterruptedException {
        long deadline = System.nanoTime() + BUDGET.plus(MARGIN).plus(MARGIN).toNanos();
        while (server.connectionsEndedNanos().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.connectionsEndedNanos()).as("connections ended on the server").isNotEmpty();
        return Duration.ofNanos(server.connectionsEndedNanos().getFirst() - fromNanos);
    }

    private RunResult runUntilTheDeadline(ProviderWire wire, Fault fault) {
        server.always(fault);
        Agent agent = runs.agent(runs.model(wire, wire.baseUrl(server.origin())), budget()).build();
        runs.lastRunStartedNanos = System.nanoTime();
        return agent.run(TASK);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aStreamStalledAfterSomePiecesHasItsConnectionClosedSoonAfterTheRunsDeadline(ProviderWire wire)
            throws InterruptedException {
        // given: two pieces, then nothing, the connection open
        Fault stall = stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")).stallAfter(wire.eventsThroughPiece(2));

        // when
        RunResult result = runUntilTheDeadline(wire, stall);

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.incompleteAnswer()).contains("Wear a");
        assertThat(runs.calls).singleElement()
                .satisfies(called -> assertThat(called.stream().end()).isEqualTo(StreamStats.End.CUT));
        assertThat(firstConnectionEndedAfter(runs.lastRunStartedNanos)).isBetween(BUDGET, BUDGET.plus(MARGIN));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aStreamStalledAfterItsHeadersHasItsConnectionClosedSoonAfterTheRunsDeadline(ProviderWire wire)
            throws InterruptedException {
        // given: a 200 with the event stream's headers, then no event at all (LangChain4j has handed no handle yet)
        Fault stall = stream(wire.streamedText(Ending.DONE, "Wear")).stallAfter(0);

        // when
        RunResult result = runUntilTheDeadline(wire, stall);

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(result.incompleteAnswer()).isEmpty();
        assertThat(firstConnectionEndedAfter(runs.lastRunStartedNanos)).isBetween(BUDGET, BUDGET.plus(MARGIN));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aServerThatNeverAnswersHasItsConnectionClosedSoonAfterTheRunsDeadline(ProviderWire wire)
            throws InterruptedException {
        // when: not even a status line comes
        RunResult result = runUntilTheDeadline(wire, silent());

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class);
        assertThat(firstConnectionEndedAfter(runs.lastRunStartedNanos)).isBetween(BUDGET, BUDGET.plus(MARGIN));
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aConsumerClosingTheRunStreamCancelsTheCallOnTheWire(ProviderWire wire) throws InterruptedException {
        // given: a stream that stalls after its first pieces, read by a consumer that stops at the first one
        server.always(stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")).stallAfter(wire.eventsThroughPiece(2)));
        Agent agent = runs.agent(runs.model(wire, wire.baseUrl(server.origin())), AgentConfig.custom()).build();
        String first = null;
        long closedNanos;
        RunResult result;

        // when
        try (RunStream stream = agent.stream(TASK)) {
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    first = delta.text();
                    break;
                }
            }
            closedNanos = System.nanoTime();
            stream.close();
            result = stream.result();
        }

        // then
        assertThat(first).isEqualTo("Wear");
        assertThat(result).endedWith(new Termination.Cancelled(RunStream.CLOSED_BY_CONSUMER));
        assertThat(firstConnectionEndedAfter(closedNanos)).isLessThan(MARGIN);
    }
}
