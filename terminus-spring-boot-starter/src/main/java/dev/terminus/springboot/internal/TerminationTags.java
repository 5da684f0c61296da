package dev.terminus.springboot.internal;

import dev.terminus.Category;
import dev.terminus.Termination;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A termination's tag and category as metrics report them, from a bounded set: a framework case's own tag;
 * {@code Custom} for every custom termination (never its reason); an extension's tag when it is well-formed, not a
 * framework tag and among the first {@value #EXTENSION_TAGS} distinct ones seen, else {@code Extension}. The same rule
 * as the OpenTelemetry listener's.
 */
public final class TerminationTags {
    /** How many distinct extension tags are reported as themselves. */
    public static final int EXTENSION_TAGS = 64;
    /** The tag of an extension beyond the bound, or with a malformed tag. */
    public static final String EXTENSION = "Extension";
    /** The category of an extension that does not say. */
    public static final String OTHER = "_OTHER";

    private final Set<String> admitted = ConcurrentHashMap.newKeySet();

    /**
     * @param termination how a run ended
     * @return its bounded tag
     */
    public String tag(Termination termination) {
        return switch (termination) {
            case Termination.Custom custom -> "Custom";
            case Termination.Extension extension -> extensionTag(extension);
            default -> termination.tag();
        };
    }

    /**
     * @param termination how a run ended
     * @return its category's name, or {@value #OTHER} when an extension does not say
     */
    public static String category(Termination termination) {
        try {
            Category category = termination.category();
            return category == null ? OTHER : category.name();
        } catch (RuntimeException e) {
            return OTHER;
        }
    }

    private String extensionTag(Termination.Extension extension) {
        String tag;
        try {
            tag = Termination.Extension.requireValidTag(extension.tag());
        } catch (RuntimeException e) {
            return EXTENSION;
        }
        if (admitted.contains(tag)) {
            return tag;
        }
        synchronized (admitted) {
            if (admitted.size() >= EXTENSION_TAGS) {
                return EXTENSION;
            }
            admitted.add(tag);
            return tag;
        }
    }
}
