package dev.terminus.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The control of a run that serves another (an agent called as a tool): bounded by its parent's, stopped with it. */
class ChildControlTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void aChildsDeadlineIsTheEarlierOfItsOwnAndItsParents() {
        // given
        var parent = RunControl.start(clock, Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(4));

        // when
        var ownLonger = parent.child(clock, Duration.ofSeconds(60));
        var ownShorter = parent.child(clock, Duration.ofSeconds(2));
        var none = parent.child(clock, null);

        // then
        assertThat(ownLonger.remainingNanos()).isEqualTo(Duration.ofSeconds(6).toNanos());
        assertThat(ownShorter.remainingNanos()).isEqualTo(Duration.ofSeconds(2).toNanos());
        assertThat(none.hasDeadline()).isTrue();
        assertThat(none.remainingNanos()).isEqualTo(Duration.ofSeconds(6).toNanos());
    }

    @Test
    void aChildOfAParentWithoutDeadlineKeepsItsOwn() {
        // given
        var parent = RunControl.start(clock, null);

        // when
        var child = parent.child(clock, Duration.ofSeconds(3));
        var free = parent.child(clock, null);

        // then
        assertThat(child.remainingNanos()).isEqualTo(Duration.ofSeconds(3).toNanos());
        assertThat(free.hasDeadline()).isFalse();
    }

    @Test
    void aResumedChildsOwnBudgetCountsOnFromItsTimeBeforeAndItsParentsFromNow() {
        // given
        var parent = RunControl.start(clock, Duration.ofSeconds(10));

        // when
        var resumed = parent.child(clock, Duration.ofSeconds(5), Duration.ofSeconds(4));
        var capped = parent.child(clock, Duration.ofSeconds(60), Duration.ofSeconds(4));

        // then
        assertThat(resumed.remainingNanos()).isEqualTo(Duration.ofSeconds(1).toNanos());
        assertThat(capped.remainingNanos()).as("the parent's 10 s left").isEqualTo(Duration.ofSeconds(10).toNanos());
    }

    @Test
    void theParentsCancelCancelsTheChildWithTheSameRequester() {
        // given
        var parent = RunControl.start(clock, null);
        var child = parent.child(clock, null);

        // when
        parent.cancel("operator");

        // then
        assertThat(child.isStopped()).isTrue();
        assertThat(child.interruption()).isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void theParentRunningOutOfTimeStopsTheChildOutOfTime() {
        // given
        var parent = RunControl.start(clock, Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(4));
        var child = parent.child(clock, null);
        clock.advance(Duration.ofSeconds(6));

        // when
        parent.expire();

        // then
        assertThat(child.interruption()).isEqualTo(new Termination.TimeBudgetExhausted(6_000, 6_000));
    }

    @Test
    void aChildCancelledAloneLeavesItsParentRunning() {
        // given
        var parent = RunControl.start(clock, null);
        var child = parent.child(clock, null);

        // when
        child.cancel("child-only");

        // then
        assertThat(parent.isStopped()).isFalse();
    }

    @Test
    void onceDetachedAChildNoLongerFollowsItsParent() {
        // given
        var parent = RunControl.start(clock, null);
        var child = parent.child(clock, null);

        // when
        child.detach();
        parent.cancel("operator");

        // then
        assertThat(child.isStopped()).isFalse();
    }

    @Test
    void anInterruptFoundBeforeTheParentsStopReachedTheChildIsTakenAsTheParentsStop() {
        // given: the parent is cancelled, and the child's thread is found interrupted before its hook has run
        var parent = RunControl.start(clock, null);
        var child = parent.child(clock, null);
        child.detach(); // the hook will not run: only the interrupt tells the child
        parent.cancel("operator");

        // when
        child.interruptedWhileWaiting();

        // then
        assertThat(child.interruption()).as("not a cancel by thread interrupt")
                .isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void aChildCutByItsParentFollowsAStoppedAncestorElseIsCancelledByTheParent() {
        // given
        var root = RunControl.start(clock, Duration.ofSeconds(1));
        var middle = root.child(clock, null);
        var leaf = middle.child(clock, null);
        var other = RunControl.start(clock, null).child(clock, null);
        middle.detach(); // the root's stop has not come down to the middle yet
        clock.advance(Duration.ofSeconds(1));
        root.expire();

        // when
        leaf.cutByParent("parent");
        other.cutByParent("parent");

        // then
        assertThat(leaf.interruption()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(middle.interruption()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(other.interruption()).isEqualTo(new Termination.Cancelled("parent"));
    }

    @Test
    void aChildCutOnceItsDeadlineHasPassedEndsOutOfTimeEvenBeforeTheTimerFires() {
        // given: a parent whose deadline has passed on the clock, its timer not run yet, and a grandchild
        var root = RunControl.start(clock, Duration.ofSeconds(1));
        var middle = root.child(clock, null);
        var leaf = middle.child(clock, null);
        clock.advance(Duration.ofSeconds(1));

        // when: the root's parallel round, ended by reading its deadline, cuts the middle
        middle.cutByParent("parent");

        // then: out of time, as the timer would have stopped them, and so down the tree
        assertThat(middle.interruption()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(leaf.interruption()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(root.isStopped()).as("the root's own timer is still to run").isFalse();
    }
}
