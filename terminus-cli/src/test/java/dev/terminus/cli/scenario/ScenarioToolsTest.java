package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.test.FixedRun;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A scenario's tool with several results answers its n-th call with the n-th, counted per instance or from the run. */
class ScenarioToolsTest {
    private static final String SEARCH = """
            {"task": "Search.", "tools": [{"name": "search", "results": ["first", "second", "third"]}],
             "script": [{"text": "done"}]}
            """;

    @Test
    void aToolCountingPerInstanceAnswersItsCallsInOrder() throws Exception {
        // given
        Tool search = ScenarioTools.of(scenario(), ScenarioTools.Count.PER_INSTANCE).getFirst();

        // when
        Object first = search.call(Map.of(), run(List.of()));
        Object second = search.call(Map.of(), run(List.of()));

        // then
        assertThat(List.of(first, second)).containsExactly("first", "second");
    }

    @Test
    void aToolCountingFromTheRunAnswersAfterTheResultsTheRunGotFromItAlready() throws Exception {
        // given
        Tool search = ScenarioTools.of(scenario(), ScenarioTools.Count.FROM_RUN).getFirst();
        List<Message> transcript = List.of(new Message.ToolResult("call_1", "search", "first", false),
                new Message.ToolResult("call_2", "search", "bad arguments", true),
                new Message.ToolResult("call_3", "open", "a file", false));

        // when
        Object answer = search.call(Map.of(), run(transcript));
        Object again = search.call(Map.of(), run(transcript));

        // then
        assertThat(answer).isEqualTo("second");
        assertThat(again).isEqualTo("second");
    }

    private static Scenario scenario() throws ScenarioException {
        return ScenarioReader.read(SEARCH.getBytes(StandardCharsets.UTF_8), "search.json");
    }

    private static RunContext run(List<Message> transcript) {
        return FixedRun.of("search", transcript);
    }
}
