package dev.terminus.jackson;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.Preconditions;
import dev.terminus.JsonTrees;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A termination whose {@code $kind} this reader does not know, read in {@link ReadMode#TOLERANT} mode:
 * a newer producer's case, or an extension nobody registered here. Nothing is lost: it keeps the
 * kind and every raw field, and writes back to the same JSON.
 *
 * <p>Its {@link #tag()} is always {@code "Unrecognized"} (never the raw kind, so metrics stay bounded)
 * and its category is {@link Category#FATAL}: a reader that does not know a case cannot decide how to
 * recover from it until someone upgrades it or registers the extension.
 *
 * @param kind the {@code $kind} as read
 * @param fields the other fields, as plain Java JSON values, in input order
 */
public record UnrecognizedTermination(String kind, Map<String, @Nullable Object> fields)
        implements Termination.Extension {

    /** The tag of every unrecognized termination. */
    public static final String TAG = "Unrecognized";

    /** Validates and deep-copies the fields. */
    public UnrecognizedTermination {
        Preconditions.notNull(kind, "UnrecognizedTermination.kind");
        fields = JsonTrees.copyObject(fields, "UnrecognizedTermination.fields");
    }

    @Override
    public String tag() {
        return TAG;
    }

    @Override
    public Category category() {
        return Category.FATAL;
    }
}
