package dev.terminus.agent;

import dev.terminus.agent.internal.AgentSpec;
import dev.terminus.agent.internal.RunTask;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.internal.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * An LLM agent: a model, tools, settings, hooks and listeners. Immutable and thread-safe: one agent runs any number
 * of tasks at once, each run with its own state.
 *
 * <p>{@link #run(String)} never throws for anything that happens inside the run. Model errors, tool errors, hook
 * errors, timeouts, interrupts and cancellation all end as the run's {@link dev.terminus.Termination}, and the
 * {@link RunResult} carries the transcript, usage, cost, iterations, tool calls and duration on every path.
 *
 * {@snippet :
 * Agent agent = Agent.builder(model)
 *         .config(AgentConfig.custom().maxIterations(10).timeBudget(Duration.ofSeconds(30)).build())
 *         .tools(Tools.fromMethods(new Weather()))
 *         .build();
 * RunResult result = agent.run("What should I wear in Oslo today?");
 * switch (result.termination()) {
 *     case Termination.NaturalCompletion() -> System.out.println(result.finalAnswer());
 *     case Termination.MaxIterationsReached(int limit, int used) -> System.out.println("gave up after " + used);
 *     default -> System.out.println(result.termination().category());
 * }
 * }
 */
public final class Agent {
    private final AgentSpec spec;

    private Agent(AgentSpec spec) {
        this.spec = spec;
    }

    /**
     * @param model the model the agent talks to
     * @return a builder with default settings and no tools
     */
    public static Builder builder(Model model) {
        return new Builder(model);
    }

    /**
     * Runs a task to its end on the calling thread (or, when the agent has a time budget enforced by
     * {@link TimeBudgetEnforcement#SUPERVISED_THREAD}, on a supervised virtual thread, so a hanging call cannot hold
     * the caller past the deadline).
     *
     * @param task what to do, as the user's first message
     * @return the result; never null
     * @throws NullPointerException when the task is null
     */
    public RunResult run(String task) {
        Checks.notNull(task, "task");
        if (spec.config().timeBudget().isEmpty()
                || spec.config().timeBudgetEnforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER) {
            return RunTask.runInline(spec, task);
        }
        RunHandle handle = RunTask.start(spec, task);
        boolean interrupted = false;
        while (true) {
            try {
                RunResult result = handle.await();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return result;
            } catch (InterruptedException e) {
                interrupted = true;
                handle.cancel("thread-interrupt");
            }
        }
    }

    /**
     * Starts a task on its own virtual thread.
     *
     * @param task what to do
     * @return a handle to cancel the run or wait for its result
     */
    public RunHandle start(String task) {
        return RunTask.start(spec, Checks.notNull(task, "task"));
    }

    /** @return the agent's settings */
    public AgentConfig config() {
        return spec.config();
    }

    /** @return the agent's tools by name */
    public Map<String, Tool> tools() {
        return spec.tools();
    }

    /** @return the agent's model */
    public Model model() {
        return spec.model();
    }

    /** Builds an {@link Agent}. */
    public static final class Builder {
        private final Model model;
        private AgentConfig config = AgentConfig.ofDefaults();
        private final Map<String, Tool> tools = new LinkedHashMap<>();
        private final List<AgentHook> hooks = new ArrayList<>();
        private final List<AgentListener> listeners = new ArrayList<>();
        private @Nullable UserSimulator userSimulator;
        private @Nullable Predicate<RunContext> completion;
        private CompletionCheck completionCheck = CompletionCheck.AFTER_ITERATION;

        private Builder(Model model) {
            this.model = Checks.notNull(model, "model");
        }

        /** @param config the settings @return this builder */
        public Builder config(AgentConfig config) {
            this.config = Checks.notNull(config, "config");
            return this;
        }

        /** @param tool a tool; its name must be unique @return this builder */
        public Builder tool(Tool tool) {
            Checks.notNull(tool, "tool");
            String name = tool.spec().name();
            if (tools.containsKey(name)) {
                throw new IllegalArgumentException("tool \"" + name + "\" is registered twice");
            }
            tools.put(name, tool);
            return this;
        }

        /** @param tools tools, each with a unique name @return this builder */
        public Builder tools(Tool... tools) {
            for (Tool tool : tools) {
                tool(tool);
            }
            return this;
        }

        /** @param tools tools, each with a unique name @return this builder */
        public Builder tools(List<Tool> tools) {
            tools.forEach(this::tool);
            return this;
        }

        /** @param hook a hook, run after the ones added before it @return this builder */
        public Builder hook(AgentHook hook) {
            hooks.add(Checks.notNull(hook, "hook"));
            return this;
        }

        /** @param listener a listener of the runs' events @return this builder */
        public Builder listener(AgentListener listener) {
            listeners.add(Checks.notNull(listener, "listener"));
            return this;
        }

        /** @param simulator the user who answers the model's replies, or null @return this builder */
        public Builder userSimulator(@Nullable UserSimulator simulator) {
            this.userSimulator = simulator;
            return this;
        }

        /**
         * Ends runs as soon as a predicate over the run holds.
         *
         * @param predicate whether the work is done
         * @param check when to ask it
         * @return this builder
         */
        public Builder completeWhen(Predicate<RunContext> predicate, CompletionCheck check) {
            this.completion = Checks.notNull(predicate, "predicate");
            this.completionCheck = Checks.notNull(check, "check");
            return this;
        }

        /**
         * @return the agent
         * @throws IllegalArgumentException when a cost budget is set but the model has no price
         */
        public Agent build() {
            if (config.costBudgetUsd().isPresent() && config.prices().priceOf(model.name()).isEmpty()) {
                throw new IllegalArgumentException("costBudgetUsd is set (" + config.costBudgetUsd().get()
                        + ") but prices has no price for model \"" + model.name() + "\": the budget could never be"
                        + " reached");
            }
            List<ToolSpec> specs = new ArrayList<>();
            tools.values().forEach(tool -> specs.add(tool.spec()));
            String finalTool = config.finalAnswerTool().orElse(null);
            if (finalTool != null && !tools.containsKey(finalTool)) {
                specs.add(new ToolSpec(finalTool, "Submit your final answer. Call this once, when you are done.",
                        Map.of("type", "object", "properties", Map.of("answer", Map.of("type", "string")),
                                "required", List.of("answer"))));
            }
            return new Agent(new AgentSpec(model, config, Collections.unmodifiableMap(new LinkedHashMap<>(tools)), List.copyOf(specs), List.copyOf(hooks),
                    List.copyOf(listeners), userSimulator, completion, completionCheck));
        }
    }
}
