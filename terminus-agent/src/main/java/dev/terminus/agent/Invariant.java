package dev.terminus.agent;

import dev.terminus.InvariantClass;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A rule a run must keep, checked at the moment its {@link InvariantClass} names: {@code STRUCTURAL} on every model
 * message (after each model answer is in the transcript), {@code SEMANTIC} at the end of every iteration,
 * {@code ACCEPTANCE} when the run claims completion. A violation ends the run
 * {@link Termination.InvariantViolated} with the class, the name and the reason, unless the invariant
 * {@linkplain #termination ends it with the application's own case}. An invariant that throws fails the run.
 *
 * {@snippet :
 * Invariant noSecrets = Invariant.of("no-api-keys", InvariantClass.STRUCTURAL, run ->
 *         run.transcript().getLast().toString().contains("sk-") ? "the model wrote an API key" : null);
 *
 * record SecretLeaked(String what) implements Termination.Extension {
 *     @Override public String tag() { return "SecretLeaked"; }
 *     @Override public Category category() { return Category.FATAL; }
 * }
 * Invariant reported = noSecrets.endingWith(SecretLeaked::new);   // ends the run SecretLeaked("the model wrote ...")
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
     * The termination a violation ends the run with: by default {@code InvariantViolated} with this invariant's
     * class and name and the reason. An invariant that guards an application's own rule may end the run with that
     * application's own case instead, a {@link Termination.Extension} (with a valid tag) or a
     * {@link Termination.Custom}. Any other case (another invariant's {@code InvariantViolated}, a framework case
     * the loop establishes) ends the run {@code Failed} ({@code INTERNAL}) naming the invariant and the case.
     *
     * @param run the run at the moment of the check
     * @param reason what {@link #violation} answered
     * @return how the run ends
     */
    default Termination termination(RunContext run, String reason) {
        return new Termination.InvariantViolated(invariantClass(), name(), reason);
    }

    /**
     * This invariant, ending the run with the application's own case when it is violated (see
     * {@link #termination}); its name, class and check are this one's.
     *
     * @param ending the case for the reason of a violation: a {@link Termination.Extension} or a
     *     {@link Termination.Custom}
     * @return the invariant
     */
    default Invariant endingWith(Function<String, ? extends Termination> ending) {
        Preconditions.notNull(ending, "ending");
        Invariant checked = this;
        return new Invariant() {
            @Override
            public String name() {
                return checked.name();
            }

            @Override
            public InvariantClass invariantClass() {
                return checked.invariantClass();
            }

            @Override
            public @Nullable String violation(RunContext run) {
                return checked.violation(run);
            }

            @Override
            public Termination termination(RunContext run, String reason) {
                return ending.apply(reason);
            }

            @Override
            public String toString() {
                return checked + " ending with the application's own case";
            }
        };
    }

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
