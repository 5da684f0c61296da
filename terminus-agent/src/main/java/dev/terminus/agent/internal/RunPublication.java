package dev.terminus.agent.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.CallerDeadline;
import dev.terminus.agent.control.RunControl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * How a run's one result is made and published: from the run's own thread when it ends, or from its supervisor's
 * when the run does not answer an interrupt in time. The first result published is the run's; the listeners hear
 * {@code RunTerminated} (after {@code GuardTripped} for a guard or budget) once, on a thread that is not interrupted.
 */
final class RunPublication {
    private final AgentSpec spec;
    private final RunState state;
    private final RunControl control;
    private final EventDispatcher events;
    private final ApprovalPause pause;
    private final ClaimReview claims;
    private final Slot slot;
    /**
     * How long a publisher that lost waits, on the run's clock, for the winner's last events before it gives the result
     * anyway: a listener that hangs on them must not hold the result for good.
     */
    private static final long LAST_EVENTS_WAIT_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
    private @Nullable CallerDeadline callerDeadline;

    /**
     * The one result of a run, shared by the agents that hold it in turn (a handoff): a thread its supervisor left
     * that hands the run over afterwards finds the result published, and publishes nothing more.
     */
    static final class Slot {
        private final AtomicReference<@Nullable RunResult> published = new AtomicReference<>();
        /** Completed once the publisher that won has delivered the last events. */
        private final CompletableFuture<@Nullable Void> lastEvents = new CompletableFuture<>();
    }

    /**
     * @param slot where the run's one result goes: a new one for a run's first agent, the predecessor's for the agent
     *     it is handed to
     */
    RunPublication(Slot slot, AgentSpec spec, RunState state, RunControl control, EventDispatcher events,
            ApprovalPause pause, ClaimReview claims) {
        this.slot = slot;
        this.spec = spec;
        this.state = state;
        this.control = control;
        this.events = events;
        this.pause = pause;
        this.claims = claims;
    }

    /** @param deadline the deadline that interrupts the caller's thread, disarmed before the result is published */
    void disarmBeforeFinish(CallerDeadline deadline) {
        this.callerDeadline = deadline;
    }

    /**
     * Publishes the result. The interrupt status is cleared while listeners run, then restored when the thread was
     * interrupted, or when its interrupt (consumed by an {@link InterruptedException}) is what cancelled the run: the
     * caller of an inline run keeps its interrupt.
     */
    RunResult finish(Termination end, boolean finalizing) {
        if (callerDeadline != null) {
            callerDeadline.close(); // no deadline interrupt may land in the listeners that hear the end
        }
        boolean interrupted = Thread.interrupted();
        state.closeIteration();
        RunResult result = publish(end, finalizing, false, null);
        if (interrupted || end instanceof Termination.Cancelled(String by) && Termination.Cancelled.THREAD_INTERRUPT.equals(by)) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /** Ends the run from outside, with what it has, when its thread does not answer an interrupt in time. */
    RunResult abandon(boolean finalizing, @Nullable String textInFlight) {
        Termination end = control.interruption();
        if (end == null) {
            end = new Termination.Failed(new ErrorInfo("dev.terminus.RunAbandoned",
                    "the run's thread did not answer an interrupt", ErrorCategory.INTERNAL));
        }
        return publish(end, finalizing, true, textInFlight);
    }

    private RunResult result(Termination end, boolean finalizing, boolean abandoned, @Nullable String textInFlight) {
        RunState.Snapshot snapshot = state.snapshot();
        List<Message> transcript = abandoned ? answeringOpenCalls(snapshot.transcript(), end) : snapshot.transcript();
        if (textInFlight != null) {
            // the abandoned thread was reading a streamed answer: the text shown so far is kept, as the thread would
            List<Message> kept = new java.util.ArrayList<>(transcript);
            kept.add(Message.Assistant.incomplete(textInFlight));
            transcript = kept;
        }
        String answer = state.finalAnswer;
        // an answer cut short is no final answer: RunResult.incompleteAnswer() gives it
        if (answer == null && !transcript.isEmpty() && transcript.getLast() instanceof Message.Assistant last
                && !last.content().isEmpty() && !last.incomplete()) {
            answer = last.content();
        }
        RunResult result = RunResult.builder().termination(end).outcome(end.defaultOutcome()).transcript(transcript)
                .iterations(snapshot.records()).usage(snapshot.usage()).costUsd(snapshot.cost())
                .toolCalls(snapshot.toolCalls()).duration(Duration.ofNanos(control.clock().nanoTime() - state.startNanos()))
                .finalAnswer(answer).structuredOutput(claims.typedAnswer).agentName(spec.config().name())
                .children(snapshot.children()).build();
        return pause.attach(result, spec, state, claims.repairsUsed, finalizing);
    }

    /**
     * Publishes the run's one result, with {@code GuardTripped} (for a guard or budget) and {@code RunTerminated} as
     * its last events; after that the dispatcher is closed, so a thread left running publishes nothing more. When the
     * run's thread and its supervisor both publish, the first wins, and the other gives the winner's result only once
     * the winner has delivered the last events (at most {@link #LAST_EVENTS_WAIT_NANOS} later): a run's result is
     * never given before its listeners heard its end.
     */
    private RunResult publish(Termination end, boolean finalizing, boolean abandoned, @Nullable String textInFlight) {
        RunResult result = result(end, finalizing, abandoned, textInFlight);
        if (!slot.published.compareAndSet(null, result)) {
            awaitLastEvents();
            return slot.published.get();
        }
        try {
            if (events.active()) {
                AgentEvent terminated = new AgentEvent.RunTerminated(spec.config().name(), result);
                if (end.isBudgetExhausted() || end.isStuck()) {
                    events.publishLast(new AgentEvent.GuardTripped(spec.config().name(), state.iteration(), end),
                            terminated);
                } else {
                    events.publishLast(terminated);
                }
            }
        } finally {
            slot.lastEvents.complete(null);
        }
        return result;
    }

    /**
     * Waits, on the run's clock, for the winner's last events: a clock driven by hand (or by a workflow engine's
     * timers) times this wait as it times every other wait of the run.
     */
    private void awaitLastEvents() {
        ClockWaits.awaitThroughInterrupts(control.clock(), slot.lastEvents, LAST_EVENTS_WAIT_NANOS);
    }

    /**
     * The transcript of an abandoned run, with a result for every call its thread was still waiting for (as the
     * thread itself would have answered it), so that every call in a result's transcript has exactly one result.
     */
    private static List<Message> answeringOpenCalls(List<Message> transcript, Termination end) {
        Set<String> answered = new HashSet<>();
        for (Message message : transcript) {
            if (message instanceof Message.ToolResult result) {
                answered.add(result.toolCallId());
            }
        }
        List<Message> completed = new ArrayList<>(transcript);
        for (Message message : transcript) {
            if (message instanceof Message.Assistant assistant) {
                for (ToolCall call : assistant.toolCalls()) {
                    if (answered.add(call.id())) {
                        completed.add(ToolRound.notCompleted(call, end));
                    }
                }
            }
        }
        return completed.size() == transcript.size() ? transcript : List.copyOf(completed);
    }

    @Nullable RunResult published() {
        return slot.published.get();
    }

    /** @return where the run's one result goes, for the agent the run is handed to */
    Slot slot() {
        return slot;
    }
}
