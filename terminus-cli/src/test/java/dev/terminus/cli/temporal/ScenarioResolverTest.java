package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.IdempotencyKey;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void withAJournalEachToolCallAppendsItsIdempotencyKeyBeforeItRuns(@TempDir Path dir) throws Exception {
        // given
        Path journal = dir.resolve("tools.journal");
        AgentRecipes.Registered agent = new ScenarioResolver(ToolJournal.to(journal)).resolve("refund", """
                {"task": "Refund.", "tools": [{"name": "refund", "results": ["refunded"]}, {"name": "lookup"}],
                 "script": [{"text": "done"}]}
                """);
        Tool refund = agent.tools().getFirst();

        // when
        Object first = IdempotencyKey.with("terminus-run-refund:call_1", () -> refund.call(Map.of(), new Run()));
        IdempotencyKey.with("terminus-run-refund:call_2", () -> agent.tools().getLast().call(Map.of(), new Run()));

        // then
        assertThat(first).isEqualTo("refunded");
        assertThat(Files.readAllLines(journal)).containsExactly("terminus-run-refund:call_1",
                "terminus-run-refund:call_2");
        assertThat(refund.spec().name()).isEqualTo("refund");
    }

    @Test
    void withoutTheSystemPropertyThereIsNoJournalAndTheToolsAreTheScenarios() {
        // given
        List<Tool> tools = new ScenarioResolver().resolve("refund", """
                {"task": "Refund.", "tools": [{"name": "refund"}], "script": [{"text": "done"}]}
                """).tools();

        // when
        List<Tool> journaled = ToolJournal.fromSystemProperty().around(tools);

        // then
        assertThat(System.getProperty(ToolJournal.PROPERTY)).isNull();
        assertThat(journaled).isSameAs(tools);
    }

    /** A run at its first iteration with an empty transcript. */
    private record Run() implements RunContext {
        @Override
        public String agentName() {
            return "refund";
        }

        @Override
        public int iteration() {
            return 1;
        }

        @Override
        public int toolCallCount() {
            return 0;
        }

        @Override
        public Usage usage() {
            return Usage.ZERO;
        }

        @Override
        public BigDecimal costUsd() {
            return BigDecimal.ZERO;
        }

        @Override
        public Duration elapsed() {
            return Duration.ZERO;
        }

        @Override
        public List<Message> transcript() {
            return List.of();
        }
    }
}
