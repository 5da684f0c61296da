package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Tool;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.IdempotencyKey;
import dev.terminus.test.FixedRun;
import java.nio.file.Files;
import java.nio.file.Path;
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
    void aTreesDocumentIsItsAgentWithItsScriptedToolsAndEachNamedAgentIsResolvedUnderItsOwnName() {
        // given
        String tree = """
                {"task": "Refund.", "tools": [{"name": "lookup"}, {"name": "ask", "agent": "payments"}],
                 "handoffs": ["billing"],
                 "agents": {"payments": {"tools": [{"name": "refund"}], "script": [{"text": "paid"}]},
                            "billing": {"model": {"name": "billing-model"}, "script": [{"text": "billed"}]}},
                 "script": [{"text": "done"}]}
                """;
        ScenarioResolver resolver = new ScenarioResolver();

        // when
        AgentRecipes.Registered root = resolver.resolve("refund", tree);
        AgentRecipes.Registered payments = resolver.resolve(ScenarioResolver.NAMED + "payments", tree);
        AgentRecipes.Registered billing = resolver.resolve(ScenarioResolver.NAMED + "billing", tree);

        // then: a tool that runs an agent is no activity: it is built in the workflow on that agent
        assertThat(root.name()).isEqualTo("refund");
        assertThat(root.tools()).extracting(tool -> tool.spec().name()).containsExactly("lookup");
        assertThat(payments.name()).isEqualTo("agents.payments");
        assertThat(payments.tools()).extracting(tool -> tool.spec().name()).containsExactly("refund");
        assertThat(billing.tools()).isEmpty();
        assertThat(billing.model().name()).isEqualTo("billing-model");
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
    void aScenarioWithMcpServersIsResolvedWithoutStartingThemAndTheirToolsComeAfterItsOwn() {
        // when: a command no machine has, which a start would fail on
        AgentRecipes.Registered agent = new ScenarioResolver().resolve("files", """
                {"task": "List.", "tools": [{"name": "ping"}],
                 "mcpServers": {"files": {"command": "/no/such/mcp-server"}}, "script": [{"text": "done"}]}
                """);

        // then
        assertThat(agent.tools()).extracting(tool -> tool.spec().name()).containsExactly("ping");
        assertThat(agent.served()).isNotNull();
        assertThatThrownBy(() -> agent.served().start()).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("mcpServers.files: MCP server \"files\" did not start: ");
        agent.served().close();
    }

    @Test
    void aScenarioWithoutMcpServersHasNoServedTools() {
        // when
        AgentRecipes.Registered agent = new ScenarioResolver().resolve("plain", """
                {"task": "Say hi.", "script": [{"text": "hi"}]}
                """);

        // then
        assertThat(agent.served()).isNull();
    }

    @Test
    void aWrongServerEntryIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new ScenarioResolver().resolve("files", """
                {"task": "t", "mcpServers": {"s": {"url": "ftp://h/mcp"}}, "script": [{"text": "x"}]}
                """)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mcpServers.s.url: \"ftp://h/mcp\" is not an http or https URL");
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
        Object first = IdempotencyKey.with("terminus-run-refund:call_1", () -> refund.call(Map.of(), FixedRun.of("refund", List.of())));
        IdempotencyKey.with("terminus-run-refund:call_2", () -> agent.tools().getLast().call(Map.of(), FixedRun.of("refund", List.of())));

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
}
