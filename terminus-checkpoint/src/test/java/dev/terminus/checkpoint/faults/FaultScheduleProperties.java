package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.test.ScaledTries;
import java.util.List;
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
        ScheduledCaller.checkResults(rig, schedule, results);
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
    }

    /** Runs the schedule's run as its caller does, then answers its approval gates one by one. */
    private static List<RunResult> play(FaultRig rig, FaultSchedule schedule) throws InterruptedException {
        rig.caller = Thread.currentThread();
        Integer cancelAtMs = schedule.caller().cancelAtMs();
        if (cancelAtMs != null) {
            rig.clock.schedule(cancelAtMs * 1_000_000L, rig::cancel);
        }
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
        return ScheduledCaller.answerGates(rig, schedule, result);
    }
}
