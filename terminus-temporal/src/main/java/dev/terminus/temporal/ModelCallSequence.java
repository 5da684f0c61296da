package dev.terminus.temporal;

import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * Which of its run's model calls the model call running on the current thread in a model activity is: 0 for the
 * run's first call, counted in the workflow (so the same on every replay and every worker; a retry the loop makes is
 * a call of its own). A model that answers from a script (a scenario's) reads it to play the step of that call, so
 * one model serves concurrent runs, and a worker that did not make a run's earlier calls answers its next one right.
 *
 * {@snippet :
 * // given: List<String> answers
 * Model scripted = request -> {
 *     int call = Math.toIntExact(ModelCallSequence.current().orElseThrow());   // 0 for a run's first call
 *     return ModelResponse.text(answers.get(call), Usage.of(5, 3));
 * };
 * }
 */
public final class ModelCallSequence {
    private static final ThreadLocal<@Nullable Long> CURRENT = new ThreadLocal<>();

    private ModelCallSequence() {}

    /** @return the number of the model call running on this thread; empty outside a model activity */
    public static OptionalLong current() {
        Long current = CURRENT.get();
        return current == null ? OptionalLong.empty() : OptionalLong.of(current);
    }

    /**
     * Runs a model call with its number current: what the model activity does.
     *
     * @param sequence the call's number in its run
     * @param call the call
     * @param <T> its value
     * @return its value
     * @throws Exception what the call throws
     */
    public static <T extends @Nullable Object> T with(long sequence, Callable<T> call) throws Exception {
        return ThreadValues.with(CURRENT, sequence, call);
    }
}
