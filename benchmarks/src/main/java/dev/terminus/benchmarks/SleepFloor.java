package dev.terminus.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Informational: the floor under {@link ConcurrentRuns} on the same machine: {@code runs} virtual threads,
 * each sleeping {@code iterations} times {@code sleepMs}, with no agent at all, optionally keeping {@code keepBytes}
 * of small objects per sleep alive until the thread ends (to show what retained per-thread state costs the GC).
 * Three rounds in one JVM; the first is the warm-up.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.terminus.benchmarks.SleepFloor 100000 10 10 [keepBytes]
 * </pre>
 */
public final class SleepFloor {
    private SleepFloor() {}

    /**
     * @param args runs, iterations, sleep in ms, bytes kept per sleep (0)
     * @throws InterruptedException never
     */
    public static void main(String[] args) throws InterruptedException {
        int runs = Integer.parseInt(args[0]);
        int iterations = Integer.parseInt(args[1]);
        int sleepMs = Integer.parseInt(args[2]);
        int keep = args.length > 3 ? Integer.parseInt(args[3]) / 64 : 0;
        for (int round = 0; round < 3; round++) {
            CountDownLatch done = new CountDownLatch(runs);
            long start = System.nanoTime();
            for (int i = 0; i < runs; i++) {
                Thread.startVirtualThread(() -> {
                    List<Object> kept = new ArrayList<>();
                    try {
                        for (int k = 0; k < iterations; k++) {
                            Thread.sleep(sleepMs);
                            for (int j = 0; j < keep; j++) {
                                kept.add(new byte[48]); // 64 bytes with its header
                            }
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    if (kept.size() < 0) {
                        System.out.println(kept);
                    }
                    done.countDown();
                });
            }
            done.await();
            System.out.printf(Locale.ROOT, "round %d: %,d virtual threads x %d sleeps of %d ms, %,d B kept per sleep: %.3f s%n",
                    round, runs, iterations, sleepMs, keep * 64, (System.nanoTime() - start) / 1e9);
            System.gc();
        }
    }
}
