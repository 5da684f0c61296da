package dev.terminus.converge;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.Preconditions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ConvergenceAgent} answers in a cycle: facts it proposes, a refusal, a failure, or the stop of its own
 * run (an agent loop's); each with the tokens it consumed (zero for a plain function), which count against the
 * engine's token budget. A refusal, a failure and a stop end the engine's run, and its result names the agent
 * ({@link ConvergenceResult#stoppedBy()}).
 */
public sealed interface Reply {

    /** @return the tokens this answer consumed */
    Usage usage();

    /**
     * Facts the agent proposes (possibly none). Each key at most once.
     *
     * @param facts the proposals, in any order: the engine merges them by key
     * @param usage the tokens consumed
     */
    record Propose(List<ProposedFact> facts, Usage usage) implements Reply {
        /** Copies the facts immutably; refuses null elements and a key proposed twice, naming it. */
        public Propose {
            facts = Preconditions.immutableList(facts, "Propose.facts");
            Preconditions.notNull(usage, "Propose.usage");
            Set<String> keys = new HashSet<>();
            for (ProposedFact fact : facts) {
                if (!keys.add(fact.key())) {
                    throw new IllegalArgumentException("Propose.facts proposes key \"" + fact.key() + "\" twice");
                }
            }
        }
    }

    /**
     * The agent declines to do its work: the run ends {@link Termination.AgentRefused} with the agent's name.
     *
     * @param reason why
     * @param usage the tokens consumed
     */
    record Refuse(String reason, Usage usage) implements Reply {
        /** Refuses null components. */
        public Refuse {
            Preconditions.notNull(reason, "Refuse.reason");
            Preconditions.notNull(usage, "Refuse.usage");
        }
    }

    /**
     * The agent could not do its work: the run ends with this termination, which must be an error (category
     * {@code RETRYABLE}, {@code CAPACITY} or {@code FATAL}), e.g. {@link Termination.Failed} or
     * {@link Termination.SchemaValidationFailed}.
     *
     * @param termination how the run ends
     * @param usage the tokens consumed
     */
    record Fail(Termination termination, Usage usage) implements Reply {
        /** Refuses null components and a termination that is not an error, naming it. */
        public Fail {
            Preconditions.notNull(termination, "Fail.termination");
            Preconditions.notNull(usage, "Fail.usage");
            if (!termination.isError()) {
                throw new IllegalArgumentException("Fail.termination must be an error (RETRYABLE, CAPACITY or FATAL),"
                        + " was " + termination + " of category " + termination.category());
            }
        }
    }

    /**
     * The agent's own run stopped before it had an answer, e.g. an agent loop at its iteration cap or out of its
     * budget ({@link Termination.MaxIterationsReached}, {@link Termination.TokenBudgetExhausted},
     * {@link Termination.TimeBudgetExhausted}, ...), cancelled, or blocked on a person for its criteria
     * ({@link Termination.HumanInterventionRequired}): the engine's run ends with this termination as it is, typed.
     * A {@link Termination.HitlGatePending} is refused: an approval gate inside an agent cannot be resumed through
     * the engine, whose pauses are at its own gates only.
     *
     * @param termination how the agent's run ended: not a success, not a {@code HitlGatePending}
     * @param usage the tokens consumed
     */
    record Stop(Termination termination, Usage usage) implements Reply {
        /** Refuses null components, a success and a {@code HitlGatePending}, naming them. */
        public Stop {
            Preconditions.notNull(termination, "Stop.termination");
            Preconditions.notNull(usage, "Stop.usage");
            if (termination.isSuccess()) {
                throw new IllegalArgumentException("Stop.termination must not be a success, was " + termination);
            }
            if (termination instanceof Termination.HitlGatePending) {
                throw new IllegalArgumentException("Stop.termination must not be a HitlGatePending (an agent's own"
                        + " approval gate cannot be resumed through the engine), was " + termination);
            }
        }
    }

    /** @return a reply proposing nothing */
    static Reply nothing() {
        return new Propose(List.of(), Usage.ZERO);
    }

    /** @param facts proposals @return a reply proposing them, without tokens */
    static Reply propose(List<ProposedFact> facts) {
        return new Propose(facts, Usage.ZERO);
    }

    /** @param facts proposals @return a reply proposing them, without tokens */
    static Reply propose(ProposedFact... facts) {
        return new Propose(List.of(facts), Usage.ZERO);
    }

    /**
     * @param values values by key (JSON values)
     * @return a reply proposing each with confidence 1, without tokens
     */
    static Reply propose(Map<String, ? extends @Nullable Object> values) {
        Preconditions.notNull(values, "values");
        List<ProposedFact> facts = new ArrayList<>(values.size());
        values.forEach((key, value) -> facts.add(ProposedFact.of(key, value)));
        return new Propose(facts, Usage.ZERO);
    }

    /** @param reason why @return a refusal, without tokens */
    static Reply refuse(String reason) {
        return new Refuse(reason, Usage.ZERO);
    }

    /** @param termination an error termination @return a failure, without tokens */
    static Reply fail(Termination termination) {
        return new Fail(termination, Usage.ZERO);
    }
}
