package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.echo;
import static dev.terminus.test.scenarios.Scenarios.toolResults;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An approval gate inside an agent called as a tool pauses the whole run; one checkpoint resumes the child, then it. */
class ChildGateScenariosTest {
    private final AtomicInteger refunds = new AtomicInteger();

    private Agent refunder() {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("r_").usage(Usage.of(7, 3))
                        .toolCall("refund", args("x", 42)).text("refunded 42").build())
                .name("refunder").tool(echo("refund", refunds)).requireApproval("refund").build();
    }

    private Agent writer(Agent child) {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("w_").usage(Usage.of(10, 5))
                        .toolCall("refunds", Map.of("task", "refund order 42")).text("The customer is refunded.")
                        .build())
                .name("writer").tool(Tools.agent("refunds", "Refunds orders", child)).build();
    }

    @Test
    void anApprovalGateInAChildPausesTheParentWithTheChildsGateAndCheckpoint() {
        // given
        var parent = writer(refunder());

        // when
        RunResult paused = parent.run("handle order 42");

        // then
        assertThat(paused).hasOutcome(Outcome.SUSPENDED);
        var gate = (Termination.HitlGatePending) paused.termination();
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();
        Checkpoint child = checkpoint.child();
        assertThat(child).isNotNull();
        assertThat(checkpoint.formatVersion()).isEqualTo(Checkpoint.CHILD_FORMAT_VERSION);
        assertThat(gate.gateId()).isEqualTo(child.gateId());
        assertThat(gate.agentId()).as("the agent that waits").isEqualTo("refunder");
        assertThat(gate.summary()).isEqualTo(child.gate().summary()).contains("refund");
        assertThat(checkpoint.pendingCall().name()).isEqualTo("refunds");
        assertThat(child.pendingCall().name()).isEqualTo("refund");
        assertThat(refunds).hasValue(0);
        assertThat(paused.children()).as("a paused child has no result yet").isEmpty();
        assertThat(paused.usage()).as("what the child spent before its gate counts").isEqualTo(Usage.of(17, 8));
    }

    @Test
    void approvingTheOneCheckpointRunsTheChildsCallThenTheChildAndTheParentToTheirEnds() {
        // given
        var parent = writer(refunder());
        Checkpoint checkpoint = parent.run("handle order 42").checkpoint().orElseThrow();

        // when
        RunResult done = parent.approve(checkpoint);

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion()).hasEveryToolCallAnsweredOnce().isConsistent();
        assertThat(refunds).hasValue(1);
        assertThat(toolResults(done).getLast().content()).isEqualTo("refunded 42");
        assertThat(done.children()).singleElement().satisfies(c -> {
            assertThat(c.toolName()).isEqualTo("refunds");
            assertThat(c.result().termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(c.result().usage()).isEqualTo(Usage.of(14, 6));
        });
        assertThat(done.usage()).as("both of the parent's calls and both of the child's").isEqualTo(Usage.of(34, 16));
    }

    @Test
    void rejectingItAnswersTheChildsCallAsRejectedAndBothRunsGoOn() {
        // given
        var parent = writer(refunder());
        Checkpoint checkpoint = parent.run("handle order 42").checkpoint().orElseThrow();

        // when
        RunResult done = parent.reject(checkpoint, "not this one");

        // then
        assertThat(done).endedWith(new Termination.NaturalCompletion());
        assertThat(refunds).hasValue(0);
        RunResult child = done.children().getFirst().result();
        assertThat(toolResults(child).getFirst().content()).contains("Rejected by a person", "not this one");
    }

    @Test
    void aGateTwoLevelsDownPausesTheRootAndOneApprovalResumesTheWholeTree() {
        // given
        var middle = Agent.builder(ScriptedModel.builder().callIdPrefix("m_")
                        .toolCall("refunds", Map.of("task", "refund it")).text("middle done").build())
                .name("middle").tool(Tools.agent("refunds", "Refunds", refunder())).build();
        var root = Agent.builder(ScriptedModel.builder().callIdPrefix("root_")
                        .toolCall("middle", Map.of("task", "handle it")).text("root done").build())
                .name("root").tool(Tools.agent("middle", "Handles", middle)).build();
        RunResult paused = root.run("go");
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();

        // when
        RunResult done = root.approve(checkpoint);

        // then
        assertThat(checkpoint.child().child()).isNotNull();
        assertThat(checkpoint.child().child().agentName()).isEqualTo("refunder");
        assertThat(done).endedWith(new Termination.NaturalCompletion());
        assertThat(done.finalAnswer()).contains("root done");
        assertThat(refunds).hasValue(1);
        RunResult middleRun = done.children().getFirst().result();
        assertThat(middleRun.finalAnswer()).contains("middle done");
        assertThat(middleRun.children().getFirst().result().finalAnswer()).contains("refunded 42");
    }

    @Test
    void anAnswerToAChildsApprovalGateIsRefusedAsTheChildWouldRefuseIt() {
        // given
        var parent = writer(refunder());
        Checkpoint checkpoint = parent.run("handle order 42").checkpoint().orElseThrow();

        // when / then
        assertThatThrownBy(() -> parent.answer(checkpoint, Map.of("ok", true)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("waits for approval of a call to \"refund\"");
    }
}
