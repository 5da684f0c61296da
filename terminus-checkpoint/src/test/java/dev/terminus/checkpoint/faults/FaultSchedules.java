package dev.terminus.checkpoint.faults;

import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.checkpoint.faults.FaultSchedule.Answer;
import dev.terminus.checkpoint.faults.FaultSchedule.Call;
import dev.terminus.checkpoint.faults.FaultSchedule.Caller;
import dev.terminus.checkpoint.faults.FaultSchedule.Calls;
import dev.terminus.checkpoint.faults.FaultSchedule.Consumer;
import dev.terminus.checkpoint.faults.FaultSchedule.Cut;
import dev.terminus.checkpoint.faults.FaultSchedule.Ending;
import dev.terminus.checkpoint.faults.FaultSchedule.Failure;
import dev.terminus.checkpoint.faults.FaultSchedule.Features;
import dev.terminus.checkpoint.faults.FaultSchedule.Finish;
import dev.terminus.checkpoint.faults.FaultSchedule.Hang;
import dev.terminus.checkpoint.faults.FaultSchedule.Limits;
import dev.terminus.checkpoint.faults.FaultSchedule.ModelFault;
import dev.terminus.checkpoint.faults.FaultSchedule.Pause;
import dev.terminus.checkpoint.faults.FaultSchedule.Quit;
import dev.terminus.checkpoint.faults.FaultSchedule.Stall;
import dev.terminus.checkpoint.faults.FaultSchedule.Step;
import dev.terminus.checkpoint.faults.FaultSchedule.Streamed;
import dev.terminus.checkpoint.faults.FaultSchedule.Streaming;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * The generators of {@link FaultSchedule}s: every fault the loop knows, at random points of random runs, and the same
 * with streamed answers read by a consumer.
 */
final class FaultSchedules {

    private FaultSchedules() {}

    /** @return schedules whose every wait ends: a hang only where a deadline or a cancel ends it */
    static Arbitrary<FaultSchedule> schedules() {
        return Combinators.combine(scripts(), limits(), callers(), features())
                .as(FaultSchedule::new)
                .map(FaultSchedules::withEndingWaits);
    }

    /**
     * @return streamed schedules: a model that streams, answers in pieces that finish, stall or fail among the other
     *     steps, a consumer that reads the run through {@code Agent.stream} (so the run is started on a thread of its
     *     own), and every wait ending as in {@link #schedules()}
     */
    static Arbitrary<FaultSchedule> streamedSchedules() {
        Arbitrary<Step> step = Arbitraries.frequencyOf(Tuple.of(3, streamedSteps()), Tuple.of(2, steps()));
        return Combinators.combine(scripts(step), limits(), callers().map(FaultSchedules::startedOnItsOwnThread),
                        features(), streamings())
                .as(FaultSchedule::new)
                .map(FaultSchedules::withEndingWaits);
    }

    private static Arbitrary<List<Step>> scripts() {
        return scripts(steps());
    }

    /** Free scripts, and scripts that repeat a few steps over and over (so the progress guards get to trip). */
    private static Arbitrary<List<Step>> scripts(Arbitrary<Step> steps) {
        Arbitrary<List<Step>> free = steps.list().ofMaxSize(10);
        Arbitrary<List<Step>> repeating = Combinators.combine(steps.list().ofMinSize(1).ofMaxSize(3),
                Arbitraries.integers().between(0, 2).list().ofMinSize(3).ofMaxSize(10))
                .as((pool, picks) -> picks.stream().map(i -> pool.get(i % pool.size())).toList());
        return Arbitraries.oneOf(free, repeating);
    }

    /** Answers in 0 to 6 pieces, most without a gap, that finish, stall, or fail with any provider error or a bug. */
    private static Arbitrary<Step> streamedSteps() {
        Arbitrary<String> piece = Arbitraries.of("4", "2", "do", "ne", " ", "here you go", "é", "日本", "\n");
        Arbitrary<Ending> ending = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.just(new Finish(FinishReason.STOP))),
                Tuple.of(2, Arbitraries.just(new Finish(FinishReason.LENGTH))),
                Tuple.of(2, Arbitraries.just(new Finish(FinishReason.CONTENT_FILTER))),
                Tuple.of(3, Arbitraries.just(new Stall())),
                Tuple.of(5, Arbitraries.of(ModelFault.class).map(Cut::new)));
        return Combinators.combine(piece.list().ofMaxSize(6),
                Arbitraries.frequency(Tuple.of(6, 0), Tuple.of(2, 1), Tuple.of(1, 2)),
                ending, usages()).as(Streamed::new);
    }

    /** Idle timeouts of a few milliseconds or none, small and large buffers, and consumers that quit or read on. */
    private static Arbitrary<Streaming> streamings() {
        Arbitrary<Consumer> consumer = Combinators.combine(
                Arbitraries.of(1, 2, 5),
                Arbitraries.of(0, 1, 20, 400),
                Arbitraries.integers().between(1, 12).injectNull(0.3),
                Arbitraries.frequency(Tuple.of(2, Quit.CLOSE), Tuple.of(2, Quit.CLOSE_WHILE_THE_RUN_WAITS),
                        Tuple.of(1, Quit.CANCEL), Tuple.of(1, Quit.STOP_READING)))
                .as(Consumer::new);
        return Combinators.combine(Arbitraries.of(0, 1, 3).injectNull(0.4), Arbitraries.of(1, 2, 16, 256), consumer)
                .as(Streaming::new);
    }

    /** A streamed run goes on a thread of its own, as a started one does. */
    private static Caller startedOnItsOwnThread(Caller caller) {
        return new Caller(caller.cancelAtMs(), caller.cancelAtEvent(), true, caller.decisions());
    }

    private static Arbitrary<Usage> usages() {
        return Combinators.combine(Arbitraries.integers().between(0, 40),
                Arbitraries.integers().between(0, 20)).as(Usage::of);
    }

    private static Arbitrary<Step> steps() {
        Arbitrary<Usage> usage = usages();
        Arbitrary<Step> answer = Combinators.combine(Arbitraries.of("done", "42", "here you go", ""),
                Arbitraries.frequency(Tuple.of(16, FinishReason.STOP), Tuple.of(1, FinishReason.LENGTH),
                        Tuple.of(1, FinishReason.CONTENT_FILTER)),
                usage).as(Answer::new);
        Arbitrary<Call> call = Combinators.combine(
                Arbitraries.frequency(Tuple.of(8, "echo"), Tuple.of(2, "fail"), Tuple.of(2, "badargs"),
                        Tuple.of(2, "slow"), Tuple.of(2, "stubborn"), Tuple.of(2, "strict"), Tuple.of(1, "ghost"),
                        Tuple.of(1, "submit"), Tuple.of(1, "halt"), Tuple.of(1, "hang"), Tuple.of(1, "deaf"),
                        Tuple.of(3, "guarded")),
                Arbitraries.<Map<String, Object>>of(Map.of(), Map.of("x", 1), Map.of("x", 2), Map.of("x", "one"),
                        Map.of("ms", 1), Map.of("ms", 40), Map.of("ms", 900), Map.of("answer", "42")))
                .as(Call::new);
        Arbitrary<Step> calls = Combinators.combine(call.list().ofMinSize(1).ofMaxSize(3), usage).as(Calls::new);
        Arbitrary<Step> failure = Arbitraries.of(ModelFault.class).map(Failure::new);
        Arbitrary<Step> pause = Arbitraries.of(1, 30, 400, 5_000).map(Pause::new);
        Arbitrary<Step> hang = Arbitraries.of(false, false, true).map(Hang::new);
        return Arbitraries.frequencyOf(Tuple.of(3, answer), Tuple.of(8, calls), Tuple.of(4, failure),
                Tuple.of(1, pause), Tuple.of(1, hang));
    }

    private static Arbitrary<Limits> limits() {
        Arbitrary<Tuple.Tuple6<Integer, Integer, Long, Integer, Integer, Boolean>> caps = Combinators.combine(
                Arbitraries.integers().between(1, 8),
                Arbitraries.integers().between(0, 6).injectNull(0.5),
                Arbitraries.longs().between(20, 300).injectNull(0.6),
                Arbitraries.integers().between(20, 400).injectNull(0.8),
                Arbitraries.of(50, 300, 1_000, 30_000).injectNull(0.5),
                Arbitraries.of(true, false)).as(Tuple::of);
        Arbitrary<Tuple.Tuple6<Boolean, Integer, Integer, Integer, Integer, TimeBudgetEnforcement>> calls =
                Combinators.combine(
                        Arbitraries.of(true, false),
                        Arbitraries.of(20, 100, 2_000).injectNull(0.7),
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.of(1, 100, 1_000),
                        Arbitraries.of(10, 100, 500),
                        Arbitraries.of(TimeBudgetEnforcement.class)).as(Tuple::of);
        return Combinators.combine(caps, calls).as((c, t) -> new Limits(c.get1(), c.get2(), c.get3(), c.get4(),
                c.get5(), c.get6(), t.get1(), t.get2(), t.get3(), t.get4(), t.get5(), t.get6()));
    }

    private static Arbitrary<Caller> callers() {
        return Combinators.combine(
                Arbitraries.of(0, 1, 50, 500, 5_000).injectNull(0.8),
                Arbitraries.integers().between(1, 12).injectNull(0.85),
                Arbitraries.of(true, false),
                Arbitraries.integers().between(0, 2).list().ofMaxSize(4))
                .as(Caller::new);
    }

    private static Arbitrary<Features> features() {
        Arbitrary<Tuple.Tuple5<Double, Boolean, CompletionCheck, Boolean, Boolean>> loop = Combinators.combine(
                Arbitraries.of(0.5, 0.8).injectNull(0.8),
                Arbitraries.of(true, false),
                Arbitraries.of(CompletionCheck.class).injectNull(0.7),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false)).as(Tuple::of);
        Arbitrary<Tuple.Tuple5<Boolean, Integer, Integer, Integer, Integer>> extras = Combinators.combine(
                Arbitraries.of(true, false),
                Arbitraries.frequency(Tuple.of(5, 0), Tuple.of(2, 1), Tuple.of(1, 2), Tuple.of(1, 3)),
                Arbitraries.of(60, 200, 2_000),
                Arbitraries.integers().between(0, 2).injectNull(0.75),
                Arbitraries.integers().between(-1, 2).injectNull(0.75)).as(Tuple::of);
        return Combinators.combine(loop, extras).as((l, e) -> new Features(l.get1(), l.get2(), l.get3(), l.get4(),
                l.get5(), e.get1(), e.get2(), e.get3(), e.get4(), e.get5()));
    }

    /**
     * A wait that only a deadline or a cancel ends becomes a plain answer where neither comes, and a stall a finished
     * stream where no idle timeout ends it either; a model's deaf hang becomes an interruptible one where the loop
     * would have to wait for it.
     */
    private static FaultSchedule withEndingWaits(FaultSchedule schedule) {
        boolean ends = schedule.waitsEnd();
        boolean stallsEnd = schedule.stallsEnd();
        boolean deafToolLeft = schedule.deafToolIsLeft();
        boolean deafModelLeft = schedule.deafModelIsLeft();
        List<Step> steps = schedule.steps().stream().map(step -> switch (step) {
            case Hang hang when !ends -> (Step) new Answer("instead of a hang", FinishReason.STOP, Usage.of(1, 1));
            case Streamed streamed when streamed.ending() instanceof Stall && !stallsEnd ->
                    new Streamed(streamed.pieces(), streamed.gapMs(), new Finish(FinishReason.STOP), streamed.usage());
            case Hang hang when hang.deaf() && !deafModelLeft -> new Hang(false);
            case Calls calls -> new Calls(calls.calls().stream()
                    .map(call -> call.tool().equals("hang") && !ends || call.tool().equals("deaf") && !deafToolLeft
                            ? new Call("echo", call.arguments()) : call)
                    .toList(), calls.usage());
            default -> step;
        }).toList();
        return new FaultSchedule(steps, schedule.limits(), schedule.caller(), schedule.features(),
                schedule.streaming());
    }
}
