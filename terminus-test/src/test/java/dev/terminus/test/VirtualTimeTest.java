package dev.terminus.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.control.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Virtual time moves the clock only when the work, its participants and the clock's hand-offs have gone quiet. */
@Timeout(30)
class VirtualTimeTest {
    private final ManualClock clock = new ManualClock();
    private final VirtualTime time = new VirtualTime(clock);

    @Test
    void aWaitOfTheWorkEndsAtItsTimeOnTheClockInNoRealTime() throws Exception {
        // given
        long origin = clock.nanoTime();

        // when
        long woke = time.drive(() -> {
            clock.sleep(Duration.ofHours(1).toNanos());
            return clock.nanoTime() - origin;
        });

        // then
        assertThat(Duration.ofNanos(woke)).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void theClockWaitsForWorkThatAnActionHandedOffBeforeMovingToTheNextAction() throws Exception {
        // given: at 10 ms an action hands off work that stays busy for a while in real time and then reads the
        // clock; another action waits at 1 s
        long origin = clock.nanoTime();
        CompletableFuture<Long> readByHandOff = new CompletableFuture<>();
        clock.schedule(Duration.ofSeconds(1).toNanos(), () -> { });
        clock.schedule(Duration.ofMillis(10).toNanos(), () -> clock.handOff("terminus-test-busy", () -> {
            long busyUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
            while (System.nanoTime() < busyUntil) {
                Thread.onSpinWait();
            }
            readByHandOff.complete(clock.nanoTime() - origin);
        }));

        // when: the work only waits for what the hand-off read
        long read = time.drive(readByHandOff::get);

        // then: the clock did not move on to 1 s while the handed-off work was busy
        assertThat(Duration.ofNanos(read)).isEqualTo(Duration.ofMillis(10));
    }
}
