package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.converge.ConvergenceAgent;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The convergence engines a worker runs, by name: for each, the real agents whose turns its activities make, and the
 * {@link ConvergenceRecipe} that builds the engine on them (in the activities) or on their proxies (in the workflow).
 * Immutable. Workflow and activity workers of one task queue must hold the same recipes.
 *
 * {@snippet :
 * // given: ConvergenceAgent extractor, normalizer, crossChecker
 * ConvergenceRecipes recipes = ConvergenceRecipes.builder()
 *         .engine("reconcile", List.of(extractor, normalizer, crossChecker), materials -> ConvergenceEngine.builder()
 *                 .name("reconcile").agents(materials.agents().toArray(ConvergenceAgent[]::new))
 *                 .clock(materials.clock()).build())
 *         .turnTimeout(Duration.ofMinutes(5))
 *         .build();
 * }
 */
public final class ConvergenceRecipes {

    /**
     * One registered engine.
     *
     * @param name the name workflows ask for ({@link ConvergenceRunInput#engineName()})
     * @param agents the real agents, in registration order
     * @param recipe how to build the engine on them or on their proxies
     */
    public record Registered(String name, List<ConvergenceAgent> agents, ConvergenceRecipe recipe) {
        /** Validates that nothing is null, there is an agent and the agents' names are unique, and copies them. */
        public Registered {
            Preconditions.notBlank(name, "Registered.name");
            agents = Preconditions.immutableList(agents, "Registered.agents");
            Preconditions.notNull(recipe, "Registered.recipe");
            if (agents.isEmpty()) {
                throw new IllegalArgumentException("engine \"" + name + "\" has no agents");
            }
            Set<String> names = new HashSet<>();
            for (ConvergenceAgent agent : agents) {
                if (!names.add(agent.name())) {
                    throw new IllegalArgumentException("engine \"" + name + "\" has agent \"" + agent.name()
                            + "\" twice");
                }
            }
        }
    }

    private final Map<String, Registered> engines;
    private final Duration turnTimeout;
    private final boolean searchAttributes;
    private final int continueAsNewAfter;
    private final int payloadLimit;

    private ConvergenceRecipes(Builder b) {
        this.engines = Collections.unmodifiableMap(new LinkedHashMap<>(b.engines));
        this.turnTimeout = b.turnTimeout;
        this.searchAttributes = b.searchAttributes;
        this.continueAsNewAfter = b.continueAsNewAfter;
        this.payloadLimit = b.payloadLimit;
    }

    /**
     * @return a builder without engines, a turn timeout of 10 minutes, continue-as-new after
     *     {@value AgentRecipes#DEFAULT_CONTINUE_AS_NEW_AFTER} events and a payload limit of
     *     {@value AgentRecipes#DEFAULT_PAYLOAD_LIMIT} bytes
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param name an engine's name
     * @return the engine registered under it
     * @throws IllegalArgumentException naming the unknown name and the registered ones
     */
    public Registered registered(String name) {
        Registered found = engines.get(Preconditions.notNull(name, "engineName"));
        if (found == null) {
            throw new IllegalArgumentException("no convergence engine is registered as \"" + name + "\"; registered: "
                    + engines.keySet());
        }
        return found;
    }

    /** @return the registered engines' names, in registration order */
    public Set<String> names() {
        return engines.keySet();
    }

    /**
     * @return the longest an agent's turn activity may take (its start-to-close timeout), when the run's time budget
     *     does not cut it shorter
     */
    public Duration turnTimeout() {
        return turnTimeout;
    }

    /**
     * @return whether its workflows upsert the {@link RunSearchAttributes} (how a run ended, the gate it waits at);
     *     off unless set
     */
    public boolean searchAttributes() {
        return searchAttributes;
    }

    /**
     * @return the number of events of a workflow's history past which its run, between two cycles, goes on in a fresh
     *     execution of the workflow (continue-as-new) with its state; it does so earlier when the server suggests it
     */
    public int continueAsNewAfter() {
        return continueAsNewAfter;
    }

    /**
     * @return the largest payload, in bytes, that a turn's reply and a run's output may put in one history event: a
     *     reply over it ends the run {@code Failed} naming the agent, the size and the limit; an output over it leaves
     *     its facts out ({@link ConvergenceRunOutput#omitted()}), and a run whose context is over it does not continue
     *     as new
     */
    public int payloadLimit() {
        return payloadLimit;
    }

    /** Builds {@link ConvergenceRecipes}. */
    public static final class Builder {
        private final Map<String, Registered> engines = new LinkedHashMap<>();
        private Duration turnTimeout = Duration.ofMinutes(10);
        private boolean searchAttributes;
        private int continueAsNewAfter = AgentRecipes.DEFAULT_CONTINUE_AS_NEW_AFTER;
        private int payloadLimit = AgentRecipes.DEFAULT_PAYLOAD_LIMIT;

        private Builder() {}

        /**
         * @param events the history length past which a run continues as new between two cycles; at least 100
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is under 100
         */
        public Builder continueAsNewAfter(int events) {
            if (events < 100) {
                throw new IllegalArgumentException("continueAsNewAfter must be at least 100 events, was " + events);
            }
            this.continueAsNewAfter = events;
            return this;
        }

        /**
         * @param bytes the largest payload a reply or an output may be; at least 64 KiB (raise it only with the
         *     server's {@code limit.blobSize.error})
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is under 65536
         */
        public Builder payloadLimit(int bytes) {
            if (bytes < 64 * 1024) {
                throw new IllegalArgumentException("payloadLimit must be at least 65536 bytes, was " + bytes);
            }
            this.payloadLimit = bytes;
            return this;
        }

        /**
         * Registers an engine.
         *
         * @param name its name, unique
         * @param agents the real agents whose turns its activity makes
         * @param recipe how to build it
         * @return this builder
         * @throws IllegalArgumentException naming the name when it is registered already
         */
        public Builder engine(String name, List<ConvergenceAgent> agents, ConvergenceRecipe recipe) {
            Registered registered = new Registered(name, agents, recipe);
            if (engines.putIfAbsent(name, registered) != null) {
                throw new IllegalArgumentException("convergence engine \"" + name + "\" is registered twice");
            }
            return this;
        }

        /**
         * @param turnTimeout the longest an agent's turn activity may take; positive
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is not positive
         */
        public Builder turnTimeout(Duration turnTimeout) {
            Preconditions.notNull(turnTimeout, "turnTimeout");
            if (turnTimeout.isNegative() || turnTimeout.isZero()) {
                throw new IllegalArgumentException("turnTimeout must be positive, was " + turnTimeout);
            }
            this.turnTimeout = turnTimeout;
            return this;
        }

        /**
         * Turns on the {@link RunSearchAttributes}: the workflows upsert how their run ended, and the gate it waits at.
         * The namespace must have them registered first (a workflow task upserting an attribute the namespace lacks is
         * refused, again and again); every worker of a task queue must have the same setting, as the same recipes.
         *
         * @param on whether to upsert them
         * @return this builder
         */
        public Builder searchAttributes(boolean on) {
            this.searchAttributes = on;
            return this;
        }

        /** @return the recipes */
        public ConvergenceRecipes build() {
            return new ConvergenceRecipes(this);
        }
    }
}
