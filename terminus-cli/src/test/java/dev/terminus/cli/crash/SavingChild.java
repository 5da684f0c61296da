package dev.terminus.cli.crash;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.PauseJson;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.ProposedFact;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A process that saves checkpoints and convergence pauses in a loop, through the stores users save them with, until
 * it is killed: {@code SavingChild DIR}. It prints {@code ready} once it has saved one of each. Round {@code i} saves
 * {@code gate-(i % 3)} of each kind, padded to a size that changes every round (up to about 24 KiB, several pages),
 * so that a save cut short would show as a file that does not decode.
 */
public final class SavingChild {
    private SavingChild() {}

    /** @param args the directory */
    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args[0]);
        FileGateStore<Checkpoint> checkpoints = FileGateStore.checkpoints(directory);
        FileGateStore<Pause> pauses = checkpoints.beside(PauseJson.ofDefaults());
        for (long round = 0; ; round++) {
            String gateId = "gate-" + round % 3;
            String padding = "x".repeat((int) (round * 7919 % 24_000));
            checkpoints.save(checkpoint(gateId, round, padding));
            pauses.save(pause(gateId, round, padding));
            if (round == 0) {
                System.out.println("ready");
                System.out.flush();
            }
        }
    }

    /** @return a checkpoint of gate {@code gateId} as the loop leaves one before a refund */
    static Checkpoint checkpoint(String gateId, long round, String padding) {
        ToolCall refund = new ToolCall("call_1", "refund", Map.of("order", 42));
        var gate = new Termination.HitlGatePending(gateId, "call_1", "Call refund with {\"order\":42}", "support", 1);
        return new Checkpoint(Checkpoint.FORMAT_VERSION, gate, "support", "gpt-4o", "sha256:9f2c", refund, List.of(),
                List.of(new Message.User("Refund order 42 " + padding)), 1, 0, Usage.of(120, 30),
                new BigDecimal("0.012300"), List.of(), Duration.ofMillis(12), 0, 0, false,
                Map.of("round", Long.toString(round)));
    }

    /** @return a pause of gate {@code gateId} as the convergence engine leaves one before a staged proposal */
    static Pause pause(String gateId, long round, String padding) {
        Proposal staged = Proposal.of("reader", ProposedFact.of("total", round));
        return new Pause(Pause.FORMAT_VERSION, new Termination.HitlGatePending(gateId, staged.id(), "reader proposes"
                + " total", "reader", 2), "reconcile", List.of("reader"), staged, List.of(), List.of(),
                Context.ofFacts(List.of(Fact.input("document", padding))), List.of(), List.of(), 1, Usage.of(10, 5),
                Duration.ofMillis(7));
    }
}
