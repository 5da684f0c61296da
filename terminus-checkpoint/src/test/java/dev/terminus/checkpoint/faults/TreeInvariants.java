package dev.terminus.checkpoint.faults;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.faults.TreeSchedule.Limits;
import dev.terminus.checkpoint.faults.TreeSchedule.Node;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The invariants every run of a tree of agents keeps, whatever happened in it: every run of the tree publishes exactly
 * one result, to its own agent's listeners, and its parent keeps that result; the tree's tokens and cost pass a
 * budget by at most what the tree's model calls in flight at once spend; no run of the tree ends later than the root's
 * deadline plus the interrupt grace; and each run keeps the transcript invariants of a single run.
 */
final class TreeInvariants {

    private TreeInvariants() {}

    /** One run of the tree: the agent that ran it, its result, and the runs above it (the root first). */
    record TreeRun(Node agent, RunResult result, List<TreeRun> ancestors) {}

    /**
     * @param schedule the schedule
     * @param root the root's result
     * @return every run of the tree, the root's first, each child after its parent
     */
    static List<TreeRun> runs(TreeSchedule schedule, RunResult root) {
        List<TreeRun> runs = new ArrayList<>();
        collect(schedule, new TreeRun(schedule.root(), root, List.of()), runs);
        return runs;
    }

    private static void collect(TreeSchedule schedule, TreeRun run, List<TreeRun> runs) {
        runs.add(run);
        List<TreeRun> lineage = new ArrayList<>(run.ancestors());
        lineage.add(run);
        for (ChildRun child : run.result().children()) {
            Node agent = schedule.agents().stream().filter(node -> node.toolName().equals(child.toolName()))
                    .findFirst().orElseThrow(() -> new AssertionError("a child of an unknown tool: " + child));
            collect(schedule, new TreeRun(agent, child.result(), List.copyOf(lineage)), runs);
        }
    }

    /**
     * Every run of the tree published exactly one result, to its own agent's listeners: the root's agent heard one
     * {@code RunTerminated}, carrying the root's result; an agent the root may hand its run to heard none (the run's
     * listeners stay the first agent's); every other agent heard one per result its parents kept, and no other but
     * those of calls its parents left (below); each listener's last event is a {@code RunTerminated}.
     *
     * <p>A parent may leave a call of a child running when it ends: a parallel round that ends stops the children its
     * calls run and waits for them within its interrupt grace ({@code ChildOfAParallelRoundKeptByItsParentTest}), so a
     * child still waiting, past that grace, for a call that ignores its interrupt is left, as is one a parent's
     * supervisor gives up on at the end of the parent's grace while the child's own is longer. Such a child ends after
     * its parent and is missing from the parent's {@code children()}: its result, and its own children's, are accepted
     * as published once each, up to one per call answered "Not completed".
     *
     * @return the results of the runs their parents left, with their children's: published, but in no parent's result
     */
    static List<TreeRun> everyRunPublishedOnce(TreeSchedule schedule, TreeRig rig, List<TreeRun> runs) {
        List<TreeRun> left = new ArrayList<>();
        for (Node agent : schedule.agents()) {
            List<AgentEvent> heard = rig.events.get(agent.name());
            List<RunResult> published = heard.stream().filter(AgentEvent.RunTerminated.class::isInstance)
                    .map(event -> ((AgentEvent.RunTerminated) event).result()).toList();
            if (agent == schedule.root()) {
                assertThat(published).as("the root's results published").containsExactly(runs.getFirst().result());
            } else if (agent == schedule.handoff()) {
                assertThat(published).as("results published to the handoff target's listener").isEmpty();
            } else {
                List<RunResult> kept = Stream.concat(runs.stream(), left.stream()).filter(run -> run.agent() == agent)
                        .map(TreeRun::result).toList();
                List<RunResult> unkept = new ArrayList<>(published);
                for (RunResult result : kept) {
                    assertThat(unkept.remove(result)).as("a result of %s its parent kept, published", agent.name())
                            .isTrue();
                }
                assertThat((long) unkept.size()).as("results of %s published that no parent kept", agent.name())
                        .isLessThanOrEqualTo(callsLeft(agent, runs, left));
                for (RunResult result : unkept) {
                    collect(schedule, new TreeRun(agent, result, List.of()), left);
                }
            }
            if (!heard.isEmpty()) {
                assertThat(heard.getLast()).as("the last event %s heard", agent.name())
                        .isInstanceOf(AgentEvent.RunTerminated.class);
            }
        }
        return left;
    }

    /** @return how many calls of {@code agent}'s tool its parents answered "Not completed" */
    private static long callsLeft(Node agent, List<TreeRun> runs, List<TreeRun> left) {
        return Stream.concat(runs.stream(), left.stream())
                .flatMap(run -> run.result().transcript().stream())
                .filter(message -> message instanceof Message.ToolResult result
                        && result.toolName().equals(agent.toolName())
                        && result.content().startsWith("Not completed: the run ended"))
                .count();
    }

    /**
     * The tree's spending: the root's usage is the sum of every model call any agent of the tree reported (less, at
     * most, what the runs their parents left spent: after the root's result, it is not counted in it), its cost
     * that usage at the price; each run's usage is at least its children's; and where a run's agent has a token or
     * cost budget, the run's usage passes it by at most {@code concurrent} times the largest usage of one model call
     * in its tree (a call is made only while the budget is not used up, and {@code concurrent} calls may be in flight
     * at once).
     */
    static void spendingWithinBudgets(TreeSchedule schedule, TreeRig rig, List<TreeRun> runs, List<TreeRun> left) {
        Usage reported = Usage.ZERO;
        for (List<AgentEvent> heard : rig.events.values()) {
            for (AgentEvent event : heard) {
                if (event instanceof AgentEvent.ModelCalled called && called.error() == null) {
                    reported = reported.plus(called.usage());
                }
            }
        }
        RunResult root = runs.getFirst().result();
        // a run its parent left may spend after the root's result was built: at most its whole usage is missing
        long leftSpent = left.stream().filter(run -> run.ancestors().isEmpty())
                .mapToLong(run -> run.result().usage().totalTokens()).sum();
        assertThat(root.usage().totalTokens()).as("the root's tokens, against every call the tree reported")
                .isBetween(reported.totalTokens() - leftSpent, reported.totalTokens());
        for (TreeRun run : runs) {
            RunResult result = run.result();
            assertThat(result.costUsd()).as("cost of %s", run.agent().name())
                    .isEqualByComparingTo(TreeRig.PRICE.cost(result.usage()));
            long children = result.children().stream().mapToLong(child -> child.result().usage().totalTokens()).sum();
            assertThat(result.usage().totalTokens()).as("tokens of %s, against its children's", run.agent().name())
                    .isGreaterThanOrEqualTo(children);
            boolean isRoot = run.ancestors().isEmpty();
            long overshoot = (isRoot ? schedule.concurrentCalls() : run.agent().concurrentCalls())
                    * (isRoot ? schedule.largestCall() : run.agent().largestCall());
            Limits limits = run.agent().limits();
            if (limits.tokenTotal() != null) {
                assertThat(result.usage().totalTokens()).as("tokens of %s (budget %s, at most %s over)",
                        run.agent().name(), limits.tokenTotal(), overshoot)
                        .isLessThanOrEqualTo(limits.tokenTotal() + overshoot);
            }
            if (limits.costMicros() != null) {
                assertThat(result.costUsd()).as("cost of %s", run.agent().name())
                        .isLessThanOrEqualTo(BigDecimal.valueOf(limits.costMicros() + overshoot, 6));
            }
        }
    }

    /**
     * Where the root has a time budget, every run of the tree ended, on the clock, by the root's start plus its budget
     * plus {@code graceMs}, and lasted no longer than that budget plus {@code graceMs}.
     */
    static void noRunOutlivesTheRootsDeadline(TreeSchedule schedule, TreeRig rig, List<TreeRun> runs,
            long rootStartNanos, long graceMs) {
        Integer budgetMs = schedule.root().limits().timeBudgetMs();
        if (budgetMs == null) {
            return;
        }
        Duration bound = Duration.ofMillis(budgetMs + graceMs);
        for (TreeRun run : runs) {
            assertThat(run.result().duration()).as("duration of %s, root's budget %s ms + grace %s ms",
                    run.agent().name(), budgetMs, graceMs).isLessThanOrEqualTo(bound);
        }
        for (Map.Entry<String, List<Long>> ends : rig.endedAt.entrySet()) {
            for (long end : ends.getValue()) {
                assertThat(Duration.ofNanos(end - rootStartNanos)).as("a run of %s ended, after the root's start",
                        ends.getKey()).isLessThanOrEqualTo(bound);
            }
        }
    }

    /**
     * Each run alone: every call answered once, usage the sum of its iterations', the outcome its termination's, caps
     * kept, the termination's facts its own figures or an ancestor's (whose budget stopped it), a cancel named by the
     * schedule's caller, and the termination and transcript unchanged through the wire format.
     *
     * @param runs the runs
     * @param cancellers who may have cancelled a run: none when the schedule does not cancel
     * @param withFacts whether to check the termination's facts: not for runs their parents left, whose runs above
     *     them (whose budgets may have stopped them) are not known
     */
    static void eachRunKeepsTheInvariantsOfARun(List<TreeRun> runs, List<String> cancellers, boolean withFacts) {
        for (TreeRun run : runs) {
            RunResult result = run.result();
            String name = run.agent().name();
            assertThat(result).isConsistent().hasEveryToolCallAnsweredOnce();
            assertThat(result.outcome()).as("outcome of %s", name).isEqualTo(result.termination().defaultOutcome());
            assertThat(result.iterations().size()).as("iterations of %s", name)
                    .isLessThanOrEqualTo(run.agent().limits().maxIterations());
            assertThat(result.checkpoint()).as("a checkpoint of %s", name).isEmpty();
            for (ChildRun child : result.children()) {
                assertThat(child.iteration()).as("the iteration that called a child of %s", name)
                        .isBetween(1, result.iterations().size());
            }
            if (withFacts) {
                factsAreTheTreesFigures(run);
            }
            if (result.termination() instanceof Termination.Cancelled cancelled) {
                List<String> who = new ArrayList<>(cancellers);
                if (!withFacts || run.ancestors().stream().anyMatch(above -> above.agent().limits().parallel())) {
                    // a parallel round that ends (its parent stopped by a guard, say) cancels the children its calls
                    // still run: by their parent (ChildOfAParallelRoundKeptByItsParentTest); their own children
                    // stop the way they did, cancelled by "parent" too
                    who.add("parent");
                }
                assertThat(cancelled.requestedBy()).as("who cancelled %s", name).isIn(who);
            }
            RunInvariants.survivesTheWire(result);
        }
    }

    private static void factsAreTheTreesFigures(TreeRun run) {
        RunResult result = run.result();
        Limits own = run.agent().limits();
        switch (result.termination()) {
            case Termination.MaxIterationsReached max -> assertThat(max)
                    .isEqualTo(new Termination.MaxIterationsReached(own.maxIterations(), result.iterations().size()));
            case Termination.TokenBudgetExhausted tokens -> {
                assertThat(tokens.kind()).as("the budget's kind").isEqualTo(TokenKind.TOTAL);
                assertThat(tokens.tokensConsumed()).as("tokens used, at the stop")
                        .isGreaterThanOrEqualTo(tokens.limit());
                assertThat(budgetHolders(run, limits -> limits.tokenTotal() != null
                        && limits.tokenTotal() == tokens.limit()))
                        .as("a run whose token budget stopped %s, its tokens at the stop between this run's and that"
                                + " run's", result.termination())
                        .anySatisfy(whose -> assertThat(tokens.tokensConsumed())
                                .isBetween(result.usage().totalTokens(), whose.result().usage().totalTokens()));
            }
            case Termination.CostBudgetExhausted cost -> {
                assertThat(cost.spentUsd()).as("cost spent, at the stop").isGreaterThanOrEqualTo(cost.limitUsd());
                assertThat(budgetHolders(run, limits -> limits.costMicros() != null
                        && BigDecimal.valueOf(limits.costMicros(), 6).compareTo(cost.limitUsd()) == 0))
                        .as("a run whose cost budget stopped %s, its cost at the stop between this run's and that"
                                + " run's", result.termination())
                        .anySatisfy(whose -> assertThat(cost.spentUsd())
                                .isBetween(result.costUsd(), whose.result().costUsd()));
            }
            case Termination.TimeBudgetExhausted time -> {
                assertThat(time.elapsedMs()).as("elapsed").isBetween(time.limitMs(), result.duration().toMillis());
                List<Integer> budgets = new ArrayList<>();
                if (own.timeBudgetMs() != null) {
                    budgets.add(own.timeBudgetMs());
                }
                run.ancestors().forEach(a -> {
                    if (a.agent().limits().timeBudgetMs() != null) {
                        budgets.add(a.agent().limits().timeBudgetMs());
                    }
                });
                assertThat(budgets).as("time budgets above a run out of time").isNotEmpty();
                assertThat(time.limitMs()).as("its limit, at most the nearest budgets")
                        .isLessThanOrEqualTo(budgets.stream().mapToLong(Integer::longValue).min().orElseThrow());
            }
            default -> { }
        }
    }

    /** @return the run itself and the runs above it whose agents have a budget that {@code hasIt} matches */
    private static List<TreeRun> budgetHolders(TreeRun run, Predicate<Limits> hasIt) {
        List<TreeRun> holders = new ArrayList<>();
        if (hasIt.test(run.agent().limits())) {
            holders.add(run);
        }
        run.ancestors().stream().filter(above -> hasIt.test(above.agent().limits())).forEach(holders::add);
        return holders;
    }
}
