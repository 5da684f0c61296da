package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a run's transcript depends on in its agent, and what changed between two agents, in words. */
class AgentShapeTest {
    private static final Map<String, Object> N = Map.of("type", "object",
            "properties", Map.of("n", Map.of("type", "integer")));

    private static Agent agent(String model, Tool... tools) {
        return Agent.builder(ScriptedModel.builder().name(model).text("done").build()).tools(List.of(tools)).build();
    }

    private static Tool tool(String name, Map<String, Object> schema) {
        return Tools.of(name, "a tool", schema, (arguments, run) -> "ok");
    }

    @Test
    void theShapeHoldsTheModelAndADigestOfEachToolsSchemaWhateverTheKeyOrder() {
        // given
        Map<String, Object> reordered = new java.util.LinkedHashMap<>();
        reordered.put("properties", Map.of("n", Map.of("type", "integer")));
        reordered.put("type", "object");

        // when
        Map<String, String> shape = AgentShape.of(agent("m", tool("count", N)));
        Map<String, String> same = AgentShape.of(agent("m", tool("count", reordered)));

        // then
        assertThat(shape).containsOnlyKeys("model", "tool:count").containsEntry("model", "m");
        assertThat(shape.get("tool:count")).hasSize(16);
        assertThat(same).isEqualTo(shape);
        assertThat(AgentShape.changes(shape, same)).isEmpty();
    }

    @Test
    void everyChangeIsNamedInOneLine() {
        // given
        Map<String, String> before = AgentShape.of(agent("m", tool("count", N), tool("search", N)));

        // when
        String changes = AgentShape.changes(before, AgentShape.of(agent("m2",
                tool("count", Map.of("type", "object")), tool("open", N))));

        // then
        assertThat(changes).isEqualTo("the model changed from \"m\" to \"m2\"; the argument schema of tool \"count\""
                + " changed; tool \"search\" was removed; tool \"open\" was added");
    }

    @Test
    void anInputCarriedWithoutAShapeChangesNothing() {
        assertThat(AgentShape.changes(Map.of(), AgentShape.of(agent("m", tool("count", N))))).isEmpty();
    }
}
