package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.UserTurn;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskContextTest {

    @Test
    void theAgentBuilderCarriesTheContextsToolsAndUser() {
        // given
        Tool clock = Tools.of("clock", "Tells the time", (arguments, run) -> "noon");
        TaskContext context = new TaskContext(Task.of("t1", "x"), 0, 1, List.of(clock),
                (run, answer) -> UserTurn.satisfied("done"));
        ScriptedModel model = ScriptedModel.builder().toolCall("clock", Map.of()).text("It is noon").build();

        // when
        Agent agent = context.agentBuilder(model).build();
        RunResult result = agent.run("What time is it?");

        // then
        assertThat(agent.tools()).containsOnlyKeys("clock");
        assertThat(result.termination()).isEqualTo(new Termination.UserSatisfied("done"));
        assertThat(result.toolCalls()).isEqualTo(1);
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new TaskContext(Task.of("t1", "x"), -1, 1, List.of(), null))
                .hasMessageContaining("TaskContext.repeat");
        assertThatThrownBy(() -> new TaskContext(Task.of("t1", "x"), 0, 0, List.of(), null))
                .hasMessage("TaskContext.attempt must be >= 1, was 0");
        assertThatThrownBy(() -> new TaskContext(null, 0, 1, List.of(), null)).hasMessageContaining("TaskContext.task");
    }
}
