package dev.terminus.temporal;

/**
 * Builds the agent a document defines (a scenario file, say), for runs whose {@link AgentRunInput} carries a
 * definition instead of naming a registered agent. A worker resolves a definition once (by name and digest) on each
 * side: the workflow side builds its proxies from the result, the activity side calls its model and tools.
 *
 * {@snippet :
 * // given: Model modelOf(String definition); List<Tool> toolsOf(String definition); AgentRecipe recipe
 * AgentRecipes recipes = AgentRecipes.builder()
 *         .resolver((name, definition) -> new AgentRecipes.Registered(name, modelOf(definition), toolsOf(definition),
 *                 recipe))
 *         .build();
 * }
 *
 * <p>A resolver must be deterministic: the same name and document give the same agent (its tools' specs, its recipe)
 * on every worker and on every replay. The model and tools it returns are shared by the runs of that document on a
 * worker, concurrently: they must keep no state per run (a scripted model reads which call it answers from
 * {@link ModelCallSequence#current()}, a tool reads the run from its {@code RunContext}).
 */
@FunctionalInterface
public interface AgentResolver {

    /**
     * @param name the agent's name ({@link AgentRunInput#agentName()})
     * @param definition the document ({@link AgentRunInput#definition()})
     * @return the agent it defines, registered under {@code name}
     * @throws IllegalArgumentException naming what in the document is wrong
     */
    AgentRecipes.Registered resolve(String name, String definition);
}
