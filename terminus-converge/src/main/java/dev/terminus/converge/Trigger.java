package dev.terminus.converge;

import dev.terminus.Preconditions;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * When a {@link ConvergenceAgent} is asked to propose. Every agent runs in the first cycle of a run; after that, an
 * agent that {@linkplain #always() always runs} runs in every cycle, and one that {@linkplain #on(String...) reads
 * keys} runs in a cycle only when a fact of one of its keys changed in the cycle before. An agent that reads no keys
 * ({@link #once()}) therefore runs in the first cycle only.
 *
 * @param runsAlways whether the agent runs in every cycle
 * @param inputs the keys the agent reads (empty when it always runs)
 */
public record Trigger(boolean runsAlways, Set<String> inputs) {

    private static final Trigger ALWAYS = new Trigger(true, Set.of());
    private static final Trigger ONCE = new Trigger(false, Set.of());

    /** Copies the inputs immutably, keeping their order; refuses blank keys and inputs on an always-trigger. */
    public Trigger {
        Preconditions.notNull(inputs, "Trigger.inputs");
        LinkedHashSet<String> copy = new LinkedHashSet<>();
        for (String key : inputs) {
            copy.add(Preconditions.notBlank(key, "Trigger.inputs element"));
        }
        if (runsAlways && !copy.isEmpty()) {
            throw new IllegalArgumentException("Trigger.inputs must be empty when the agent always runs, was " + copy);
        }
        inputs = Collections.unmodifiableSet(copy);
    }

    /** @return a trigger that runs the agent in every cycle */
    public static Trigger always() {
        return ALWAYS;
    }

    /** @return a trigger that runs the agent in the first cycle only */
    public static Trigger once() {
        return ONCE;
    }

    /**
     * @param keys the keys the agent reads
     * @return a trigger that runs the agent in the first cycle and whenever one of these keys changed in the cycle
     *     before
     */
    public static Trigger on(String... keys) {
        Preconditions.notNull(keys, "keys");
        return new Trigger(false, new LinkedHashSet<>(java.util.Arrays.asList(keys)));
    }

    /**
     * @param changed the keys whose facts changed in the cycle before
     * @return whether the agent runs in this cycle (after the first)
     */
    public boolean firesOn(Set<String> changed) {
        if (runsAlways) {
            return true;
        }
        if (changed.size() < inputs.size()) {
            for (String key : changed) {
                if (inputs.contains(key)) {
                    return true;
                }
            }
            return false;
        }
        for (String key : inputs) {
            if (changed.contains(key)) {
                return true;
            }
        }
        return false;
    }
}
