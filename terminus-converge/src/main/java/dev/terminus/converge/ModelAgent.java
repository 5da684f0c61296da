package dev.terminus.converge;

import dev.terminus.ErrorCategory;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.converge.internal.FactParser;
import java.util.function.Function;

/**
 * A {@link ConvergenceAgent} that is an agent loop with a model: in each cycle it is triggered in, it runs its
 * {@link Agent} on a task made from the context, and the run's final answer, JSON facts, becomes its proposals:
 * {@snippet lang=json :
 * {"facts": [{"key": "invoice.total", "value": 119050, "confidence": 0.9}]}
 * }
 * ({@code confidence} is optional, 1 when left out; the answer may sit in a Markdown code fence). The run's tokens
 * count against the engine's token budget.
 *
 * {@snippet :
 * ConvergenceAgent reader = ModelAgent.builder("reader", Agent.builder(model).build())
 *         .trigger(Trigger.on("document"))
 *         .task(context -> "Extract the invoice's number and total from:\n" + context.value("document"))
 *         .build();
 * }
 *
 * <p>How the agent's run ends decides the reply, and every end of it comes out of the engine typed:
 * <ul>
 *   <li>a success ({@code NaturalCompletion}, {@code Submitted}, ...), or {@code BudgetPressure} with a final
 *       answer, is read as facts; an answer that is not facts of that shape ends the engine's run
 *       {@link Termination.SchemaValidationFailed} with every violation;</li>
 *   <li>{@link Termination.AgentRefused} (a refusal, a content filter) becomes a refusal of this agent
 *       ({@code AgentRefused} with this agent's name);</li>
 *   <li>{@link Termination.HitlGatePending}, a tool of the loop waiting for a person's approval, ends the engine's run
 *       {@code Failed} ({@code CONFIGURATION}, an {@link IllegalStateException} naming the agent and the gate): the
 *       loop's approval gate cannot be resumed through the engine, whose pauses are at its own gates only. Use the
 *       engine's {@code gatedKeys} or {@code confidenceThreshold} for a person's approval, not the loop's
 *       {@code requireApproval};</li>
 *   <li>any other end (the loop's own iteration cap, its token, time or cost budget, a stall, its failure, a
 *       cancellation, ...) is a {@link Reply.Stop}: the engine's run ends with that very termination, and its
 *       result names this agent ({@link ConvergenceResult#stoppedBy()}).</li>
 * </ul>
 */
public final class ModelAgent implements ConvergenceAgent {

    /** What the default task asks for, after the context. */
    public static final String DEFAULT_INSTRUCTIONS = "Propose facts that follow from the facts above, or correct"
            + " them. Answer only with JSON: {\"facts\": [{\"key\": \"...\", \"value\": ..., \"confidence\": 0.0-1.0}]}."
            + " Answer {\"facts\": []} when you have nothing to add.";

    private final String name;
    private final Agent agent;
    private final Trigger trigger;
    private final Function<Context, String> task;

    private ModelAgent(Builder b) {
        this.name = b.name;
        this.agent = b.agent;
        this.trigger = b.trigger;
        this.task = b.task;
    }

    /**
     * @param name the agent's name in the engine, not blank
     * @param agent the agent loop it runs
     * @return a builder; the agent always runs and its task is the context as JSON and {@link #DEFAULT_INSTRUCTIONS}
     */
    public static Builder builder(String name, Agent agent) {
        return new Builder(name, agent);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Trigger trigger() {
        return trigger;
    }

    @Override
    public Reply propose(Context context, int cycle) {
        String prompt = Preconditions.notNull(task.apply(context), "the task of agent \"" + name + "\"");
        RunResult run = agent.run(prompt);
        Termination end = run.termination();
        if (end.isSuccess() || end instanceof Termination.BudgetPressure && run.finalAnswer().isPresent()) {
            return switch (FactParser.parse(run.finalAnswer().orElse(""))) {
                case FactParser.Facts facts -> new Reply.Propose(facts.facts(), run.usage());
                case FactParser.Unreadable unreadable -> new Reply.Fail(
                        new Termination.SchemaValidationFailed(unreadable.diagnostic()), run.usage());
            };
        }
        return switch (end) {
            case Termination.AgentRefused refused -> new Reply.Refuse(refused.reason(), run.usage());
            case Termination.HitlGatePending gate -> new Reply.Fail(Termination.Failed.of(new IllegalStateException(
                    "the agent loop of agent \"" + name + "\" paused at its approval gate " + gate.gateId() + " ("
                    + gate.summary() + "), which cannot be resumed through the convergence engine: build the loop"
                    + " without requireApproval, and gate the fact's key with the engine's gatedKeys instead"),
                    ErrorCategory.CONFIGURATION), run.usage());
            default -> new Reply.Stop(end, run.usage());
        };
    }

    @Override
    public String toString() {
        return "ModelAgent[" + name + "]";
    }

    /** Builds a {@link ModelAgent}. */
    public static final class Builder {
        private final String name;
        private final Agent agent;
        private Trigger trigger = Trigger.always();
        private Function<Context, String> task = context -> "Facts so far: " + FactParser.render(context) + "\n\n"
                + DEFAULT_INSTRUCTIONS;

        private Builder(String name, Agent agent) {
            this.name = Preconditions.notBlank(name, "name");
            this.agent = Preconditions.notNull(agent, "agent");
        }

        /** @param trigger when the agent runs ({@link Trigger#always()} by default) @return this builder */
        public Builder trigger(Trigger trigger) {
            this.trigger = Preconditions.notNull(trigger, "trigger");
            return this;
        }

        /** @param task the task given to the agent loop, made from the cycle's context @return this builder */
        public Builder task(Function<Context, String> task) {
            this.task = Preconditions.notNull(task, "task");
            return this;
        }

        /** @return the agent */
        public ModelAgent build() {
            return new ModelAgent(this);
        }
    }
}
