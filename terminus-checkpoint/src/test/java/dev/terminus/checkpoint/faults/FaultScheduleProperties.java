package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.test.ScaledTries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;

/**
 * Random runs of the agent loop under random fault schedules, on a manual clock so that hangs, backoffs, deadlines
 * and graces take no real time: model errors of every kind, failing, slow, hanging and deaf tools, cancels at random
 * instants of the clock and of the run, parallel rounds, approval gates answered and resumed, compaction,
 * structured-output repairs and simulated users. Every result, of the run and of each resume, keeps every invariant
 * of {@link RunInvariants}.
 */
class FaultScheduleProperties {
    private static final CheckpointJson CHECKPOINTS = CheckpointJson.ofDefaults();

    @Provide
    Arbitrary<FaultSchedule> schedules() {
        return FaultSchedules.schedules();
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    @ScaledTries(10_000)
    void everyScheduledRunPublishesOneResultThatKeepsEveryInvariant(@ForAll("schedules") FaultSchedule schedule)
            throws Exception {
        // given
        FaultRig rig = new FaultRig(schedule);
        AgentConfig config = rig.agent.config();

        // when
        List<RunResult> results;
        try {
            results = rig.time.drive(() -> play(rig, schedule));
        } finally {
            rig.release();
        }

        // then
        RunResult last = results.getLast();
        Statistics.label("termination").collect(last.termination().tag());
        Statistics.label("resumes").collect(results.size() - 1);
        RunInvariants.publishedOnce(results, rig.events);
        for (int i = 0; i < results.size(); i++) {
            RunResult result = results.get(i);
            try {
                RunInvariants.check(result, config, rig.modelCallUsages(i), timeSlackMs(schedule));
            } catch (AssertionError broken) {
                throw new AssertionError("result " + i + " of " + results.size() + ", " + result.termination()
                        + " after " + result.duration() + ": " + broken.getMessage(), broken);
            }
        }
        for (RunResult result : results) {
            String cancelledBy = RunInvariants.cancelledBy(result);
            if (cancelledBy != null) {
                assertThat(schedule.caller().cancelAtMs() != null || schedule.caller().cancelAtEvent() != null)
                        .as("cancelled without a cancel").isTrue();
                assertThat(cancelledBy).isIn(schedule.caller().started()
                        ? List.of(FaultRig.CANCELLER, Termination.Cancelled.THREAD_INTERRUPT)
                        : List.of(Termination.Cancelled.THREAD_INTERRUPT));
            }
        }
        for (int i = 0; i < results.size() - 1; i++) {
            assertThat(results.get(i).termination()).as("only a pending gate is resumed")
                    .isInstanceOf(Termination.HitlGatePending.class);
        }
    }

    /** Runs the schedule's run as its caller does, then answers its approval gates one by one. */
    private static List<RunResult> play(FaultRig rig, FaultSchedule schedule) throws InterruptedException {
        rig.caller = Thread.currentThread();
        Integer cancelAtMs = schedule.caller().cancelAtMs();
        if (cancelAtMs != null) {
            rig.clock.schedule(cancelAtMs * 1_000_000L, rig::cancel);
        }
        List<RunResult> results = new ArrayList<>();
        RunResult result;
        if (schedule.caller().started()) {
            RunHandle handle = rig.agent.start("task");
            rig.handle.complete(handle);
            result = handle.await();
            assertThat(handle.isDone()).as("a handle that gave its result is done").isTrue();
            assertThat(handle.await()).as("a second await").isEqualTo(result);
        } else {
            result = rig.agent.run("task");
            Thread.interrupted(); // a cancel by interrupt is kept on the caller's thread: not for the resumes
        }
        results.add(result);
        List<Integer> decisions = schedule.caller().decisions();
        for (int answered = 0; answered < decisions.size()
                && result.termination() instanceof Termination.HitlGatePending gate; answered++) {
            GateDecision decision = switch (decisions.get(answered)) {
                case 0 -> GateDecision.approve(gate.gateId());
                case 1 -> GateDecision.reject(gate.gateId(), "not now");
                default -> GateDecision.approveWithArguments(gate.gateId(), Map.of("x", 7));
            };
            result = rig.agent.resume(throughItsFile(result.checkpoint().orElseThrow()), decision);
            Thread.interrupted();
            results.add(result);
        }
        return results;
    }

    /** @return the checkpoint read back from what its file holds, equal to what was written */
    private static Checkpoint throughItsFile(Checkpoint checkpoint) {
        try {
            Checkpoint back = CHECKPOINTS.read(CHECKPOINTS.write(checkpoint));
            assertThat(back).as("checkpoint through its file").isEqualTo(checkpoint);
            return back;
        } catch (CheckpointFormatException e) {
            throw new AssertionError("a checkpoint the loop wrote was refused: " + checkpoint, e);
        }
    }

    /**
     * How far past its budget a run may end on its clock: the grace for a call that ignores its interrupt, or the
     * whole of a tool's wait when it ignores it without saying so and holds the caller's thread.
     */
    private static long timeSlackMs(FaultSchedule schedule) {
        boolean undeclaredStubbornHolds = !schedule.features().stubbornDeclared()
                && schedule.limits().enforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER;
        return schedule.limits().graceMs() + (undeclaredStubbornHolds ? 900 : 0);
    }
}
