package dev.terminus.converge;

import dev.terminus.converge.spi.ProposalGate;
import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The shared state of a convergence run: facts by key, each with its {@link Provenance}, in the order they were
 * first merged. Immutable and thread-safe, with one documented exception: the context a {@code STRUCTURAL}
 * {@link ContextInvariant} or the {@link ProposalGate} is handed is a read-only view of the run's context at that
 * moment, valid during the call only.
 *
 * {@snippet :
 * Context input = Context.of(Map.of("document", "INVOICE INV-0042 ..."));
 * String document = input.value("document", String.class).orElseThrow();
 * Context more = input.with(new Fact("invoice.number", "INV-0042", new Provenance("extractor", 1, 0.9)));
 * }
 */
public final class Context {
    private static final Context EMPTY = new Context(Map.of());

    private final Map<String, Fact> facts;

    private Context(Map<String, Fact> facts) {
        this.facts = facts;
    }

    /** @return a context without facts */
    public static Context empty() {
        return EMPTY;
    }

    /**
     * The context a run starts with: one fact per entry, with {@link Provenance#input()}.
     *
     * @param values the facts' values by key (JSON values); iterated in their map's order
     * @return the context
     * @throws IllegalArgumentException naming the key of a value that is not a JSON value, or a blank key
     */
    public static Context of(Map<String, ? extends @Nullable Object> values) {
        Preconditions.notNull(values, "values");
        LinkedHashMap<String, Fact> copy = LinkedHashMap.newLinkedHashMap(values.size());
        values.forEach((key, value) -> copy.put(Preconditions.notNull(key, "Context key"), Fact.input(key, value)));
        return new Context(Collections.unmodifiableMap(copy));
    }

    /**
     * @param facts facts, each key at most once
     * @return a context of these facts, in this order
     * @throws IllegalArgumentException naming a key that appears twice
     */
    public static Context ofFacts(Collection<Fact> facts) {
        Preconditions.notNull(facts, "facts");
        LinkedHashMap<String, Fact> copy = LinkedHashMap.newLinkedHashMap(facts.size());
        for (Fact fact : facts) {
            Preconditions.notNull(fact, "facts element");
            if (copy.putIfAbsent(fact.key(), fact) != null) {
                throw new IllegalArgumentException("facts holds key \"" + fact.key() + "\" twice");
            }
        }
        return new Context(Collections.unmodifiableMap(copy));
    }

    /** A read-only view of the engine's working facts, for the calls documented in the class comment. */
    static Context view(Map<String, Fact> working) {
        return new Context(Collections.unmodifiableMap(working));
    }

    /** An immutable copy of the engine's working facts. */
    static Context copyOf(Map<String, Fact> working) {
        return new Context(Collections.unmodifiableMap(new LinkedHashMap<>(working)));
    }

    /**
     * @param key a key
     * @return the fact of that key, if the context has one
     */
    public Optional<Fact> fact(String key) {
        return Optional.ofNullable(facts.get(Preconditions.notNull(key, "key")));
    }

    /**
     * @param key a key
     * @return the value of that key's fact; null when the context has no such fact or its value is JSON null
     */
    public @Nullable Object value(String key) {
        Fact fact = facts.get(Preconditions.notNull(key, "key"));
        return fact == null ? null : fact.value();
    }

    /**
     * Reads a value as a type; numbers convert between number types only when exact.
     *
     * @param key a key
     * @param type the wanted type ({@code String}, {@code Integer}, {@code Long}, {@code Double}, {@code List}, ...)
     * @param <T> that type
     * @return the value, or empty when the context has no such fact or its value is JSON null
     * @throws IllegalArgumentException naming the key and the value when it is not of that type
     */
    public <T> Optional<T> value(String key, Class<T> type) {
        Object value = value(key);
        return value == null ? Optional.empty() : Optional.of(JsonTrees.convert(value, type, "Context." + key));
    }

    /** @param key a key @return whether the context has a fact of that key */
    public boolean contains(String key) {
        return facts.containsKey(Preconditions.notNull(key, "key"));
    }

    /** @return the number of facts */
    public int size() {
        return facts.size();
    }

    /** @return whether the context has no facts */
    public boolean isEmpty() {
        return facts.isEmpty();
    }

    /** @return the keys, in the order their facts were first merged */
    public Set<String> keys() {
        return facts.keySet();
    }

    /** @return the facts, in the order they were first merged */
    public List<Fact> facts() {
        return List.copyOf(facts.values());
    }

    /** @return the values by key, in the order their facts were first merged (null values included) */
    public Map<String, @Nullable Object> values() {
        LinkedHashMap<String, @Nullable Object> values = LinkedHashMap.newLinkedHashMap(facts.size());
        facts.forEach((key, fact) -> values.put(key, fact.value()));
        return Collections.unmodifiableMap(values);
    }

    /**
     * @param fact a fact
     * @return a context with this fact added, or replacing the fact of its key in its place
     */
    public Context with(Fact fact) {
        Preconditions.notNull(fact, "fact");
        LinkedHashMap<String, Fact> copy = new LinkedHashMap<>(facts);
        copy.put(fact.key(), fact);
        return new Context(Collections.unmodifiableMap(copy));
    }

    /** Two contexts are equal when they hold equal facts under the same keys, whatever their order. */
    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Context other && facts.equals(other.facts);
    }

    @Override
    public int hashCode() {
        return facts.hashCode();
    }

    @Override
    public String toString() {
        List<String> shown = new ArrayList<>();
        facts.forEach((key, fact) -> shown.add(key + "=" + fact.value()));
        return "Context" + shown;
    }
}
