package dev.terminus.agent;

import dev.terminus.InvariantClass;
import dev.terminus.Preconditions;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A rule a run must keep, checked at the moment its {@link InvariantClass} names: {@code STRUCTURAL} on every model
 * message (after each model answer is in the transcript), {@code SEMANTIC} at the end of every iteration,
 * {@code ACCEPTANCE} when the run claims completion. A violation ends the run
 * {@link dev.terminus.Termination.InvariantViolated} with the class, the name and the reason. An invariant that
 * throws fails the run.
 *
 * {@snippet :
 * Invariant noSecrets = Invariant.of("no-api-keys", InvariantClass.STRUCTURAL, run ->
 *         run.transcript().getLast().toString().contains("sk-") ? "the model wrote an API key" : null);
 * }
 */
public interface Invariant {

    /** @return the invariant's name, reported in the termination */
    String name();

    /** @return when it is checked */
    InvariantClass invariantClass();

    /**
     * @param run the run at the moment of the check
     * @return null when the invariant holds, else why it does not
     */
    @Nullable String violation(RunContext run);

    /**
     * @param name its name
     * @param invariantClass when it is checked
     * @param check null when it holds, else the reason
     * @return the invariant
     */
    static Invariant of(String name, InvariantClass invariantClass, Function<RunContext, @Nullable String> check) {
        Preconditions.notNull(name, "name");
        Preconditions.notNull(invariantClass, "invariantClass");
        Preconditions.notNull(check, "check");
        return new Invariant() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public InvariantClass invariantClass() {
                return invariantClass;
            }

            @Override
            public @Nullable String violation(RunContext run) {
                return check.apply(run);
            }

            @Override
            public String toString() {
                return "Invariant[" + invariantClass + " " + name + "]";
            }
        };
    }
}
