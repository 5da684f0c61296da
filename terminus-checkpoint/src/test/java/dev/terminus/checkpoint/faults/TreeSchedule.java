package dev.terminus.checkpoint.faults;

import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.faults.FaultSchedule.ModelFault;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One generated run of a tree of agents on a manual clock: a root agent that calls one or two agents as tools, each
 * of which may call one more (three levels at most), and sometimes an agent the root may hand its run to; for each
 * agent, what its model answers call after call (faults among the answers), its limits, and what the caller does
 * meanwhile (cancels at an instant of the clock or at the Nth event of the tree). Times are milliseconds of the run's
 * clock. {@link TreeSchedules} generates them.
 *
 * @param root the agent the caller runs
 * @param handoff the agent the root may hand its run to ({@code transfer_to_<name>}), or none; it has the root's
 *     limits, so the run's budgets are the same whichever agent has it
 * @param caller what the caller does during the run
 */
record TreeSchedule(Node root, @Nullable Node handoff, Caller caller) {

    /**
     * One agent of the tree.
     *
     * @param name the agent's name; its tool is {@code ask_<name>}
     * @param steps its model's answers, one per call, across all the runs of the agent; an exhausted script answers
     *     "done"
     * @param limits its caps and budgets
     * @param streams whether its model streams
     * @param children the agents it calls as tools, at most two
     */
    record Node(String name, List<Step> steps, Limits limits, boolean streams, List<Node> children) {

        /** @return the name of the tool that runs this agent */
        String toolName() {
            return "ask_" + name;
        }

        /**
         * @param slot the call's slot
         * @param handoffTarget the agent this one may hand its run to, or none
         * @return the name of the tool a call in this agent's script names
         */
        String toolFor(Slot slot, @Nullable Node handoffTarget) {
            return switch (slot) {
                case AGENT_A -> children.isEmpty() ? "echo" : children.getFirst().toolName();
                case AGENT_B -> children.isEmpty() ? "echo" : children.getLast().toolName();
                case TRANSFER -> handoffTarget != null ? "transfer_to_" + handoffTarget.name() : "echo";
                case ECHO -> "echo";
                case FAIL -> "fail";
                case BADARGS -> "badargs";
                case SLOW -> "slow";
                case HANG -> "hang";
                case DEAF -> "deaf";
                case GHOST -> "ghost";
            };
        }

        /** @return this agent and every agent below it */
        Stream<Node> subtree() {
            return Stream.concat(Stream.of(this), children.stream().flatMap(Node::subtree));
        }

        /** @return the most tokens one model call of this agent or of an agent below it spends */
        long largestCall() {
            // an exhausted script answers "done" for 2 tokens
            return Math.max(2, subtree().flatMap(node -> node.steps().stream()).mapToLong(Step::tokens).max()
                    .orElse(0));
        }

        /**
         * How many runs of this agent's tree may be calling their models at once: one, but where a parallel round
         * runs several agents, the sum of theirs (one round of this agent's script may be played by any of its runs).
         *
         * @return the most model calls of this tree in flight at one time
         */
        int concurrentCalls() {
            int most = 1;
            for (Step step : steps) {
                if (step instanceof Calls calls) {
                    int round = 0;
                    for (Call call : calls.calls()) {
                        Node child = childFor(call.slot());
                        if (child != null) {
                            round = limits.parallel() ? round + child.concurrentCalls()
                                    : Math.max(round, child.concurrentCalls());
                        }
                    }
                    most = Math.max(most, round);
                }
            }
            return most;
        }

        /** @return the child a call of this slot runs, or none */
        @Nullable Node childFor(Slot slot) {
            if (children.isEmpty()) {
                return null;
            }
            return switch (slot) {
                case AGENT_A -> children.getFirst();
                case AGENT_B -> children.getLast();
                default -> null;
            };
        }

        /** @return this agent with its script rewritten by {@code rewrite}, and its children's */
        Node rewritten(java.util.function.UnaryOperator<Step> rewrite) {
            List<Node> kids = new ArrayList<>();
            for (Node child : children) {
                kids.add(child.rewritten(rewrite));
            }
            return new Node(name, steps.stream().map(rewrite).toList(), limits, streams, kids);
        }
    }

    /** One answer of a model. */
    sealed interface Step {
        /** @return the tokens the answer spends */
        default long tokens() {
            return 0;
        }
    }

    /** A final text. */
    record Answer(String text, Usage usage) implements Step {
        @Override
        public long tokens() {
            return usage.totalTokens();
        }
    }

    /** A round of tool calls. */
    record Calls(List<Call> calls, Usage usage) implements Step {
        @Override
        public long tokens() {
            return usage.totalTokens();
        }
    }

    /**
     * One tool call of a round.
     *
     * @param slot which tool
     * @param variant which arguments: for an agent, 0 gives none (a mistake) and others a task; for {@code slow}, how
     *     long it waits (1, 40 or 900 ms)
     */
    record Call(Slot slot, int variant) {}

    /** The tools a call may name; an agent slot of an agent without children, and a transfer without a target, echo. */
    enum Slot { AGENT_A, AGENT_B, TRANSFER, ECHO, FAIL, BADARGS, SLOW, HANG, DEAF, GHOST }

    /** A provider error of one kind, or a plain bug of the model's. */
    record Failure(ModelFault kind) implements Step {}

    /** The model takes this long on the run's clock, then goes on with the next step. */
    record Pause(int millis) implements Step {}

    /** The model never answers; an interrupt ends its wait. */
    record Hang() implements Step {}

    /** A final text streamed in pieces, each after a gap on the run's clock (the whole answer, for a model that does
     * not stream, after all the gaps). */
    record SlowStream(List<String> pieces, int gapMs, Usage usage) implements Step {
        @Override
        public long tokens() {
            return usage.totalTokens();
        }
    }

    /**
     * @param maxIterations the iteration cap
     * @param tokenTotal the total token budget, or none
     * @param costMicros the cost budget in millionths of a dollar (a token costs one), or none
     * @param timeBudgetMs the time budget, or none
     * @param guards whether the progress guards are on
     * @param parallel whether a round's tool calls run in parallel
     * @param maxRetries the retries of a retryable provider error
     * @param backoffMs the first backoff of a retry
     * @param graceMs how long an interrupted call is waited for
     * @param enforcement how the time budget is enforced
     */
    record Limits(int maxIterations, @Nullable Long tokenTotal, @Nullable Integer costMicros,
            @Nullable Integer timeBudgetMs, boolean guards, boolean parallel, int maxRetries, int backoffMs,
            int graceMs, TimeBudgetEnforcement enforcement) {}

    /**
     * @param cancelAtMs when (on the run's clock) the caller cancels the root, or never
     * @param cancelAtEvent at which event of the tree (every agent's listener counted, from 1) it cancels, or never
     * @param started whether the caller starts the root on its own thread ({@code Agent.start}, cancelled through its
     *     handle) or runs it on its own ({@code Agent.run}, cancelled by an interrupt)
     */
    record Caller(@Nullable Integer cancelAtMs, @Nullable Integer cancelAtEvent, boolean started) {}

    /** @return every agent of the schedule: the root's tree, then the handoff target's */
    List<Node> agents() {
        Stream<Node> all = root.subtree();
        if (handoff != null) {
            all = Stream.concat(all, handoff.subtree());
        }
        return all.toList();
    }

    /** @return the most model calls of the root's run in flight at one time, whichever agent has the run */
    int concurrentCalls() {
        return Math.max(root.concurrentCalls(), handoff == null ? 1 : handoff.concurrentCalls());
    }

    /** @return the most tokens one model call of the run's tree spends */
    long largestCall() {
        return Math.max(root.largestCall(), handoff == null ? 0 : handoff.largestCall());
    }

    /** @return the longest interrupt grace of any agent of the tree */
    int longestGraceMs() {
        return agents().stream().mapToInt(node -> node.limits().graceMs()).max().orElseThrow();
    }
}
