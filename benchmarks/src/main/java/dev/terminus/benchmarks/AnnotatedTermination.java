package dev.terminus.benchmarks;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.terminus.Category;
import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The baseline of {@link WireFormatBenchmark}: the four measured cases of {@link dev.terminus.Termination} as
 * plain records with hand-written Jackson annotations ({@code @JsonTypeInfo(use = NAME, property = "$kind")}
 * and {@code @JsonSubTypes}), which is what Terminus would look like without its own codec.
 *
 * <p>The records are equivalent to the framework's: same names, same components (names, types, order) and
 * the same compact constructors, calling the same checks and making the same immutable copies. So the
 * comparison measures the codec only, not the cost of the values' invariants, which both sides pay.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "$kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AnnotatedTermination.NaturalCompletion.class, name = "NaturalCompletion"),
    @JsonSubTypes.Type(value = AnnotatedTermination.MaxIterationsReached.class, name = "MaxIterationsReached"),
    @JsonSubTypes.Type(value = AnnotatedTermination.NoProgress.class, name = "NoProgress"),
    @JsonSubTypes.Type(value = AnnotatedTermination.Custom.class, name = "Custom"),
})
public sealed interface AnnotatedTermination {

    /** Mirrors {@link dev.terminus.Termination.NaturalCompletion}. */
    record NaturalCompletion() implements AnnotatedTermination {}

    /**
     * Mirrors {@link dev.terminus.Termination.MaxIterationsReached}.
     *
     * @param limit the cap
     * @param iterationsUsed the iterations run
     */
    record MaxIterationsReached(int limit, int iterationsUsed) implements AnnotatedTermination {
        /** The same checks as the framework's record. */
        public MaxIterationsReached {
            Preconditions.nonNegative(limit, "MaxIterationsReached.limit");
            Preconditions.nonNegative(iterationsUsed, "MaxIterationsReached.iterationsUsed");
        }
    }

    /**
     * Mirrors {@link dev.terminus.Termination.NoProgress}.
     *
     * @param unproductiveIterations the iterations without progress
     * @param snapshot the stuck messages
     */
    record NoProgress(int unproductiveIterations, List<AnnotatedMessage> snapshot) implements AnnotatedTermination {
        /** The same check and copy as the framework's record. */
        public NoProgress {
            Preconditions.nonNegative(unproductiveIterations, "NoProgress.unproductiveIterations");
            snapshot = Preconditions.immutableList(snapshot, "NoProgress.snapshot");
        }
    }

    /**
     * Mirrors {@link dev.terminus.Termination.Custom}.
     *
     * @param reason the cause
     * @param properties the facts of the stop, as plain Java JSON values
     * @param category what the caller should do next
     */
    record Custom(String reason, Map<String, @Nullable Object> properties, Category category)
            implements AnnotatedTermination {
        /** The same checks and deep copy as the framework's record. */
        public Custom {
            Preconditions.notNull(reason, "Custom.reason");
            properties = JsonTrees.copyObject(properties, "Custom.properties");
            Preconditions.notNull(category, "Custom.category");
        }
    }
}
