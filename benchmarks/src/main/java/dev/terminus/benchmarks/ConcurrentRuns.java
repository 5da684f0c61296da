package dev.terminus.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Many concurrent runs on virtual threads. Not a microbenchmark: a main class that starts
 * {@code runs} runs at once, one virtual thread each, every run {@code iterations} model calls long
 * ({@code iterations - 1} tool rounds, then a final answer), the model sleeping {@code sleepMs} per call.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.terminus.benchmarks.ConcurrentRuns 100000 10 10 [inline|timed|both] [warmupRuns]
 * </pre>
 *
 * <p>Variants: {@code inline} has every guard of {@link AgentLoopBenchmark#allGuards(boolean)} but no time budget, so
 * each run's loop runs on the virtual thread that called {@code Agent.run}; {@code timed} adds a 60 s time budget
 * with the default enforcement, so each run also arms and disarms a deadline timer ({@code RunTask}), still on the
 * caller's thread. {@code both} (the default) runs the two one after the other in this JVM.
 *
 * <p>For each variant: a warm-up round (by default a fifth of the runs, at least 1,000), then a full GC and the baseline heap,
 * then the measured round. The measured round reports its wall time (from the first thread started to the last run
 * ended), checks that every run ended {@code NaturalCompletion} after exactly {@code iterations} iterations and
 * {@code iterations - 1} tool calls (exit status 1 otherwise, with the count of every tag seen), and samples the heap:
 * <ul>
 *   <li><b>peak heap used</b>: the largest {@code MemoryMXBean} heap-used sample (every 5 ms), garbage included;
 *       (peak − baseline) / the most runs ever in flight at once is a loose upper bound per in-flight run;</li>
 *   <li><b>heap after GC</b>: after each collection the JVM reports (GC notifications), the heap left and the runs
 *       in flight at that moment; the largest (after-GC − baseline) / in-flight over collections that found at least
 *       half the runs in flight is the retained size of one in-flight run (still an upper bound: old-generation
 *       garbage of finished iterations is counted too).</li>
 *   <li><b>memory probe</b> (after the timed round, not timed): the same number of runs, each held at its last model
 *       call until all are held; then a full GC: (heap used − baseline) / runs is the retained size of one in-flight
 *       run at its largest, its virtual thread(s) and stack included. This is the figure the 20 KB target is judged
 *       on.</li>
 * </ul>
 */
public final class ConcurrentRuns {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private ConcurrentRuns() {}

    /**
     * @param args runs (100000), iterations (10), model sleep in ms (10), variant (both)
     * @throws Exception on an unexpected failure of the harness
     */
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int sleepMs = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        String variant = args.length > 3 ? args[3] : "both";
        int warmupRuns = args.length > 4 ? Integer.parseInt(args[4]) : Math.min(runs, Math.max(1_000, runs / 5));
        if (runs < 1 || iterations < 1 || sleepMs < 0 || warmupRuns < 0
                || !List.of("inline", "timed", "both").contains(variant)) {
            System.err.println("usage: ConcurrentRuns runs iterations sleepMs [inline|timed|both] [warmupRuns]");
            System.exit(2);
        }
        System.out.printf(Locale.ROOT, "ConcurrentRuns: %,d runs x %d iterations, model sleeps %d ms per call; "
                        + "%d processors, max heap %,d MB, %s %s%n",
                runs, iterations, sleepMs, Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"));
        boolean ok = true;
        for (String v : variant.equals("both") ? List.of("inline", "timed") : List.of(variant)) {
            ok &= variant(v.equals("timed"), runs, iterations, sleepMs, warmupRuns);
        }
        System.exit(ok ? 0 : 1);
    }

    private static boolean variant(boolean timed, int runs, int iterations, int sleepMs, int warmupRuns)
            throws Exception {
        String name = timed ? "timed (time budget 60 s, default enforcement)" : "inline (no time budget)";
        ModelResponse[] script = AgentLoopBenchmark.terminusScript(iterations);
        int lastCallTranscript = 1 + 2 * (iterations - 1);
        Gate gate = new Gate();
        FunctionModel model = FunctionModel.of(AgentLoopBenchmark.MODEL_NAME, request -> {
            if (sleepMs > 0) {
                Thread.sleep(sleepMs);
            }
            int size = request.messages().size();
            CountDownLatch closed = gate.closed;
            if (closed != null && size == lastCallTranscript) {
                gate.arrived.incrementAndGet();
                closed.await();
            }
            return AgentLoopBenchmark.pick(script, size);
        });
        Agent agent = AgentLoopBenchmark.terminusAgent(model, timed);

        Round warmup = round(agent, warmupRuns, iterations);
        System.out.printf(Locale.ROOT, "%n== %s ==%nwarm-up: %,d runs in %,d ms%s%n", name, warmupRuns,
                warmup.wallNanos / 1_000_000, warmup.failures() == 0 ? "" : " (" + warmup.failures() + " unexpected)");

        fullGc();
        long baseline = MEMORY.getHeapMemoryUsage().getUsed();
        Round round = round(agent, runs, iterations);

        double wallS = round.wallNanos / 1e9;
        System.out.printf(Locale.ROOT, "wall time: %.3f s for %,d runs (target <= 3 s: %s)%n", wallS, runs,
                wallS <= 3.0 ? "met" : "MISSED");
        System.out.printf(Locale.ROOT, "terminations by tag: %s; unexpected: %,d%n", round.byTag(), round.failures());
        System.out.printf(Locale.ROOT, "max runs in flight: %,d%n", round.maxInFlight.get());
        System.out.printf(Locale.ROOT, "baseline heap (after full GC): %,.1f MB%n", baseline / 1e6);
        System.out.printf(Locale.ROOT, "peak heap used (sampled every 5 ms, garbage included): %,.1f MB, %,d runs in flight"
                        + " at that sample; (peak - baseline) / max in flight = %,.0f B per in-flight run (upper bound)%n",
                round.peakUsed / 1e6, round.inFlightAtPeak, perRun(round.peakUsed - baseline, round.maxInFlight.get()));
        if (round.gcPeakAfter > 0) {
            System.out.printf(Locale.ROOT, "largest heap after a GC with >= half the runs in flight: %,.1f MB at %,d in flight"
                            + " -> %,.0f B per in-flight run (retained, upper bound)%n",
                    round.gcPeakAfter / 1e6, round.gcInFlight, round.gcPerRun);
        } else {
            System.out.println("no GC ran while at least half the runs were in flight: no after-GC estimate");
        }
        System.out.printf(Locale.ROOT, "GCs during the round: %d, %,d ms in total (collector time, not necessarily pauses)%n",
                round.gcCount, round.gcMillis);
        System.out.printf(Locale.ROOT, "RESULT variant=%s runs=%d iterations=%d sleepMs=%d wallMs=%d unexpected=%d "
                        + "baselineMB=%.1f peakUsedMB=%.1f inFlightAtPeak=%d peakBytesPerRun=%.0f "
                        + "gcAfterMB=%.1f gcInFlight=%d gcBytesPerRun=%.0f%n",
                timed ? "timed" : "inline", runs, iterations, sleepMs, round.wallNanos / 1_000_000,
                round.failures(), baseline / 1e6, round.peakUsed / 1e6, round.inFlightAtPeak,
                perRun(round.peakUsed - baseline, round.maxInFlight.get()), round.gcPeakAfter / 1e6, round.gcInFlight,
                round.gcPerRun);
        Probe probe = probe(agent, gate, runs, iterations);
        System.out.printf(Locale.ROOT, "memory probe: %,d runs held at their last model call (transcript full), full GC:"
                        + " %,.1f MB above baseline -> %,.0f B per in-flight run (target <= 20 KB: %s)%n",
                runs, probe.bytes / 1e6, probe.perRun, probe.perRun <= 20 * 1024 ? "met" : "MISSED");
        System.out.printf(Locale.ROOT, "PROBE variant=%s runs=%d bytes=%d bytesPerRun=%.0f unexpected=%d%n",
                timed ? "timed" : "inline", runs, probe.bytes, probe.perRun, probe.round.failures());
        if (round.failures() != 0 || probe.round.failures() != 0) {
            Round failed = round.failures() != 0 ? round : probe.round;
            round = failed;
            System.out.printf(Locale.ROOT, "FAILED: %,d runs did not end NaturalCompletion after %d iterations and %d tool"
                    + " calls; first: %s%n", round.failures(), iterations, iterations - 1, round.firstFailure);
            return false;
        }
        return true;
    }

    private static double perRun(long bytes, int inFlight) {
        return inFlight == 0 ? Double.NaN : (double) bytes / inFlight;
    }

    /** Holds runs at their last model call while the memory probe measures them. */
    private static final class Gate {
        volatile CountDownLatch closed;
        final AtomicInteger arrived = new AtomicInteger();
    }

    private record Probe(Round round, long bytes, double perRun) {}

    /**
     * Starts {@code runs} runs, holds every one at its last model call (its transcript and records then as large as
     * they get), waits until all are held, collects, and reads the heap: (used − baseline) / runs is what one
     * in-flight run retains at its largest, virtual thread(s) and stack included. Then lets them finish.
     */
    private static Probe probe(Agent agent, Gate gate, int runs, int iterations) throws Exception {
        fullGc();
        long baseline = MEMORY.getHeapMemoryUsage().getUsed();
        CountDownLatch release = new CountDownLatch(1);
        gate.arrived.set(0);
        gate.closed = release;
        Round round = new Round();
        CountDownLatch done = start(agent, runs, iterations, round);
        while (gate.arrived.get() < runs && done.getCount() > 0) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        fullGc();
        long bytes = MEMORY.getHeapMemoryUsage().getUsed() - baseline;
        gate.closed = null;
        release.countDown();
        done.await();
        return new Probe(round, bytes, (double) bytes / runs);
    }

    /** One round of concurrent runs, and what it observed. */
    private static final class Round {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final AtomicInteger ended = new AtomicInteger();
        final Map<String, LongAdder> tags = new ConcurrentHashMap<>();
        final LongAdder unexpected = new LongAdder();
        volatile String firstFailure;
        long wallNanos;
        volatile long peakUsed;
        volatile int inFlightAtPeak;
        volatile long gcPeakAfter;
        volatile int gcInFlight;
        volatile double gcPerRun;
        long gcCount;
        long gcMillis;

        long failures() {
            return unexpected.sum();
        }

        Map<String, Long> byTag() {
            Map<String, Long> sorted = new TreeMap<>();
            tags.forEach((tag, n) -> sorted.put(tag, n.sum()));
            return sorted;
        }

        void record(RunResult result, int iterations) {
            Termination end = result.termination();
            tags.computeIfAbsent(end.tag(), t -> new LongAdder()).increment();
            if (!(end instanceof Termination.NaturalCompletion) || result.iterations().size() != iterations
                    || result.toolCalls() != iterations - 1) {
                unexpected.increment();
                if (firstFailure == null) {
                    firstFailure = end + " after " + result.iterations().size() + " iterations, " + result.toolCalls()
                            + " tool calls";
                }
            }
        }
    }

    private static Round round(Agent agent, int runs, int iterations) throws Exception {
        Round round = new Round();
        long baseline = MEMORY.getHeapMemoryUsage().getUsed();
        long gcCountBefore = gcCount();
        long gcMillisBefore = gcMillis();
        NotificationListener gcListener = (notification, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                return;
            }
            int inFlight = round.inFlight.get();
            var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            long after = 0;
            for (MemoryUsage usage : info.getGcInfo().getMemoryUsageAfterGc().values()) {
                after += usage.getUsed();
            }
            if (inFlight >= runs / 2 && after > round.gcPeakAfter) {
                round.gcPeakAfter = after;
                round.gcInFlight = inFlight;
                round.gcPerRun = perRun(after - baseline, inFlight);
            }
        };
        List<NotificationEmitter> emitters = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(gcListener, null, null);
                emitters.add(emitter);
            }
        }

        AtomicInteger ended = round.ended;
        Thread sampler = Thread.ofPlatform().daemon().name("heap-sampler").start(() -> {
            while (ended.get() < runs) {
                long used = MEMORY.getHeapMemoryUsage().getUsed();
                if (used > round.peakUsed) {
                    round.peakUsed = used;
                    round.inFlightAtPeak = round.inFlight.get();
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });

        long start = System.nanoTime();
        CountDownLatch done = start(agent, runs, iterations, round);
        done.await();
        round.wallNanos = System.nanoTime() - start;
        sampler.join();
        for (NotificationEmitter emitter : emitters) {
            emitter.removeNotificationListener(gcListener);
        }
        round.gcCount = gcCount() - gcCountBefore;
        round.gcMillis = gcMillis() - gcMillisBefore;
        return round;
    }

    /** Starts the runs, one virtual thread each; the latch counts them down as they end. */
    private static CountDownLatch start(Agent agent, int runs, int iterations, Round round) {
        CountDownLatch done = new CountDownLatch(runs);
        for (int i = 0; i < runs; i++) {
            Thread.startVirtualThread(() -> {
                int now = round.inFlight.incrementAndGet();
                round.maxInFlight.accumulateAndGet(now, Math::max);
                try {
                    round.record(agent.run(AgentLoopBenchmark.TASK), iterations);
                } catch (Throwable e) {
                    round.unexpected.increment();
                    if (round.firstFailure == null) {
                        round.firstFailure = "run threw " + e;
                    }
                } finally {
                    round.inFlight.decrementAndGet();
                    round.ended.incrementAndGet();
                    done.countDown();
                }
            });
        }
        return done;
    }

    private static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    private static long gcMillis() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionTime());
        }
        return n;
    }

    private static void fullGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }
}
