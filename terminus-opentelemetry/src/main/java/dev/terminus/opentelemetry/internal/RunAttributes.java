package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;
import io.opentelemetry.api.common.Attributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The attributes of one owner's run metrics ({@code terminus.run.completed} and {@code terminus.run.duration}): the
 * owner's own (an agent's name, a pipeline's, a stage's and its pipeline's) with the termination tag, category and
 * outcome, built once per {@link RunKey}: a bounded set, since every part is bounded.
 */
final class RunAttributes {
    private final Attributes owner;
    private final ConcurrentHashMap<RunKey, Attributes> byKey = new ConcurrentHashMap<>();

    /** @param owner the attributes that name the owner, already bounded */
    RunAttributes(Attributes owner) {
        this.owner = owner;
    }

    /** @return the owner's attributes with the bounded tag and category and the outcome */
    Attributes of(String tag, String category, Outcome outcome) {
        return byKey.computeIfAbsent(new RunKey(tag, category, outcome), key -> owner.toBuilder()
                .put(Keys.TERMINATION, key.tag())
                .put(Keys.CATEGORY, key.category())
                .put(Keys.OUTCOME, key.outcome().name())
                .build());
    }
}
