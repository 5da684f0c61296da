package dev.terminus.opentelemetry.internal;

/**
 * How many distinct values each free-form attribute admits per telemetry instance before it reports
 * {@code _OTHER} (or {@code Extension} for extension tags). Names that come from code (agents, models, providers,
 * tools, pipelines, stages, phases) stay far below these in practice; the bounds only guard against a name built
 * from data.
 */
final class Bounds {
    /** Distinct agent names. */
    static final int AGENTS = 128;
    /** Distinct model names. */
    static final int MODELS = 64;
    /** Distinct provider names. */
    static final int PROVIDERS = 32;
    /** Distinct tool names. */
    static final int TOOLS = 256;
    /** Distinct exception class names of failed model calls. */
    static final int MODEL_ERRORS = 64;
    /** Distinct tags of {@code Termination.Extension}s. */
    static final int EXTENSION_TAGS = 64;
    /** Distinct pipeline names. */
    static final int PIPELINES = 128;
    /** Distinct stage names, over all pipelines. */
    static final int STAGES = 256;
    /** Distinct phase names, over all pipelines. */
    static final int PHASES = 64;

    private Bounds() {}
}
