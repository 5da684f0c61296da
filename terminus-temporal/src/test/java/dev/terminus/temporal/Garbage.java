package dev.terminus.temporal;

import java.util.function.BooleanSupplier;

/** Waits for the garbage collector to take what nothing holds any more. */
final class Garbage {
    private Garbage() {}

    /**
     * Collects garbage until the condition holds, at most 100 times.
     *
     * @param condition what holds once what nothing holds is collected (a weak reference cleared, a count at 0)
     * @return whether it holds
     */
    static boolean collectedUntil(BooleanSupplier condition) throws InterruptedException {
        for (int attempt = 0; attempt < 100 && !condition.getAsBoolean(); attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
