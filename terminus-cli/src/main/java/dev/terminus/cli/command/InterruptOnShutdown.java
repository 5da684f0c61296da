package dev.terminus.cli.command;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * While open, a shutdown of the JVM (Ctrl-C, {@code SIGTERM}) interrupts the command's thread instead of cutting it off:
 * the run it is in ends {@code Cancelled("thread-interrupt")} with its result, as an interrupted {@code Agent.run}
 * does, and the shutdown waits (at most {@link #GRACE_SECONDS} s) until the command has printed it and closed this.
 */
final class InterruptOnShutdown implements AutoCloseable {
    /** How long a shutdown waits for the command to print its result. */
    static final long GRACE_SECONDS = 10;

    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;

    private InterruptOnShutdown(Thread command) {
        this.hook = new Thread(() -> {
            command.interrupt();
            try {
                done.await(GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "terminus-run-shutdown");
    }

    /**
     * @param command the thread the command runs on (the caller's)
     * @return the hook, registered until closed
     */
    static InterruptOnShutdown of(Thread command) {
        InterruptOnShutdown shutdown = new InterruptOnShutdown(command);
        Runtime.getRuntime().addShutdownHook(shutdown.hook);
        return shutdown;
    }

    /** The command is done: a shutdown no longer waits for it. */
    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the shutdown has begun and runs the hook, which now returns at once
        }
    }
}
