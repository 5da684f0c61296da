package dev.terminus.converge;

import dev.terminus.Preconditions;

/**
 * One participant of a convergence run: in each cycle it is triggered in, it reads the context (as it was at the
 * start of the cycle) and answers a {@link Reply}. A plain Java function becomes an agent with
 * {@link #of(String, Trigger, Body)}; an agent loop with a model becomes one with {@link ModelAgent}.
 *
 * {@snippet :
 * // given: String toIso(String date)
 * ConvergenceAgent normalizer = ConvergenceAgent.of("normalizer", Trigger.on("invoice.date.raw"), (context, cycle) ->
 *         context.value("invoice.date.raw", String.class)
 *                 .map(raw -> Reply.propose(ProposedFact.of("invoice.date", toIso(raw))))
 *                 .orElse(Reply.nothing()));
 * }
 *
 * <p>An agent that throws ends the run {@code Failed} ({@code INTERNAL}, the exception kept as the live cause), except
 * for an {@link InterruptedException}, which means the run is being cancelled ({@code Cancelled}); one that is still
 * running at the time budget's deadline, or when the run is cancelled, is interrupted and its answer, if it ever
 * comes, discarded. Agents are called one at a time, in the order they were registered.
 */
public interface ConvergenceAgent {

    /** @return the agent's name, unique within an engine; reported in provenance and terminations */
    String name();

    /** @return when the agent runs */
    Trigger trigger();

    /**
     * @param context the context at the start of the cycle (immutable)
     * @param cycle the cycle, from 1
     * @return the agent's answer; never null
     * @throws Exception when it cannot answer: the run ends {@code Failed}
     */
    Reply propose(Context context, int cycle) throws Exception;

    /** The body of a function agent. */
    @FunctionalInterface
    interface Body {
        /**
         * @param context the context at the start of the cycle
         * @param cycle the cycle, from 1
         * @return the answer
         * @throws Exception when it cannot answer
         */
        Reply propose(Context context, int cycle) throws Exception;
    }

    /**
     * An agent that is a plain function.
     *
     * @param name its name, not blank
     * @param trigger when it runs
     * @param body what it answers
     * @return the agent
     */
    static ConvergenceAgent of(String name, Trigger trigger, Body body) {
        Preconditions.notBlank(name, "name");
        Preconditions.notNull(trigger, "trigger");
        Preconditions.notNull(body, "body");
        return new ConvergenceAgent() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Trigger trigger() {
                return trigger;
            }

            @Override
            public Reply propose(Context context, int cycle) throws Exception {
                return body.propose(context, cycle);
            }

            @Override
            public String toString() {
                return "ConvergenceAgent[" + name + "]";
            }
        };
    }
}
