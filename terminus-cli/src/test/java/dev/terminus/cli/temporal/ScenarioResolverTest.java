package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.temporal.AgentRecipes;
import org.junit.jupiter.api.Test;

/** A worker builds the agent of a scenario document a client sent, or refuses the document naming what is wrong. */
class ScenarioResolverTest {

    @Test
    void aScenarioDocumentIsTheAgentWithItsModelAndToolsUnderTheRunsName() {
        // when
        AgentRecipes.Registered agent = new ScenarioResolver().resolve("refund", """
                {"task": "Refund.", "model": {"name": "gpt-test", "provider": "acme"},
                 "tools": [{"name": "refund"}, {"name": "lookup"}], "script": [{"text": "done"}]}
                """);

        // then
        assertThat(agent.name()).isEqualTo("refund");
        assertThat(agent.model().name()).isEqualTo("gpt-test");
        assertThat(agent.model().provider()).isEqualTo("acme");
        assertThat(agent.tools()).extracting(tool -> tool.spec().name()).containsExactly("refund", "lookup");
    }

    @Test
    void aBrokenDocumentIsRefusedNamingTheFieldAndTheAgent() {
        // when / then
        assertThatThrownBy(() -> new ScenarioResolver().resolve("refund", "{\"task\": \"Refund.\", \"scrpt\": []}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the scenario of refund line 1, column ")
                .hasMessageContaining("unknown field \"scrpt\"");
    }
}
