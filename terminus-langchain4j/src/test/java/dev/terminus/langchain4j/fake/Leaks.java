package dev.terminus.langchain4j.fake;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks that a test left nothing behind: no thread started during it is still alive (the HTTP client's selector and
 * worker threads included), no child process started during it is alive, and the {@link FaultServer} has no
 * connection open. Both are polled for a grace, as a
 * closed client's threads end a moment after its close returns.
 *
 * <p>Threads the JVM or the test framework start once and share with everything in the process are not counted,
 * as the first test to touch them would otherwise see them as its own: the carriers and pollers of virtual threads
 * ({@code ForkJoinPool-N-worker-M}, the timer of their timed waits {@code ForkJoinPool-N-delayScheduler},
 * {@code MasterPoller}, {@code VirtualThread-unblocker}, {@code Read-Poller},
 * {@code Write-Poller}), the common pool, JUnit's timeout watcher, the run clock's one timer thread
 * ({@code terminus-run-timers}) and the one thread that cancels the runs of dropped streams
 * ({@code terminus-dropped-streams}). A virtual thread left waiting on a call would hold its connection, which is counted.
 */
public final class Leaks {
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final Pattern SHARED = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+|ForkJoinPool-\\d+-delayScheduler"
            + "|ForkJoinPool\\.commonPool-worker-\\d+"
            + "|MasterPoller|VirtualThread-unblocker|Read-Poller|Write-Poller|junit-jupiter-timeout-watcher"
            + "|terminus-run-timers|terminus-dropped-streams");
    private final Set<Thread> before;
    private final Set<ProcessHandle> processesBefore;

    private Leaks(Set<Thread> before, Set<ProcessHandle> processesBefore) {
        this.before = before;
        this.processesBefore = processesBefore;
    }

    /** @return the threads and child processes alive now, to compare with at the end of the test */
    public static Leaks snapshot() {
        return new Leaks(Thread.getAllStackTraces().keySet(),
                ProcessHandle.current().children().collect(Collectors.toSet()));
    }

    /**
     * Waits up to the grace for every thread started since the snapshot to end and every connection of the server to
     * close.
     *
     * @param server the server the test used
     * @throws AssertionError naming the threads still alive or the connections still open
     */
    public void assertNoneLeft(FaultServer server) throws InterruptedException {
        assertNoneLeft(server, GRACE);
    }

    /**
     * Waits up to a grace for every thread started since the snapshot to end and every connection of the server to
     * close.
     *
     * @param server the server the test used
     * @param grace how long to wait
     * @throws AssertionError naming the threads still alive or the connections still open
     */
    public void assertNoneLeft(FaultServer server, Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        List<String> threads;
        List<Long> processes;
        int connections;
        do {
            threads = newThreads();
            processes = ProcessHandle.current().children().filter(p -> !processesBefore.contains(p))
                    .map(ProcessHandle::pid).toList();
            connections = server.openConnections();
            if (threads.isEmpty() && processes.isEmpty() && connections == 0) {
                return;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("left behind after " + grace.toMillis() + " ms: threads " + threads + ", processes "
                + processes + ", " + connections + " connection(s) open on the server");
    }

    private List<String> newThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && !before.contains(thread))
                .filter(thread -> !SHARED.matcher(thread.getName()).matches())
                .map(thread -> thread.getName() + (thread.isDaemon() ? " (daemon)" : ""))
                .sorted().collect(Collectors.toList());
    }
}
