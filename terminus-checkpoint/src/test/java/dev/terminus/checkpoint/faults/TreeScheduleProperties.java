package dev.terminus.checkpoint.faults;

import dev.terminus.Termination;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.checkpoint.faults.TreeInvariants.TreeRun;
import dev.terminus.test.ScaledTries;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;

/**
 * Random runs of trees of agents (a root calling one or two agents as tools, a child calling one more, sometimes a
 * handoff) under random fault schedules, on a manual clock: rate limits, server errors, hangs, pauses, slow streams,
 * failing tools and tools deaf to interrupts in every agent's script, token, cost, time and iteration caps at every
 * level, parallel rounds, and cancels of the root at a random instant or event. Every run of the tree keeps the
 * invariants of {@link TreeInvariants}.
 */
class TreeScheduleProperties {

    @Provide
    Arbitrary<TreeSchedule> trees() {
        return TreeSchedules.schedules();
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    @ScaledTries(2_000)
    void everyRunOfATreePublishesOneResultWithinTheRootsBudgetsAndDeadline(@ForAll("trees") TreeSchedule schedule)
            throws Exception {
        // given
        TreeRig rig = new TreeRig(schedule);
        long start = rig.clock.nanoTime();

        // when
        RunResult root;
        try {
            root = rig.time.drive(() -> play(rig, schedule));
            rig.time.drive(rig::awaitEveryRunsEnd);
        } finally {
            rig.release();
        }

        // then
        List<TreeRun> runs = TreeInvariants.runs(schedule, root);
        Statistics.label("termination").collect(root.termination().tag());
        Statistics.label("runs in the tree").collect(Math.min(runs.size(), 5));
        Statistics.label("deepest run").collect(runs.stream().mapToInt(run -> run.ancestors().size() + 1).max()
                .orElseThrow());
        try {
            List<TreeRun> left = TreeInvariants.everyRunPublishedOnce(schedule, rig, runs);
            Statistics.label("runs their parents left").collect(!left.isEmpty());
            TreeInvariants.spendingWithinBudgets(schedule, rig, runs, left);
            TreeInvariants.noRunOutlivesTheRootsDeadline(schedule, rig, runs, start, schedule.longestGraceMs());
            TreeInvariants.eachRunKeepsTheInvariantsOfARun(runs, cancellers(schedule), true);
            TreeInvariants.eachRunKeepsTheInvariantsOfARun(left, cancellers(schedule), false);
        } catch (AssertionError broken) {
            throw new AssertionError(root.termination() + " after " + root.duration() + " with " + runs.size()
                    + " runs: " + broken.getMessage(), broken);
        }
    }

    /** Runs the root as its caller does: started and awaited, or run on the caller's own thread. */
    private static RunResult play(TreeRig rig, TreeSchedule schedule) throws InterruptedException {
        rig.caller = Thread.currentThread();
        Integer cancelAtMs = schedule.caller().cancelAtMs();
        if (cancelAtMs != null) {
            rig.clock.schedule(cancelAtMs * 1_000_000L, rig::cancel);
        }
        if (schedule.caller().started()) {
            RunHandle handle = rig.root.start("task");
            rig.handle.complete(handle);
            return handle.await();
        }
        RunResult result = rig.root.run("task");
        Thread.interrupted(); // a cancel by interrupt is kept on the caller's thread
        return result;
    }

    /** @return who may have cancelled a run of the tree: the schedule's caller, by its handle or an interrupt */
    private static List<String> cancellers(TreeSchedule schedule) {
        if (schedule.caller().cancelAtMs() == null && schedule.caller().cancelAtEvent() == null) {
            return List.of();
        }
        return schedule.caller().started() ? List.of(TreeRig.CANCELLER, Termination.Cancelled.THREAD_INTERRUPT)
                : List.of(Termination.Cancelled.THREAD_INTERRUPT);
    }
}
