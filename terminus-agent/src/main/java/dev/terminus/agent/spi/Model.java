package dev.terminus.agent.spi;

/**
 * A chat model: a request in, a response out. Implementations adapt a provider (see the LangChain4j module) or
 * script one for tests.
 *
 * <p>The call blocks. The loop interrupts the calling thread to enforce its time budget and cancellation, so an
 * implementation should let {@link InterruptedException} (or an interrupted I/O) end the call promptly; one that
 * cannot says so through {@link #interruptible()}, and the loop then makes each of its calls on a virtual thread of
 * its own, so a run still returns by its deadline. Provider
 * failures are reported as {@link ModelException}s so the loop can classify them; any other exception ends the run
 * {@code Failed} with category {@code UNKNOWN}.
 *
 * {@snippet :
 * Model echo = request -> ModelResponse.text("you said: " + request.messages().getLast().content(), Usage.of(5, 3));
 * }
 */
@FunctionalInterface
public interface Model {

    /**
     * The argument key a provider adapter uses for tool-call arguments it could not parse as a JSON object:
     * {@code {"$invalid_arguments": "<the text the model sent>"}}. The loop refuses such a call as an
     * {@code invalid_arguments} mistake whatever the tool's schema, and tells the model why; the tool never runs.
     */
    String INVALID_ARGUMENTS = "$invalid_arguments";

    /**
     * Calls the model.
     *
     * @param request the transcript and the tools on offer
     * @return the model's answer
     * @throws ModelException for a classified provider failure
     * @throws InterruptedException when the loop interrupts the call
     * @throws Exception for anything else
     */
    ModelResponse chat(ModelRequest request) throws Exception;

    /**
     * The model's name, used to look up its price and reported in telemetry.
     *
     * @return the name; {@code "model"} unless overridden
     */
    default String name() {
        return "model";
    }

    /**
     * The provider's name, reported in {@code ProviderAuthFailed} and telemetry.
     *
     * @return the name; {@code "unknown"} unless overridden
     */
    default String provider() {
        return "unknown";
    }

    /**
     * Whether a call gives up promptly when its thread is interrupted. When it does not (a client on blocking
     * sockets of a platform thread, a long computation that never checks), say so: a run with a time budget that
     * enforces it by interrupting its own thread (the default, {@code TimeBudgetEnforcement.INTERRUPT_CALLER}) then
     * makes each call on a virtual thread of its own and stops waiting for it at the deadline or on cancellation,
     * after the agent's {@code interruptGrace}. That costs a thread handoff per call (tens of microseconds from a
     * platform thread), nothing beside a call over the network, and the call does not see the caller's
     * thread-locals; a model that does answer interrupts is called on the run's thread with no handoff.
     *
     * @return true unless overridden
     */
    default boolean interruptible() {
        return true;
    }
}
