package dev.terminus.agent.control;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * One daemon thread that runs short actions at their times on {@link System#nanoTime()}, the timer of
 * {@link RunClock#system()} (ADR 0028). The thread sleeps until the earliest action it knows of, and is woken only
 * by an action due before that: registering an action that is due later, and cancelling any, is a lock, a heap
 * operation and an unlock, with no signal to the thread and no system call. Each run with a time budget arms a
 * deadline and, nearly always, cancels it a few microseconds later; on a machine of two cores, waking the timer
 * thread for each of them (as a {@code ScheduledThreadPoolExecutor} does when a task becomes the head of its queue)
 * cost more than the run itself.
 *
 * <p>A cancelled action leaves its place at once (runs in flight keep only their own deadline), so the thread, which
 * planned to wake for it, wakes at that time for nothing and sleeps again until the earliest action then known: at
 * most one wake-up per cancelled earliest action, whatever the number of runs armed and disarmed meanwhile. An
 * action runs no earlier than its time, and as soon after it as the thread gets the processor, as with the JDK's
 * timers. An action that throws an exception is reported to the thread's uncaught-exception handler and the thread
 * goes on: every other run's deadline depends on it. An {@code Error} is not caught, as nowhere in the loop (ADR 0022).
 */
final class TimerThread {
    /** How far ahead an action may be: further is never, in practice, and keeps {@code at} from overflowing. */
    private static final long FURTHEST_NANOS = Long.MAX_VALUE >> 2;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when an action due before the thread's planned wake-up arrives. */
    private final Condition earlier = lock.newCondition();
    /** A binary heap on (time, order of registration); each entry knows its index, so a cancel is O(log n). */
    private Entry[] heap = new Entry[16];
    private int size;
    private long registrations;
    /** Whether the thread waits on {@link #earlier}: only then may a new action have to wake it. */
    private boolean waiting;
    /** Whether it waits with nothing to run (else until {@link #wakeAt}). */
    private boolean waitingForAny;
    private long wakeAt;
    /** How many times a registration woke the thread (for tests: the point of this class is that few do). */
    private long signals;

    /** @param name the thread's name; an action that throws goes to the JVM's default handler */
    TimerThread(String name) {
        this(name, null);
    }

    /**
     * @param name the thread's name
     * @param failures where an action that throws is reported; null for the JVM's default handler
     */
    TimerThread(String name, Thread.@Nullable UncaughtExceptionHandler failures) {
        Thread thread = new Thread(this::loop, Objects.requireNonNull(name, "name"));
        thread.setDaemon(true);
        if (failures != null) {
            thread.setUncaughtExceptionHandler(failures);
        }
        thread.start();
    }

    /**
     * @param delayNanos how long from now; 0 or less runs it as soon as possible
     * @param action what to run on the timer's thread
     * @return the registration, whose {@code cancel} removes the action unless it has begun
     */
    RunClock.Scheduled schedule(long delayNanos, Runnable action) {
        Objects.requireNonNull(action, "action");
        long delay = Math.min(Math.max(0, delayNanos), FURTHEST_NANOS);
        Entry entry = new Entry(System.nanoTime() + delay, action);
        lock.lock();
        try {
            entry.order = registrations++;
            add(entry);
            if (waiting && (waitingForAny || entry.at - wakeAt < 0)) {
                waiting = false; // one signal is enough: the thread looks at the earliest action when it wakes
                signals++;
                earlier.signal();
            }
        } finally {
            lock.unlock();
        }
        return entry;
    }

    /** @return how many registrations have woken the thread so far */
    long signals() {
        lock.lock();
        try {
            return signals;
        } finally {
            lock.unlock();
        }
    }

    /** @return whether the thread sleeps, until an action's time or a signal (for tests) */
    boolean asleep() {
        lock.lock();
        try {
            return waiting;
        } finally {
            lock.unlock();
        }
    }

    /** @return how many actions wait for their time */
    int pending() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    private void loop() {
        lock.lock();
        try {
            while (true) {
                Entry first = size == 0 ? null : heap[0];
                if (first == null) {
                    waitingForAny = true;
                    await(Long.MAX_VALUE);
                    continue;
                }
                long delay = first.at - System.nanoTime();
                if (delay > 0) {
                    waitingForAny = false;
                    wakeAt = first.at;
                    await(delay);
                    continue;
                }
                removeAt(0);
                lock.unlock();
                try {
                    first.action.run();
                } catch (RuntimeException failure) { // one run's action must not stop every other run's timers
                    Thread current = Thread.currentThread();
                    current.getUncaughtExceptionHandler().uncaughtException(current, failure);
                } finally {
                    lock.lock();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits, holding the lock on entry and on return, until signalled or {@code nanos} have passed. */
    private void await(long nanos) {
        waiting = true;
        try {
            if (nanos == Long.MAX_VALUE) {
                earlier.await();
            } else {
                earlier.awaitNanos(nanos);
            }
        } catch (InterruptedException e) {
            // nothing interrupts this thread on purpose; the loop looks at the heap again either way
        } finally {
            waiting = false;
        }
    }

    private void add(Entry entry) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        entry.index = size;
        heap[size++] = entry;
        up(entry.index);
    }

    private void removeAt(int index) {
        Entry removed = heap[index];
        removed.index = -1;
        Entry last = heap[--size];
        heap[size] = null;
        if (index < size) {
            heap[index] = last;
            last.index = index;
            down(index);
            if (heap[index] == last) {
                up(index);
            }
        }
    }

    private void up(int index) {
        Entry entry = heap[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            Entry above = heap[parent];
            if (!entry.before(above)) {
                break;
            }
            heap[index] = above;
            above.index = index;
            index = parent;
        }
        heap[index] = entry;
        entry.index = index;
    }

    private void down(int index) {
        Entry entry = heap[index];
        int half = size >>> 1;
        while (index < half) {
            int child = 2 * index + 1;
            int right = child + 1;
            if (right < size && heap[right].before(heap[child])) {
                child = right;
            }
            if (!heap[child].before(entry)) {
                break;
            }
            heap[index] = heap[child];
            heap[index].index = index;
            index = child;
        }
        heap[index] = entry;
        entry.index = index;
    }

    /** An action and its time; its index in the heap, -1 once it has left it (run or cancelled). */
    private final class Entry implements RunClock.Scheduled {
        final long at;
        final Runnable action;
        long order;
        int index = -1;

        Entry(long at, Runnable action) {
            this.at = at;
            this.action = action;
        }

        boolean before(Entry other) {
            long byTime = at - other.at;
            return byTime != 0 ? byTime < 0 : order < other.order;
        }

        @Override
        public void cancel() {
            lock.lock();
            try {
                if (index >= 0) {
                    removeAt(index);
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public String toString() {
            return "timer in " + TimeUnit.NANOSECONDS.toMillis(at - System.nanoTime()) + " ms";
        }
    }
}
