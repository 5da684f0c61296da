package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agents a worker runs, by name: for each, the real model and tools its activities call, and the
 * {@link AgentRecipe} that builds the agent on them (in the activities) or on their proxies (in the workflow).
 * Immutable. Workflow and activity workers of one task queue must hold the same recipes.
 *
 * {@snippet :
 * AgentRecipes recipes = AgentRecipes.custom()
 *         .agent("weather", openAiModel, Tools.fromMethods(new Weather()), materials -> Agent.builder(materials.model())
 *                 .tools(materials.tools()).clock(materials.clock()).build())
 *         .callTimeout(Duration.ofMinutes(2))
 *         .build();
 * }
 */
public final class AgentRecipes {

    /**
     * One registered agent.
     *
     * @param name the name workflows ask for ({@link AgentRunInput#agentName()})
     * @param model the real model
     * @param tools the real tools
     * @param recipe how to build the agent on them or on their proxies
     */
    public record Registered(String name, Model model, List<Tool> tools, AgentRecipe recipe) {
        /** Validates that nothing is null, the tools' names are unique, and copies the tools. */
        public Registered {
            Preconditions.notNull(name, "Registered.name");
            Preconditions.notNull(model, "Registered.model");
            tools = Preconditions.immutableList(tools, "Registered.tools");
            Preconditions.notNull(recipe, "Registered.recipe");
            Set<String> names = new HashSet<>();
            for (Tool tool : tools) {
                if (!names.add(tool.spec().name())) {
                    throw new IllegalArgumentException("agent \"" + name + "\" has tool \"" + tool.spec().name()
                            + "\" twice");
                }
            }
        }
    }

    /** The history length past which a run goes on in a fresh execution, unless set: {@value}. */
    public static final int DEFAULT_CONTINUE_AS_NEW_AFTER = 10_000;

    private final Map<String, Registered> agents;
    private final Duration callTimeout;
    private final int continueAsNewAfter;

    private AgentRecipes(Builder b) {
        this.agents = Map.copyOf(b.agents);
        this.callTimeout = b.callTimeout;
        this.continueAsNewAfter = b.continueAsNewAfter;
    }

    /**
     * @return a builder without agents, a call timeout of 10 minutes, and runs continued as new past
     *     {@value #DEFAULT_CONTINUE_AS_NEW_AFTER} history events
     */
    public static Builder custom() {
        return new Builder();
    }

    /**
     * @param name an agent's name
     * @return the agent registered under it
     * @throws IllegalArgumentException naming the unknown name and the registered ones
     */
    public Registered registered(String name) {
        Registered found = agents.get(Preconditions.notNull(name, "agentName"));
        if (found == null) {
            throw new IllegalArgumentException("no agent is registered as \"" + name + "\"; registered: "
                    + agents.keySet());
        }
        return found;
    }

    /** @return the registered agents' names */
    public Set<String> names() {
        return agents.keySet();
    }

    /**
     * @return the longest a model or tool activity may take (its start-to-close timeout), when the run's time budget
     *     does not cut it shorter
     */
    public Duration callTimeout() {
        return callTimeout;
    }

    /**
     * @return the number of events of a workflow's history past which its run, at the end of an iteration, goes on in
     *     a fresh execution of the workflow (continue-as-new) with its state; it does so earlier when the server
     *     suggests it
     */
    public int continueAsNewAfter() {
        return continueAsNewAfter;
    }

    /** Builds {@link AgentRecipes}. */
    public static final class Builder {
        private final Map<String, Registered> agents = new LinkedHashMap<>();
        private Duration callTimeout = Duration.ofMinutes(10);
        private int continueAsNewAfter = DEFAULT_CONTINUE_AS_NEW_AFTER;

        private Builder() {}

        /**
         * Registers an agent.
         *
         * @param name its name, unique
         * @param model the real model its model activity calls
         * @param tools the real tools its tool activity calls
         * @param recipe how to build it
         * @return this builder
         * @throws IllegalArgumentException naming the name when it is registered already
         */
        public Builder agent(String name, Model model, List<Tool> tools, AgentRecipe recipe) {
            Registered registered = new Registered(name, model, tools, recipe);
            if (agents.putIfAbsent(name, registered) != null) {
                throw new IllegalArgumentException("agent \"" + name + "\" is registered twice");
            }
            return this;
        }

        /**
         * @param callTimeout the longest a model or tool activity may take; positive
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is not positive
         */
        public Builder callTimeout(Duration callTimeout) {
            Preconditions.notNull(callTimeout, "callTimeout");
            if (callTimeout.isNegative() || callTimeout.isZero()) {
                throw new IllegalArgumentException("callTimeout must be positive, was " + callTimeout);
            }
            this.callTimeout = callTimeout;
            return this;
        }

        /**
         * @param events the history length past which a run goes on in a fresh execution; at least 100, so that
         *     an execution runs at least one iteration
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

        /** @return the recipes */
        public AgentRecipes build() {
            return new AgentRecipes(this);
        }
    }
}
