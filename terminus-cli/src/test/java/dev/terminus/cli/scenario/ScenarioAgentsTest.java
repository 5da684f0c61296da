package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.RunResult;
import dev.terminus.cli.temporal.ScenarioResolver;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The named agents of scenario files ({@code agents}, a tool's {@code agent}, {@code handoffs}): what a file can get
 * wrong, each refused in one line naming the field and the bad value, and the agents built from a good one.
 */
class ScenarioAgentsTest {

    /** A named agent that answers at once. */
    private static final String ANSWERS = "{'script': [{'text': 'done'}]}";

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // an agent a tool or a handoff names that the file does not
        "{'task': 't', 'tools': [{'name': 'research', 'agent': 'lopper'}], 'agents': {'looper': " + ANSWERS + "},"
                + " 'script': [{'text': 'x'}]}"
                + " | tools[0].agent: unknown agent \"lopper\" (known: looper)",
        "{'task': 't', 'tools': [{'name': 'research', 'agent': 'looper'}], 'script': [{'text': 'x'}]}"
                + " | tools[0].agent: unknown agent \"looper\" (the file names no \"agents\")",
        "{'task': 't', 'handoffs': ['biling'], 'agents': {'billing': " + ANSWERS + "}, 'script': [{'text': 'x'}]}"
                + " | handoffs[0]: unknown agent \"biling\" (known: billing)",
        "{'task': 't', 'agents': {'billing': {'handoffs': ['triage'], 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | agents.billing.handoffs[0]: unknown agent \"triage\" (known: billing)",
        "{'task': 't', 'agents': {'a': {'tools': [{'name': 'ask', 'agent': 'z'}], 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | agents.a.tools[0].agent: unknown agent \"z\" (known: a)",
        // a tool that runs an agent and answers as scripted
        "{'task': 't', 'tools': [{'name': 'research', 'agent': 'looper', 'results': ['a', 'b']}],"
                + " 'agents': {'looper': " + ANSWERS + "}, 'script': [{'text': 'x'}]}"
                + " | tools[0].results: a tool that runs an agent (\"agent\": \"looper\") takes {\"task\": ...} and"
                + " answers with the agent's answer, so it has no \"results\"",
        "{'task': 't', 'tools': [{'name': 'research', 'agent': 'looper', 'hang': true}],"
                + " 'agents': {'looper': " + ANSWERS + "}, 'script': [{'text': 'x'}]}"
                + " | tools[0].hang: a tool that runs an agent (\"agent\": \"looper\") takes {\"task\": ...} and"
                + " answers with the agent's answer, so it has no \"hang\"",
        // agents that call each other as tools without end
        "{'task': 't', 'agents': {'a': {'tools': [{'name': 'ask_b', 'agent': 'b'}], 'script': [{'text': 'x'}]},"
                + " 'b': {'tools': [{'name': 'ask_a', 'agent': 'a'}], 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | agents: a -> b -> a call each other as tools without a depth limit",
        "{'task': 't', 'agents': {'a': {'tools': [{'name': 'again', 'agent': 'a'}], 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | agents: a -> a call each other as tools without a depth limit",
        "{'task': 't', 'agents': {'a': {'tools': [{'name': 'ask_b', 'agent': 'b'}], 'script': [{'text': 'x'}]},"
                + " 'b': {'handoffs': ['c'], 'script': [{'text': 'x'}]},"
                + " 'c': {'handoffs': ['a'], 'script': [{'text': 'x'}]}}, 'script': [{'text': 'x'}]}"
                + " | agents: a -> b => c => a call each other as tools without a depth limit (->: calls as a tool;"
                + " =>: hands its run to)",
        // what a named agent cannot have, and bad values in it
        "{'task': 't', 'agents': {'a': {'task': 'own', 'script': [{'text': 'x'}]}}, 'script': [{'text': 'x'}]}"
                + " | agents.a.task: a named agent's task is given by its caller (the \"task\" of a tool call, or the"
                + " conversation handed to it), was \"own\"",
        "{'task': 't', 'agents': {'a': {'name': 'other', 'script': [{'text': 'x'}]}}, 'script': [{'text': 'x'}]}"
                + " | agents.a.name: a named agent is named by its key (\"a\"), was \"other\"",
        "{'task': 't', 'agents': {'a': {'agents': {'b': {}}, 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | agents.a.agents: agents are named at the top of the file only, was [b]",
        "{'task': 't', 'agents': {'bad name': " + ANSWERS + "}, 'script': [{'text': 'x'}]}"
                + " | agents: a name is 1 to 52 letters, digits, _ or - (it names the tool transfer_to_<name>), was"
                + " \"bad name\"",
        "{'task': 't', 'agents': {'a': null}, 'script': [{'text': 'x'}]}"
                + " | agents.a: an agent is an object (a scenario without its task), was null",
        "{'task': 't', 'agents': {'a': {'system': 'no script'}}, 'script': [{'text': 'x'}]}"
                + " | agents.a.script: is required (or run the scenario with --provider, so a real model answers)",
        "{'task': 't', 'agents': {'a': {'script': [{'error': 'boom'}]}}, 'script': [{'text': 'x'}]}"
                + " | agents.a.script[0].error: unknown error \"boom\" (known: rate_limit, server_error, timeout,"
                + " auth, context_length, refused, crash)",
        "{'task': 't', 'agents': {'a': {'limits': {'maxIterations': 0}, 'script': [{'text': 'x'}]}},"
                + " 'script': [{'text': 'x'}]}"
                + " | s.json line 1, column 60: agents.a.limits.maxIterations: must be >= 1, was 0",
        "{'task': 't', 'limits': {'maxHandoffs': -1}, 'script': [{'text': 'x'}]}"
                + " | s.json line 1, column 41: limits.maxHandoffs: must be >= 0, was -1"})
    void aFileWhoseAgentsCannotWorkIsRefusedInOneLineNamingTheFieldAndTheValue(String json, String message) {
        // given
        byte[] bytes = json.replace('\'', '"').getBytes(StandardCharsets.UTF_8);

        // when
        Throwable thrown = catchThrowable(() -> ScenarioAgent.of(ScenarioReader.read(bytes, "s.json")));

        // then
        assertThat(thrown).isInstanceOf(ScenarioException.class).hasMessage(message);
    }

    @Test
    void anUnknownFieldOfANamedAgentOrOfAToolThatRunsOneIsRefusedWithItsPath() {
        // given
        byte[] inAgent = ("{\"task\": \"t\", \"agents\": {\"a\": {\"scrpit\": []}}, \"script\": [{\"text\": \"x\"}]}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] inTool = ("{\"task\": \"t\", \"tools\": [{\"name\": \"ask\", \"agnet\": \"a\"}],"
                + " \"script\": [{\"text\": \"x\"}]}").getBytes(StandardCharsets.UTF_8);

        // when
        Throwable agent = catchThrowable(() -> ScenarioReader.read(inAgent, "s.json"));
        Throwable tool = catchThrowable(() -> ScenarioReader.read(inTool, "s.json"));

        // then
        assertThat(agent).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("s.json line 1, column 45: agents.a.scrpit: unknown field \"scrpit\" (known"
                        + " here: ").hasMessageContaining("handoffs");
        assertThat(tool).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("tools[0].agnet: unknown field \"agnet\" (known here: agent, ");
    }

    @Test
    void agentsThatHandTheRunToEachOtherAreBuiltAndTheRunEndsWithinMaxHandoffs() throws ScenarioException {
        // given: a hands to b, b back to a, a to b again; one handoff fewer than that is allowed
        byte[] bytes = """
                {"task": "t", "handoffs": ["a"], "limits": {"maxHandoffs": 2},
                 "agents": {
                   "a": {"handoffs": ["b"], "script": [{"toolCalls": [{"name": "transfer_to_b"}]},
                                                        {"toolCalls": [{"name": "transfer_to_b"}]}]},
                   "b": {"handoffs": ["a"], "script": [{"toolCalls": [{"name": "transfer_to_a"}]},
                                                        {"text": "b answers"}]}},
                 "script": [{"toolCalls": [{"name": "transfer_to_a"}]}]}
                """.getBytes(StandardCharsets.UTF_8);
        ScenarioAgent agent = ScenarioAgent.of(ScenarioReader.read(bytes, "s.json"));

        // when
        RunResult result = agent.run();

        // then: the top hands to a, a to b (the second and last handoff); b, offered no transfer, is refused one
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.agentName()).contains("b");
        assertThat(result.finalAnswer()).contains("b answers");
        List<Message.ToolResult> results = toolResults(result);
        assertThat(results).extracting(Message.ToolResult::toolName)
                .containsExactly("transfer_to_a", "transfer_to_b", "transfer_to_a");
        assertThat(results.getLast().error()).isTrue();
    }

    @Test
    void theToolCallIdsOfAgentsThatMeetInOneTranscriptNeverCollide() throws ScenarioException {
        // given: each agent's script numbers its calls from 1
        ScenarioAgent agent = ScenarioAgent.of(ScenarioReader.demo("handoff"));

        // when
        RunResult result = agent.run();

        // then
        List<String> ids = new ArrayList<>();
        for (Message message : result.transcript()) {
            if (message instanceof Message.Assistant answer) {
                answer.toolCalls().stream().map(ToolCall::id).forEach(ids::add);
            }
        }
        assertThat(ids).containsExactly("call_1", "billing_call_1", "billing_call_2").doesNotHaveDuplicates();
    }

    @Test
    void everyAgentsDemoScenarioWrittenBackReadsToAnEqualScenario() throws ScenarioException {
        for (String name : ScenarioReader.AGENTS_DEMO) {
            // given
            Scenario scenario = ScenarioReader.demo(name);

            // when
            String written = ScenarioReader.write(scenario);

            // then
            assertThat(ScenarioReader.read(written.getBytes(StandardCharsets.UTF_8), name)).as(name)
                    .isEqualTo(scenario);
            assertThat(written).as(name).doesNotContain("null");
        }
    }

    private static List<Message.ToolResult> toolResults(RunResult result) {
        return result.transcript().stream().filter(Message.ToolResult.class::isInstance)
                .map(Message.ToolResult.class::cast).toList();
    }
}
