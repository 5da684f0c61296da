package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.temporal.wire.PipelineRunInput;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The pipelines a worker runs as {@link dev.terminus.temporal.wire.PipelineWorkflow}s: registered by name, and, with
 * a {@link PipelineResolver}, the pipelines that runs define by a document
 * ({@link PipelineRunInput#definition()}). Immutable. The agents of their stages run as child {@link AgentWorkflow}s
 * on the same task queue: its workers must have them ({@link AgentWorkflows#register}).
 *
 * {@snippet :
 * PipelineRecipes pipelines = PipelineRecipes.builder()
 *         .pipeline("triage", materials -> materials.builder("triage")
 *                 .stage(materials.agent("classify", "classifier", ctx -> ctx.input()))
 *                 .stage(materials.agent("answer", "writer", ctx -> ctx.previousAnswer().orElse("")))
 *                 .build())
 *         .build();
 * }
 */
public final class PipelineRecipes {
    private final Map<String, PipelineRecipe> pipelines;
    private final @Nullable PipelineResolver resolver;
    private final boolean searchAttributes;

    private PipelineRecipes(Builder b) {
        this.pipelines = Collections.unmodifiableMap(new LinkedHashMap<>(b.pipelines));
        this.resolver = b.resolver;
        this.searchAttributes = b.searchAttributes;
    }

    /** @return a builder without pipelines or resolver */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param input a run's input
     * @return the recipe of the pipeline it names, or of the one its definition defines
     * @throws IllegalArgumentException naming the unknown name and the registered ones, a definition without a
     *     resolver, or what the resolver found wrong in the definition
     */
    public PipelineRecipe recipe(PipelineRunInput input) {
        Preconditions.notNull(input, "input");
        String definition = input.definition();
        if (definition != null) {
            if (resolver == null) {
                throw new IllegalArgumentException("pipeline \"" + input.pipelineName() + "\" comes with a definition,"
                        + " but the worker's PipelineRecipes have no resolver (PipelineRecipes.Builder.resolver)");
            }
            PipelineRecipe resolved = resolver.resolve(input.pipelineName(), definition);
            if (resolved == null) {
                throw new IllegalArgumentException("the resolver gave no recipe for pipeline \""
                        + input.pipelineName() + "\"");
            }
            return resolved;
        }
        PipelineRecipe found = pipelines.get(input.pipelineName());
        if (found == null) {
            throw new IllegalArgumentException("no pipeline is registered as \"" + input.pipelineName()
                    + "\"; registered: " + pipelines.keySet());
        }
        return found;
    }

    /** @return the registered pipelines' names, in registration order */
    public Set<String> names() {
        return pipelines.keySet();
    }

    /**
     * @return whether its workflows upsert the {@link RunSearchAttributes} (how a run ended, the gate it waits at);
     *     off unless set
     */
    public boolean searchAttributes() {
        return searchAttributes;
    }

    /** Builds {@link PipelineRecipes}; every method refuses a bad value at once, naming it. */
    public static final class Builder {
        private final Map<String, PipelineRecipe> pipelines = new LinkedHashMap<>();
        private @Nullable PipelineResolver resolver;
        private boolean searchAttributes;

        private Builder() {}

        /**
         * Registers a pipeline.
         *
         * @param name the name runs ask for, unique and not blank
         * @param recipe how to build it
         * @return this builder
         * @throws IllegalArgumentException naming the name when it is registered already
         */
        public Builder pipeline(String name, PipelineRecipe recipe) {
            Preconditions.notBlank(name, "name");
            Preconditions.notNull(recipe, "recipe");
            if (pipelines.putIfAbsent(name, recipe) != null) {
                throw new IllegalArgumentException("pipeline \"" + name + "\" is registered twice");
            }
            return this;
        }

        /**
         * @param resolver builds the pipelines runs define by a document
         * @return this builder
         */
        public Builder resolver(PipelineResolver resolver) {
            this.resolver = Preconditions.notNull(resolver, "resolver");
            return this;
        }

        /**
         * Turns on the {@link RunSearchAttributes}: the workflows upsert how their run ended, and the gate it waits at.
         * The namespace must have them registered first (a workflow task upserting an attribute the namespace lacks is
         * refused, again and again); every worker of a task queue must have the same setting, as the same recipes.
         *
         * @param on whether to upsert them
         * @return this builder
         */
        public Builder searchAttributes(boolean on) {
            this.searchAttributes = on;
            return this;
        }

        /** @return the recipes */
        public PipelineRecipes build() {
            return new PipelineRecipes(this);
        }
    }
}
