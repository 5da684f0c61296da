package dev.terminus.test;

import static dev.terminus.test.TerminusAssertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmokeScenarioTest {
    @Test
    void aToolRoundThenAnAnswerEndsNaturally() {
        // given
        var model = ScriptedModel.builder().toolCall("echo", Map.of("x", "1")).text("done").build();
        var agent = Agent.builder(model).tool(Tools.of("echo", "echoes", (args, run) -> args.get("x"))).build();

        // when
        var result = agent.run("go");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasIterations(2).hasToolCalls(1).isConsistent();
    }

    @Test
    void aHangingModelEndsTheRunAtTheDeadline() {
        // given
        var model = ScriptedModel.builder().hang().build();
        var agent = Agent.builder(model).config(AgentConfig.custom().timeBudget(Duration.ofMillis(200)).build()).build();

        // when
        var result = agent.run("go");

        // then
        assertThat(result).endedWith(Termination.TimeBudgetExhausted.class)
                .satisfies(t -> org.assertj.core.api.Assertions.assertThat(t.limitMs()).isEqualTo(200));
        org.assertj.core.api.Assertions.assertThat(result.duration()).isLessThan(Duration.ofMillis(1000));
    }
}
