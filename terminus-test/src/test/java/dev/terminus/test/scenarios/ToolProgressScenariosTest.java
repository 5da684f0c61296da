package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** {@link RunContext#reportProgress}: what a tool reports while it runs reaches the run's listeners. */
class ToolProgressScenariosTest {

    private static Tool reporting() {
        return Tools.of("copy", "Copies files", Map.of("type", "object", "properties", Map.of()), (arguments, run) -> {
            run.reportProgress("copy", 1, 2.0, "first file");
            run.reportProgress("copy", 2, 2.0, null);
            return "copied";
        });
    }

    @Test
    void progressAToolReportsIsPublishedAsToolProgressEventsOfItsIteration() {
        // given
        List<AgentEvent.ToolProgress> events = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder(ScriptedModel.builder().toolCall("copy", Map.of()).text("done").build())
                .config(AgentConfig.custom().name("copier").build()).tool(reporting())
                .listener(event -> {
                    if (event instanceof AgentEvent.ToolProgress progress) {
                        events.add(progress);
                    }
                }).build();

        // when
        RunResult result = agent.run("copy");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(events).containsExactly(
                new AgentEvent.ToolProgress("copier", 1, "copy", 1, 2.0, "first file"),
                new AgentEvent.ToolProgress("copier", 1, "copy", 2, 2.0, null));
    }

    @Test
    void progressInARunWithoutListenersIsDroppedAndTheCallSucceeds() {
        // given
        Agent agent = Agent.builder(ScriptedModel.builder().toolCall("copy", Map.of()).text("done").build())
                .tool(reporting()).build();

        // when
        RunResult result = agent.run("copy");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(result.transcript()).anySatisfy(message -> assertThat(message.toString()).contains("copied"));
    }
}
