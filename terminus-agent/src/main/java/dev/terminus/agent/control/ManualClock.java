package dev.terminus.agent.control;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;

/**
 * A clock that moves only when told to: for tests (a deadline, a grace, a backoff driven in an instant instead of
 * slept through) and simulations. Time starts at an arbitrary value and moves by {@link #advance(Duration)}, which
 * runs, in order and on the advancing thread, every action that falls due. An action scheduled for now or the past
 * runs at once, on a virtual thread of its own, as a real timer's would.
 *
 * {@snippet :
 * ManualClock clock = new ManualClock();
 * RunHandle handle = Agent.builder(model).clock(clock).timeBudget(Duration.ofSeconds(30)).build().start("task");
 * clock.awaitScheduled(1);            // the run's deadline is armed
 * clock.advance(Duration.ofSeconds(30)); // ... and passes, in no time
 * }
 */
public final class ManualClock implements RunClock {
    private static final long ORIGIN = 1_000_000_000_000L;

    private final Object lock = new Object();
    private final PriorityQueue<Action> due = new PriorityQueue<>();
    private final Set<Thread> handOffs = ConcurrentHashMap.newKeySet();
    private final Random random;
    private long now = ORIGIN;
    private long sequence;

    /** A clock at an arbitrary time, with nothing scheduled, whose randomness is seeded with 0. */
    public ManualClock() {
        this(0);
    }

    /**
     * @param seed the seed of the clock's {@linkplain #random() randomness}, so that runs on clocks of the same seed
     *     draw the same jitter and gate ids
     */
    public ManualClock(long seed) {
        this.random = new Random(seed);
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public long nanoTime() {
        synchronized (lock) {
            return now;
        }
    }

    @Override
    public Scheduled schedule(long delayNanos, Runnable action) {
        Objects.requireNonNull(action, "action");
        if (delayNanos <= 0) {
            handOff("terminus-manual-clock", action);
            return () -> { };
        }
        Action scheduled;
        synchronized (lock) {
            long at = delayNanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + delayNanos;
            scheduled = new Action(at, sequence++, action);
            due.add(scheduled);
            lock.notifyAll();
        }
        return () -> {
            synchronized (lock) {
                due.remove(scheduled);
            }
        };
    }

    /** Starts the work on a virtual thread that {@link #handOffs()} lists until the work ends. */
    @Override
    public void handOff(String threadName, Runnable work) {
        Objects.requireNonNull(work, "work");
        Thread thread = Thread.ofVirtual().name(threadName).unstarted(() -> {
            try {
                work.run();
            } finally {
                handOffs.remove(Thread.currentThread());
            }
        });
        handOffs.add(thread);
        thread.start();
    }

    /**
     * @return the threads of work handed off by this clock's actions ({@link #handOff}) that have not ended: a driver
     *     of the clock counts them among the work it waits to go quiet
     */
    public Set<Thread> handOffs() {
        return Set.copyOf(handOffs);
    }

    /**
     * Moves time forward, running each action that falls due on the way, in order of its time (then of scheduling),
     * on this thread, with the clock reading that action's time.
     *
     * @param duration how far; not negative
     */
    public void advance(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a clock cannot go back: duration must be >= 0, was " + duration);
        }
        long target;
        synchronized (lock) {
            long nanos = saturatedNanos(duration);
            target = nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
        }
        while (true) {
            Action next;
            synchronized (lock) {
                next = due.peek();
                if (next == null || next.at > target) {
                    now = Math.max(now, target); // another advance may have gone further meanwhile
                    return;
                }
                due.poll();
                now = Math.max(now, next.at);
            }
            next.action.run();
        }
    }

    /** @return how many actions wait for their time */
    public int scheduled() {
        synchronized (lock) {
            return due.size();
        }
    }

    /** @return the delays, from now, of the actions waiting for their time, soonest first */
    public List<Duration> pendingDelays() {
        synchronized (lock) {
            List<Action> all = new ArrayList<>(due);
            all.sort(null);
            return all.stream().map(action -> Duration.ofNanos(action.at - now)).toList();
        }
    }

    /**
     * Waits, in real time, until at least {@code count} actions wait for their time: a test's way to know that the
     * threads it started have armed their deadlines or begun their timed waits before it advances the clock.
     *
     * @param count how many actions
     * @throws InterruptedException when the waiting thread is interrupted
     * @throws IllegalStateException when they are not there within 10 seconds
     */
    public void awaitScheduled(int count) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        synchronized (lock) {
            while (due.size() < count) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException(new TimeoutException("expected " + count
                            + " scheduled actions within 10 s of real time, found " + due.size()));
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "ManualClock[at " + Duration.ofNanos(now - ORIGIN) + ", " + due.size() + " scheduled]";
        }
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** An action and its time. */
    private record Action(long at, long order, Runnable action) implements Comparable<Action> {
        @Override
        public int compareTo(Action other) {
            int byTime = Long.compare(at, other.at);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }
}
