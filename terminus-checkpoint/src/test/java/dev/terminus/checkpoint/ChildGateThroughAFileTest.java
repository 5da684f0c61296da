package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.scripted.ScriptedModel;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run paused at a gate of an agent it called is saved to a file and approved by agents built anew, as another
 * process would: the one checkpoint resumes the child, then its parent.
 */
class ChildGateThroughAFileTest {

    @TempDir
    Path dir;

    private static Agent tree(ScriptedModel writerModel, ScriptedModel refunderModel, AtomicInteger refunds) {
        Agent refunder = Agent.builder(refunderModel).name("refunder")
                .tool(Tools.of("refund", "Refunds an order", (args, run) -> {
                    refunds.incrementAndGet();
                    return "refunded " + args.get("order");
                })).requireApproval("refund").build();
        return Agent.builder(writerModel).name("writer")
                .tool(Tools.agent("refunds", "Refunds orders", refunder)).build();
    }

    @Test
    void theCheckpointOfAChildsGateGoesThroughAFileAndOneApprovalFinishesBothRuns() {
        // given: the first process pauses and saves
        var refunds = new AtomicInteger();
        GateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        RunResult paused = tree(
                ScriptedModel.builder().callIdPrefix("w_").toolCall("refunds", Map.of("task", "refund 42")).build(),
                ScriptedModel.builder().callIdPrefix("r_").toolCall("refund", Map.of("order", 42)).build(), refunds)
                .run("handle order 42");
        paused.checkpoint().ifPresent(store::save);
        String gateId = ((Termination.HitlGatePending) paused.termination()).gateId();

        // when: another process loads it and approves, its models scripted from where the runs paused
        RunResult done = tree(
                ScriptedModel.builder().callIdPrefix("w_").startAt(1).toolCall("refunds", Map.of("task", "x"))
                        .text("the customer is refunded").build(),
                ScriptedModel.builder().callIdPrefix("r_").startAt(1).toolCall("refund", Map.of("order", 42))
                        .text("refunded 42").build(), refunds)
                .approve(store.load(gateId).orElseThrow());

        // then
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(done.finalAnswer()).contains("the customer is refunded");
        assertThat(refunds).hasValue(1);
        assertThat(done.children()).singleElement()
                .satisfies(child -> assertThat(child.result().finalAnswer()).contains("refunded 42"));
    }
}
