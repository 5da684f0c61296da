package dev.terminus.opentelemetry.internal;

import dev.terminus.agent.RunContext;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The open runs: a concurrent map from a run (by identity, never by {@code equals}) to its trace. A run is removed
 * at its last event. Its key holds the run weakly, so that a run whose last event never comes to this map — a
 * {@code RunStarted} delivered after {@code RunTerminated}, which an abandoned run thread can cause — is dropped once
 * the run is garbage; nothing stays for ever. The trace must not hold its run.
 */
final class RunRegistry {
    private final ConcurrentHashMap<Object, RunTrace> runs = new ConcurrentHashMap<>();
    private final ReferenceQueue<RunContext> collected = new ReferenceQueue<>();

    /** @return the trace already open for the run (which is kept), or null when this one was added */
    @Nullable RunTrace putIfAbsent(RunContext run, RunTrace trace) {
        dropCollected();
        return runs.putIfAbsent(new WeakKey(run, collected), trace);
    }

    @Nullable RunTrace get(RunContext run) {
        return runs.get(new Probe(run));
    }

    @Nullable RunTrace remove(RunContext run) {
        return runs.remove(new Probe(run));
    }

    /** @return how many runs are open */
    int size() {
        dropCollected();
        return runs.size();
    }

    private void dropCollected() {
        for (Reference<? extends RunContext> gone; (gone = collected.poll()) != null; ) {
            runs.remove(gone);
        }
    }

    /** A stored key: the run, weakly, with its identity hash kept for after it is cleared. */
    private static final class WeakKey extends WeakReference<RunContext> {
        private final int hash;

        WeakKey(RunContext run, ReferenceQueue<RunContext> queue) {
            super(run, queue);
            this.hash = System.identityHashCode(run);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(@Nullable Object other) {
            if (other == this) {
                return true;
            }
            RunContext run = get();
            return run != null && (other instanceof WeakKey key && key.get() == run
                    || other instanceof Probe probe && probe.run == run);
        }
    }

    /** A look-up key: the run, strongly, for the duration of one look-up. */
    private static final class Probe {
        private final RunContext run;

        Probe(RunContext run) {
            this.run = run;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(run);
        }

        @Override
        public boolean equals(@Nullable Object other) {
            return other instanceof WeakKey key && key.get() == run || other instanceof Probe probe && probe.run == run;
        }
    }
}
