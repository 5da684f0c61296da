package dev.terminus.checkpoint.faults;

import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.faults.FaultSchedule.ModelFault;
import dev.terminus.checkpoint.faults.TreeSchedule.Answer;
import dev.terminus.checkpoint.faults.TreeSchedule.Call;
import dev.terminus.checkpoint.faults.TreeSchedule.Caller;
import dev.terminus.checkpoint.faults.TreeSchedule.Calls;
import dev.terminus.checkpoint.faults.TreeSchedule.Failure;
import dev.terminus.checkpoint.faults.TreeSchedule.Hang;
import dev.terminus.checkpoint.faults.TreeSchedule.Limits;
import dev.terminus.checkpoint.faults.TreeSchedule.Node;
import dev.terminus.checkpoint.faults.TreeSchedule.Pause;
import dev.terminus.checkpoint.faults.TreeSchedule.Slot;
import dev.terminus.checkpoint.faults.TreeSchedule.SlowStream;
import dev.terminus.checkpoint.faults.TreeSchedule.Step;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * The generators of {@link TreeSchedule}s: trees of two and three levels (a root with one or two agent tools, a child
 * with at most one of its own), sometimes a handoff target beside the root, with faults in every agent's script and
 * budgets at every level.
 */
final class TreeSchedules {

    private TreeSchedules() {}

    /** @return schedules whose every wait ends: a hang only where a deadline or a cancel ends it */
    static Arbitrary<TreeSchedule> schedules() {
        Arbitrary<Node> root = node("root", 1, 2);
        Arbitrary<Node> handoff = node("h", 0, 1).injectNull(0.7);
        return Combinators.combine(root, handoff, callers()).as(TreeSchedule::new)
                .map(TreeSchedules::withEndingWaits)
                .map(TreeSchedules::withTheRootsBudgetsForItsHandoff);
    }

    /**
     * @param name the agent's name
     * @param minChildren the fewest agent tools it has
     * @param maxChildren the most (each child has at most one fewer level below it: the tree is at most 3 deep)
     */
    private static Arbitrary<Node> node(String name, int minChildren, int maxChildren) {
        Arbitrary<List<Node>> children = Arbitraries.integers().between(minChildren, maxChildren).flatMap(count ->
                switch (count) {
                    case 0 -> Arbitraries.just(List.<Node>of());
                    case 1 -> node(name + "_0", 0, maxChildren - 1).map(List::of);
                    default -> Combinators.combine(node(name + "_0", 0, maxChildren - 1),
                            node(name + "_1", 0, maxChildren - 1)).as(List::of);
                });
        Arbitrary<List<Step>> script = maxChildren == 0 ? scripts()
                : Combinators.combine(delegation().injectNull(0.2), scripts()).as((first, rest) -> {
                    List<Step> steps = new ArrayList<>();
                    if (first != null) {
                        steps.add(first);
                    }
                    steps.addAll(rest);
                    return List.copyOf(steps);
                });
        return Combinators.combine(script, limits(), Arbitraries.of(true, false), children)
                .as((steps, limits, streams, kids) -> new Node(name, steps, limits, streams, kids));
    }

    /** A round that calls one or both agents below (and maybe another tool): most scripts with agents begin so. */
    private static Arbitrary<Step> delegation() {
        Arbitrary<Call> agentCall = Combinators.combine(Arbitraries.of(Slot.AGENT_A, Slot.AGENT_B),
                Arbitraries.frequency(Tuple.of(1, 0), Tuple.of(6, 1), Tuple.of(6, 2))).as(Call::new);
        Arbitrary<Call> other = Combinators.combine(Arbitraries.of(Slot.ECHO, Slot.SLOW, Slot.FAIL, Slot.HANG),
                Arbitraries.integers().between(0, 2)).as(Call::new);
        return Combinators.combine(agentCall.list().ofMinSize(1).ofMaxSize(2), other.list().ofMaxSize(1), usages())
                .as((agents, others, usage) -> {
                    List<Call> calls = new ArrayList<>(agents);
                    calls.addAll(others);
                    return new Calls(calls, usage);
                });
    }

    /** Free scripts, and scripts that repeat a few steps (so the progress guards and the caps get to trip). */
    private static Arbitrary<List<Step>> scripts() {
        Arbitrary<List<Step>> free = steps().list().ofMaxSize(6);
        Arbitrary<List<Step>> repeating = Combinators.combine(steps().list().ofMinSize(1).ofMaxSize(3),
                Arbitraries.integers().between(0, 2).list().ofMinSize(3).ofMaxSize(8))
                .as((pool, picks) -> picks.stream().map(i -> pool.get(i % pool.size())).toList());
        return Arbitraries.oneOf(free, repeating);
    }

    private static Arbitrary<Usage> usages() {
        return Combinators.combine(Arbitraries.integers().between(0, 30),
                Arbitraries.integers().between(0, 15)).as(Usage::of);
    }

    private static Arbitrary<Step> steps() {
        Arbitrary<Step> answer = Combinators.combine(Arbitraries.of("done", "42", ""), usages()).as(Answer::new);
        Arbitrary<Call> call = Combinators.combine(
                Arbitraries.frequency(Tuple.of(8, Slot.AGENT_A), Tuple.of(4, Slot.AGENT_B), Tuple.of(1, Slot.TRANSFER),
                        Tuple.of(3, Slot.ECHO), Tuple.of(2, Slot.FAIL), Tuple.of(1, Slot.BADARGS),
                        Tuple.of(2, Slot.SLOW), Tuple.of(1, Slot.HANG), Tuple.of(1, Slot.DEAF),
                        Tuple.of(1, Slot.GHOST)),
                Arbitraries.frequency(Tuple.of(1, 0), Tuple.of(3, 1), Tuple.of(3, 2))).as(Call::new);
        Arbitrary<Step> calls = Combinators.combine(call.list().ofMinSize(1).ofMaxSize(3), usages()).as(Calls::new);
        Arbitrary<Step> failure = Arbitraries.frequency(Tuple.of(4, ModelFault.RATE_LIMITED),
                Tuple.of(3, ModelFault.SERVER_500), Tuple.of(2, ModelFault.SERVER_503), Tuple.of(2, ModelFault.TIMEOUT),
                Tuple.of(1, ModelFault.AUTH_401), Tuple.of(1, ModelFault.REFUSED), Tuple.of(1, ModelFault.BUG))
                .map(Failure::new);
        Arbitrary<Step> pause = Arbitraries.of(1, 30, 400, 5_000).map(Pause::new);
        Arbitrary<Step> slowStream = Combinators.combine(
                Arbitraries.of("4", "2", "do", "ne", " ", "here you go").list().ofMinSize(1).ofMaxSize(5),
                Arbitraries.of(0, 1, 20, 200), usages()).as(SlowStream::new);
        return Arbitraries.frequencyOf(Tuple.of(3, answer), Tuple.of(8, calls), Tuple.of(3, failure),
                Tuple.of(1, pause), Tuple.of(1, Arbitraries.just(new Hang())), Tuple.of(2, slowStream));
    }

    private static Arbitrary<Limits> limits() {
        Arbitrary<Tuple.Tuple5<Integer, Long, Integer, Integer, Boolean>> caps = Combinators.combine(
                Arbitraries.integers().between(1, 6),
                Arbitraries.longs().between(20, 300).injectNull(0.6),
                Arbitraries.integers().between(20, 400).injectNull(0.8),
                Arbitraries.of(50, 300, 1_000, 30_000).injectNull(0.5),
                Arbitraries.of(true, false)).as(Tuple::of);
        Arbitrary<Tuple.Tuple5<Boolean, Integer, Integer, Integer, TimeBudgetEnforcement>> calls = Combinators.combine(
                Arbitraries.of(true, false),
                Arbitraries.integers().between(0, 2),
                Arbitraries.of(1, 100, 1_000),
                Arbitraries.of(10, 100, 500),
                Arbitraries.of(TimeBudgetEnforcement.class)).as(Tuple::of);
        return Combinators.combine(caps, calls).as((c, t) -> new Limits(c.get1(), c.get2(), c.get3(), c.get4(),
                c.get5(), t.get1(), t.get2(), t.get3(), t.get4(), t.get5()));
    }

    private static Arbitrary<Caller> callers() {
        return Combinators.combine(
                Arbitraries.of(0, 1, 50, 500, 5_000).injectNull(0.75),
                Arbitraries.integers().between(1, 30).injectNull(0.85),
                Arbitraries.of(true, false))
                .as(Caller::new);
    }

    /**
     * A hang (of a model or a tool) becomes a plain answer or an echo where neither the root's deadline nor a cancel
     * at an instant ends it, and a tool that ignores interrupts an echo where no deadline leaves it behind.
     */
    private static TreeSchedule withEndingWaits(TreeSchedule schedule) {
        boolean deadline = schedule.root().limits().timeBudgetMs() != null;
        boolean ends = deadline || schedule.caller().cancelAtMs() != null;
        java.util.function.UnaryOperator<Step> rewrite = step -> switch (step) {
            case Hang hang when !ends -> new Answer("instead of a hang", Usage.of(1, 1));
            case Calls calls -> new Calls(calls.calls().stream()
                    .map(call -> call.slot() == Slot.HANG && !ends || call.slot() == Slot.DEAF && !deadline
                            ? new Call(Slot.ECHO, call.variant()) : call)
                    .toList(), calls.usage());
            default -> step;
        };
        Node handoff = schedule.handoff();
        return new TreeSchedule(schedule.root().rewritten(rewrite), handoff == null ? null : handoff.rewritten(rewrite),
                schedule.caller());
    }

    /** The handoff target has the root's limits: the run's budgets do not change with the agent that has it. */
    private static TreeSchedule withTheRootsBudgetsForItsHandoff(TreeSchedule schedule) {
        Node handoff = schedule.handoff();
        if (handoff == null) {
            return schedule;
        }
        return new TreeSchedule(schedule.root(), new Node(handoff.name(), handoff.steps(), schedule.root().limits(),
                handoff.streams(), handoff.children()), schedule.caller());
    }
}
