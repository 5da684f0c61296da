package dev.terminus.agent.control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link RunControl} runs when the run stops: the hooks registered until then, each run once, on the stopping
 * thread. A hook registered after the stop is not kept (its registrant runs it at once).
 */
final class StopHooks {
    private final Object lock = new Object();
    /** The hooks registered, or null once closed by the stop. */
    private @Nullable List<Hook> hooks;
    private boolean closed;

    /**
     * @param action the hook
     * @return its registration, or null when the run has stopped already (the caller runs the hook itself)
     */
    RunControl.@Nullable Registration add(Runnable action) {
        Hook hook = new Hook(action);
        synchronized (lock) {
            if (closed) {
                return null;
            }
            if (hooks == null) {
                hooks = new ArrayList<>(2);
            }
            hooks.add(hook);
            return hook;
        }
    }

    /**
     * Closes the registry and runs every hook still registered: each one, even when one before it threw (the first
     * failure is thrown afterwards, the others added to it as suppressed).
     *
     * @param whileClosing what must happen atomically with the closing (the run's stopped flag), so a registration
     *     that comes after it sees it
     * @return whether this call closed it (false when the run had stopped already)
     */
    boolean closeAndRun(Runnable whileClosing) {
        List<Hook> taken;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            closed = true;
            whileClosing.run();
            taken = hooks == null ? List.of() : hooks;
            hooks = null;
        }
        RuntimeException failure = null;
        for (Hook hook : taken) {
            try {
                hook.runIfRegistered();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return true;
    }

    /**
     * A registered hook. Closing it waits for a run of it that has begun (hooks do not block) and stops any later
     * one, so once {@link #close()} returns the hook neither runs nor will. No monitor is held while the hook runs: a
     * thread the hook wakes (the one waiting for a call the run stops) closes its registration at once, and must not
     * find it locked by the stopping thread, still inside the hook.
     */
    private final class Hook implements RunControl.Registration {
        private static final int REGISTERED = 0;
        private static final int RUNNING = 1;
        private static final int OVER = 2;
        private static final VarHandle STATE;

        static {
            try {
                STATE = MethodHandles.lookup().findVarHandle(Hook.class, "state", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Runnable action;
        /** {@link #REGISTERED}, {@link #RUNNING} or {@link #OVER}; set through {@link #STATE} where it is compared. */
        private volatile int state;
        /** The thread running the hook, which may close its own registration from inside it. */
        private volatile @Nullable Thread runner;

        Hook(Runnable action) {
            this.action = action;
        }

        void runIfRegistered() {
            if (STATE.compareAndSet(this, REGISTERED, RUNNING)) {
                runner = Thread.currentThread();
                try {
                    action.run();
                } finally {
                    state = OVER;
                }
            }
        }

        @Override
        public void close() {
            if (!STATE.compareAndSet(this, REGISTERED, OVER)) {
                while (state == RUNNING && runner != Thread.currentThread()) { // it runs elsewhere: hooks are short
                    Thread.yield();
                }
            }
            synchronized (lock) {
                if (hooks != null) {
                    hooks.remove(this);
                }
            }
        }
    }
}
