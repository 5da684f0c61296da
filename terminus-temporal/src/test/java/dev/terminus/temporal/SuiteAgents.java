package dev.terminus.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import java.util.List;

/**
 * The agents of the suites the tests run on Temporal: {@code "solver"}, registered by name, answers "ok"; an agent
 * defined by a document answers with as many characters as the document's first line says
 * ({@code answer-bytes: N}), whatever else the document holds (filler that makes it large).
 */
final class SuiteAgents {
    private SuiteAgents() {}

    /** @return the recipes: the registered solver, and the resolver of documents */
    static AgentRecipes recipes() {
        return AgentRecipes.builder()
                .agent("solver", FunctionModel.of(request -> ModelResponse.text("ok", Usage.of(1, 1))), List.of(),
                        SuiteAgents::agent)
                .resolver((name, definition) -> new AgentRecipes.Registered(name, FunctionModel.of(request ->
                        ModelResponse.text("x".repeat(answerBytes(definition)), Usage.of(1, 1))), List.of(),
                        SuiteAgents::agent))
                .build();
    }

    /**
     * @param answerBytes how long the defined agent's answers are
     * @param bytes how long the document is, at least its first line
     * @return the document
     */
    static String document(int answerBytes, int bytes) {
        String first = "answer-bytes: " + answerBytes + "\n";
        return first + "#".repeat(Math.max(0, bytes - first.length()));
    }

    private static int answerBytes(String definition) {
        String first = definition.lines().findFirst().orElse("");
        return Math.max(1, Integer.parseInt(first.substring("answer-bytes: ".length()).strip()));
    }

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock()).build();
    }
}
