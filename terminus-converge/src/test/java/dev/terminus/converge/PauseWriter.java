package dev.terminus.converge;

import dev.terminus.Termination;
import dev.terminus.checkpoint.FileGateStore;
import java.nio.file.Path;

/**
 * Runs {@link Fixtures#unsureOfTheTotal()} until it pauses, with its pause saved in the directory given as the only
 * argument, and prints the gate id: the other process of {@link CrossProcessPauseTest}.
 */
public final class PauseWriter {
    private PauseWriter() {}

    /** @param args the directory of the pause store */
    public static void main(String[] args) {
        ConvergenceResult result = Fixtures.unsureOfTheTotal()
                .pauseStore(FileGateStore.in(Path.of(args[0]), PauseJson.ofDefaults())).build()
                .run(Context.empty());
        if (!(result.termination() instanceof Termination.HitlGatePending gate)) {
            System.err.println("expected a pause, got " + result.termination());
            System.exit(1);
            return;
        }
        System.out.println(gate.gateId());
    }
}
