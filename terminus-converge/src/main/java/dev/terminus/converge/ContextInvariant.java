package dev.terminus.converge;

import dev.terminus.InvariantClass;
import dev.terminus.Preconditions;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A rule the context must keep, checked at the moment its {@link InvariantClass} names: {@code STRUCTURAL} after
 * every merge (the context handed over is then a read-only view, valid during the call only), {@code SEMANTIC} at the
 * end of every cycle, {@code ACCEPTANCE} when convergence (or the success criteria) is claimed. A violation ends the
 * run {@link dev.terminus.Termination.InvariantViolated} with the class, the name and the reason; an invariant that
 * throws ends it {@code Failed}.
 *
 * {@snippet :
 * ContextInvariant knownCurrency = ContextInvariant.of("known-currency", InvariantClass.SEMANTIC, context ->
 *         context.value("currency", String.class).filter(c -> !Set.of("EUR", "NOK").contains(c))
 *                 .map(c -> "unknown currency " + c).orElse(null));
 * }
 */
public interface ContextInvariant {

    /** @return its name, reported in the termination */
    String name();

    /** @return when it is checked */
    InvariantClass invariantClass();

    /**
     * @param context the context at the moment of the check
     * @return null when the invariant holds, else why it does not
     */
    @Nullable String violation(Context context);

    /**
     * @param name its name, not blank
     * @param invariantClass when it is checked
     * @param check null when it holds, else the reason
     * @return the invariant
     */
    static ContextInvariant of(String name, InvariantClass invariantClass, Function<Context, @Nullable String> check) {
        Preconditions.notBlank(name, "name");
        Preconditions.notNull(invariantClass, "invariantClass");
        Preconditions.notNull(check, "check");
        return new ContextInvariant() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public InvariantClass invariantClass() {
                return invariantClass;
            }

            @Override
            public @Nullable String violation(Context context) {
                return check.apply(context);
            }

            @Override
            public String toString() {
                return "ContextInvariant[" + invariantClass + " " + name + "]";
            }
        };
    }
}
