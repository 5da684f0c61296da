package dev.terminus.test.scenarios;

import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A platform thread in {@code Agent.run}, as a test's own thread would be, started without waiting for the run: the
 * test drives the run's manual clock meanwhile, once the run has reached the point its assertions are about.
 *
 * @param thread the thread that calls {@code Agent.run}
 * @param returned what it comes back with
 */
record Caller(Thread thread, CompletableFuture<Returned> returned) {

    /**
     * What the caller's thread came back with.
     *
     * @param result the run's result
     * @param keptInterrupt whether the thread was interrupted when {@code Agent.run} returned
     */
    record Returned(RunResult result, boolean keptInterrupt) {}

    /** @return the caller of {@code agent.run(task)}, started */
    static Caller run(Agent agent, String task) {
        var thread = new CompletableFuture<Thread>();
        // supplyAsync hands whatever the run throws to the future, an Error as it is
        CompletableFuture<Returned> returned = CompletableFuture.supplyAsync(() -> {
            RunResult result = agent.run(task);
            return new Returned(result, Thread.currentThread().isInterrupted());
        }, body -> thread.complete(Thread.ofPlatform().name("scenario-caller").start(body)));
        return new Caller(thread.join(), returned);
    }

    /** @return what the caller came back with, waiting at most 10 s of real time for it */
    Returned await() throws Exception {
        return returned.get(10, TimeUnit.SECONDS);
    }
}
