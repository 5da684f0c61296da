package dev.terminus.opentelemetry.internal;

import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.opentelemetry.TelemetryNames;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * Turns what the events carry into bounded attribute values: every free-form name passes through a
 * {@link BoundedValues}, every fixed vocabulary through a whitelist, so that no attribute of one telemetry instance
 * takes more than a fixed number of distinct values, whatever runs it sees.
 */
final class Labels {
    private static final System.Logger LOG = System.getLogger(Labels.class.getName());

    /** The error kinds of {@code AgentEvent.ToolCalled}; anything else is reported as {@code _OTHER}. */
    private static final Set<String> TOOL_ERRORS =
            Set.of("tool_error", "invalid_arguments", "unknown_tool", "timeout", "refused", "rejected");

    /** The error kind of a call of a tool the agent does not have: its name is the model's text. */
    static final String UNKNOWN_TOOL = "unknown_tool";

    /** The error kinds of calls the run answered without running the tool: refused, unknown, rejected by a person. */
    static final Set<String> NOT_RUN = Set.of("refused", UNKNOWN_TOOL, "rejected");

    private static final Map<FinishReason, List<String>> FINISH_REASONS = finishReasons();

    private final BoundedValues<AgentLabels> agents =
            new BoundedValues<>(Bounds.AGENTS, new AgentLabels(TelemetryNames.OTHER), AgentLabels::new);
    private final BoundedValues<String> models = identity(Bounds.MODELS);
    private final BoundedValues<String> providers = identity(Bounds.PROVIDERS);
    /** Keyed by bounded names, so bounded too. */
    private final ConcurrentHashMap<List<String>, ModelLabels> modelLabels = new ConcurrentHashMap<>();
    private final BoundedValues<ToolLabel> tools =
            new BoundedValues<>(Bounds.TOOLS, new ToolLabel(TelemetryNames.OTHER), ToolLabel::new);
    private final BoundedValues<String> modelErrors = identity(Bounds.MODEL_ERRORS);
    private final BoundedValues<String> extensionTags =
            new BoundedValues<>(Bounds.EXTENSION_TAGS, TelemetryNames.EXTENSION, tag -> tag, this::wellFormed);
    private final AtomicBoolean warnedOfBadTag = new AtomicBoolean();

    /** @return a vocabulary of the first {@code limit} names, each its own label, and {@code _OTHER} beyond */
    static BoundedValues<String> identity(int limit) {
        return new BoundedValues<>(limit, TelemetryNames.OTHER, value -> value);
    }

    AgentLabels agent(String name) {
        return agents.get(name);
    }

    ModelLabels model(String model, String provider) {
        List<String> key = List.of(models.get(model), providers.get(provider));
        return modelLabels.computeIfAbsent(key, names -> new ModelLabels(names.get(0), names.get(1)));
    }

    /** @return the tool's bounded name and its calls' span name */
    ToolLabel tool(String name) {
        return tools.get(name);
    }

    /** @return a failed model call's bounded error type (an exception class name) */
    String modelError(String exceptionClass) {
        return modelErrors.get(exceptionClass);
    }

    /** @return a failed tool call's error kind, one of a fixed set */
    static String toolError(String kind) {
        return TOOL_ERRORS.contains(kind) ? kind : TelemetryNames.OTHER;
    }

    /** @return {@code gen_ai.response.finish_reasons} of the reason, one of a fixed set of lists */
    static List<String> finishReasons(FinishReason reason) {
        return FINISH_REASONS.get(reason);
    }

    /**
     * The termination's tag as reported: a framework case's own tag; {@code Custom} for every custom termination
     * (never its reason); an extension's tag when it is well-formed, not a framework tag, and among the first
     * {@link Bounds#EXTENSION_TAGS} distinct extension tags seen, else {@code Extension}.
     */
    String tag(Termination termination) {
        return switch (termination) {
            case Termination.Custom custom -> "Custom";
            case Termination.Extension extension -> extensionTag(extension);
            default -> termination.tag();
        };
    }

    /** @return the termination's category's name, or {@code _OTHER} when an extension does not say */
    static String category(Termination termination) {
        try {
            Category category = termination.category();
            return category == null ? TelemetryNames.OTHER : category.name();
        } catch (RuntimeException e) {
            return TelemetryNames.OTHER;
        }
    }

    private String extensionTag(Termination.Extension extension) {
        @Nullable String tag;
        try {
            tag = extension.tag();
        } catch (RuntimeException e) {
            return TelemetryNames.EXTENSION;
        }
        return tag == null ? TelemetryNames.EXTENSION : extensionTags.get(tag);
    }

    /** Whether an extension's tag may be reported as itself: the check {@code Extension.requireValidTag} makes. */
    private boolean wellFormed(String tag) {
        try {
            Termination.Extension.requireValidTag(tag);
            return true;
        } catch (IllegalArgumentException e) {
            if (warnedOfBadTag.compareAndSet(false, true)) {
                LOG.log(System.Logger.Level.WARNING, e.getMessage() + "; runs that end with it are reported as \""
                        + TelemetryNames.EXTENSION + "\" (this warning is given once)");
            }
            return false;
        }
    }

    /**
     * A tool's bounded name and the name of its calls' spans.
     *
     * @param name the name
     * @param spanName {@code execute_tool {name}}
     */
    record ToolLabel(String name, String spanName) {
        ToolLabel(String name) {
            this(name, TelemetryNames.EXECUTE_TOOL + " " + name);
        }
    }

    private static Map<FinishReason, List<String>> finishReasons() {
        Map<FinishReason, List<String>> reasons = new EnumMap<>(FinishReason.class);
        for (FinishReason reason : FinishReason.values()) {
            reasons.put(reason, List.of(reason.name().toLowerCase(Locale.ROOT)));
        }
        return reasons;
    }
}
