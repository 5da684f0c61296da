package dev.terminus.temporal;

import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/** Runs a call with a thread-local value set, and puts back the value it had (what the activities' contexts do). */
final class ThreadValues {

    private ThreadValues() {}

    static <V, T extends @Nullable Object> T with(ThreadLocal<@Nullable V> local, V value, Callable<T> call)
            throws Exception {
        V outer = local.get();
        local.set(value);
        try {
            return call.call();
        } finally {
            if (outer == null) {
                local.remove();
            } else {
                local.set(outer);
            }
        }
    }
}
