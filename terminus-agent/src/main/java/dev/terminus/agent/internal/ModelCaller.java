package dev.terminus.agent.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.StreamStats;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.SupervisedCall;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Calls the model for one iteration: classifies provider failures into terminations and retries the transient ones
 * (429, 5xx, timeouts) with jittered exponential backoff that never sleeps past the run's deadline, and at least as
 * long as the provider's {@code Retry-After}; a {@code Retry-After} that passes the deadline ends the run at once, as
 * its retries used up would, instead of waiting for a call that cannot be made in time. A client error
 * (another 4xx) ends the run {@code Failed} with {@code CONFIGURATION}; an exception that is not a
 * {@link ModelException} ends it {@code Failed} with {@code UNKNOWN}; an {@code Error} is not caught (ADR 0022).
 */
final class ModelCaller {
    private final AgentRun run;
    private final Model model;
    private final RetryPolicy retry;
    /** Whether each call runs on a thread of its own: the model does not answer interrupts, the run's thread does. */
    private final boolean supervised;
    private final SupervisedCall supervisedCall;
    private final StreamedAnswer answer;
    private @Nullable ModelResponse response;

    ModelCaller(AgentRun run, Model model, RetryPolicy retry, @Nullable Duration streamIdleTimeout) {
        this.run = run;
        this.model = model;
        this.retry = retry;
        this.answer = new StreamedAnswer(run, model, streamIdleTimeout);
        this.supervised = run.superviseCalls() && !model.interruptible();
        this.supervisedCall = SupervisedCall.of(run.control(), "terminus-model-" + run.model().name())
                .grace(run.graceNanos());
    }

    /** The response of the last successful {@link #call}. */
    ModelResponse response() {
        return response;
    }

    /** Calls the model; returns null on success (see {@link #response()}), else how the run ends. */
    @Nullable Termination call(ModelRequest request) {
        response = null;
        boolean compacted = false;
        for (int attempt = 0; ; attempt++) {
            Termination interruption = run.control().interruption();
            if (interruption != null) {
                return interruption;
            }
            // the clock is read only for an event's duration: not at all when no listener will get one
            boolean timed = run.events().active();
            long start = timed ? run.clock().nanoTime() : 0;
            try {
                ModelResponse answered = supervised
                        ? supervisedCall.call(() -> answer.call(request, timed)) : answer.call(request, timed);
                if (answered == null) {
                    throw new IllegalStateException("model " + run.model().name() + " returned null");
                }
                if (timed) {
                    event(run.clock().nanoTime() - start, answered, null, answer.stats(false));
                }
                FinishReason finish = answered.finishReason();
                response = finish == FinishReason.LENGTH || finish == FinishReason.CONTENT_FILTER
                        ? new ModelResponse(answered.message().asIncomplete(), answered.usage(), finish) : answered;
                return null;
            } catch (Exception e) {
                // an Error (a workflow thread destroyed by its engine, a stack overflow) is no failure of the call:
                // it passes through the loop untouched (ADR 0022)
                Termination outside = run.interruption(e);
                if (outside != null) {
                    // kept before the event: a stopped run may wait for a slow stream consumer to take it (the stop's
                    // interrupt is spent) and be ended from outside meanwhile, with its transcript as it is then
                    keepText(outside);
                }
                if (timed) {
                    event(run.clock().nanoTime() - start, null, e, answer.stats(outside != null));
                }
                if (outside != null) {
                    return outside;
                }
                if (e instanceof ModelException.ContextLengthExceeded tooLong) {
                    // compaction, then one retry (the request sees the compacted transcript); then PromptTooLong
                    Termination end = compacted
                            ? new Termination.PromptTooLong(tooLong.promptTokens(), tooLong.contextWindow())
                            : run.compactor().afterTooLong(tooLong);
                    if (end != null) {
                        return keepText(end);
                    }
                    answer.discard(e);
                    compacted = true;
                    attempt--;
                    continue;
                }
                Termination end = classify(e, attempt);
                if (end != null) {
                    return keepText(end);
                }
                // the call is made again: the text it gave is void, and those who saw it are told
                answer.discard(e);
                Termination slept = backoff(attempt + 1, e);
                if (slept != null) {
                    return slept;
                }
            }
        }
    }

    /**
     * The run ends on a call cut short: the text that arrived stays in the transcript as its last message, marked
     * incomplete, so the result holds what the listeners were shown.
     */
    private Termination keepText(Termination end) {
        String text = answer.settle();
        if (text != null) {
            run.state().append(dev.terminus.Message.Assistant.incomplete(text));
        }
        return end;
    }

    /** @return the text of a streamed call under way, for the result of a run ended from outside; null when none */
    @Nullable String settleInFlight() {
        return answer.settleInFlight();
    }

    /** The termination a failure ends the run with, or null to retry it. */
    private @Nullable Termination classify(Exception e, int attempt) {
        return switch (e) {
            case ModelException.AuthenticationFailed auth ->
                    new Termination.ProviderAuthFailed(run.model().provider(), auth.status());
            case ModelException.Refused refused -> new Termination.AgentRefused(run.state().agentName(), refused.reason());
            case ModelException.ClientError rejected ->
                    new Termination.Failed(ErrorInfo.of(rejected, ErrorCategory.CONFIGURATION), rejected);
            case ModelException.RateLimited limited when attempt >= retry.maxRetries() ->
                    new Termination.Failed(ErrorInfo.of(limited, ErrorCategory.RESOURCE), limited);
            case ModelException transientFailure when transientFailure.isRetryable() ->
                    attempt >= retry.maxRetries()
                            ? new Termination.Failed(ErrorInfo.of(transientFailure, ErrorCategory.EXTERNAL), transientFailure)
                            : null;
            default -> Termination.Failed.of(e, ErrorCategory.UNKNOWN);
        };
    }

    private @Nullable Termination backoff(int retryNumber, Exception failure) {
        Duration hint = failure instanceof ModelException classified ? classified.retryAfter() : null;
        if (hint != null && run.control().hasDeadline()
                && hint.compareTo(Duration.ofNanos(Math.max(0, run.control().remainingNanos()))) > 0) {
            // the provider takes no call before the deadline: end now, as the last retry failing would
            return classify(failure, retry.maxRetries());
        }
        try {
            // cut to the deadline, and short when the run is cancelled
            return run.control().pause(retry.delayNanos(retryNumber, run.clock().random(), hint));
        } catch (InterruptedException e) {
            return run.interruption(e);
        }
    }

    private void event(long nanos, @Nullable ModelResponse answered, @Nullable Throwable error,
            @Nullable StreamStats stream) {
        EventDispatcher events = run.events();
        if (events.active()) {
            events.publish(new AgentEvent.ModelCalled(run.state().agentName(), run.state().iteration, run.model().name(),
                    answered == null ? Usage.ZERO : answered.usage(), nanos,
                    answered == null ? null : answered.finishReason(), error == null ? null : error.getClass().getName(),
                    stream));
        }
    }
}
