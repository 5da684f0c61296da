package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store's methods throw nothing checked, so they fit method references, and a stored checkpoint resumes with one
 * call of the agent: the code of the README, with a real store.
 */
class GateStoreInOneCallTest {

    @TempDir
    Path dir;

    private static Agent refundAgent(ScriptedModel model, AtomicInteger refunds) {
        return Agent.builder(model).tools(Tools.of("refund", "Refunds an order", (args, run) -> {
            refunds.incrementAndGet();
            return "refunded " + args.get("order");
        })).requireApproval("refund").build();
    }

    private static ScriptedModel refundThenDone() {
        return ScriptedModel.builder().toolCall("refund", Map.of("order", 42)).text("refunded").build();
    }

    @Test
    void aPausedRunsCheckpointIsSavedWithAMethodReferenceAndApprovedFromTheStoreInOneCall() {
        // given
        var refunds = new AtomicInteger();
        GateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        RunResult paused = refundAgent(refundThenDone(), refunds).run("refund order 42");

        // when
        paused.checkpoint().ifPresent(store::save);
        List<RunResult> resumed = store.pending().stream()
                .map(gateId -> refundAgent(ScriptedModel.builder().text("refunded").build(), refunds)
                        .approve(store.load(gateId).orElseThrow()))
                .toList();

        // then
        assertThat(store.pending()).hasSize(1);
        assertThat(resumed).singleElement().satisfies(done -> {
            assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(done.transcript()).contains(new Message.ToolResult("call_1", "refund", "refunded 42", false));
        });
        assertThat(refunds).hasValue(1);
    }

    @Test
    void aRejectionFromTheStoreTellsTheModelWhyAndTheCheckpointIsDeletedWithAMethodReference() {
        // given
        var refunds = new AtomicInteger();
        GateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        refundAgent(refundThenDone(), refunds).run("refund order 42").checkpoint().ifPresent(store::save);
        String gateId = store.pending().getFirst();

        // when
        RunResult done = refundAgent(ScriptedModel.builder().text("not refunded").build(), refunds)
                .reject(store.load(gateId).orElseThrow(), "over the limit");
        store.pending().forEach(store::delete);

        // then
        assertThat(done.transcript()).contains(new Message.ToolResult("call_1", "refund",
                "Rejected by a person, not run: over the limit", true));
        assertThat(refunds).hasValue(0);
        assertThat(store.pending()).isEmpty();
    }

    @Test
    void aStoreThatCannotListItsDirectoryNamesItWithTheIoExceptionAsCause() throws IOException {
        // given: the "directory" is a file
        Path notADirectory = Files.writeString(dir.resolve("plain.txt"), "not a directory");
        GateStore<Checkpoint> store = FileGateStore.checkpoints(notADirectory);

        // when / then
        assertThatThrownBy(store::pending)
                .isInstanceOf(GateStoreException.class)
                .hasMessageStartingWith("cannot list the checkpoint files in " + notADirectory + ": ")
                .hasCauseInstanceOf(IOException.class);
    }

    @Test
    void aCheckpointThatCannotBeDeletedNamesTheGateAndTheFile() throws IOException {
        // given: the gate's "file" is a directory that is not empty
        GateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Files.createDirectories(dir.resolve("gate-1.checkpoint.json/occupied"));

        // when / then
        assertThatThrownBy(() -> store.delete("gate-1"))
                .isInstanceOf(GateStoreException.class)
                .hasMessage("cannot delete the checkpoint of gate \"gate-1\" at " + dir.resolve("gate-1.checkpoint.json")
                        + ": DirectoryNotEmptyException: " + dir.resolve("gate-1.checkpoint.json"))
                .hasCauseInstanceOf(java.nio.file.DirectoryNotEmptyException.class);
    }
}
