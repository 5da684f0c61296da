package dev.terminus.cli;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.temporal.ScenarioRuns;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Runs that paused at a human gate (an approval, or a tool's request for input), on the command line: the checkpoint is saved in a directory (atomically, by
 * {@link FileGateStore#checkpoints(Path)}) with the scenario and the script's position in its metadata, so
 * {@code terminus resume} can rebuild the same agent and continue, in this process or a later one.
 */
final class Pauses {
    /** The default directory of pending checkpoints, relative to the working directory. */
    static final String DEFAULT_DIRECTORY = ".terminus/checkpoints";
    /** Metadata: the scenario file's text. */
    static final String SCENARIO = "terminus.scenario";
    /**
     * Metadata: the script steps the model had played; those of each named agent's model under this key, a dot and
     * the agent's name.
     */
    static final String SCRIPT_STEP = "terminus.scriptStep";

    private Pauses() {}

    /**
     * Saves a paused run's checkpoint and says how to continue it; does nothing for a run that did not pause.
     *
     * @return the checkpoint's file, or null when the run did not pause
     */
    static Path saveIfPaused(RunResult result, ScenarioAgent agent, byte[] scenarioText, Path directory,
            PrintStream out) throws BadInputException {
        if (!(result.termination() instanceof Termination.HitlGatePending gate) || result.checkpoint().isEmpty()) {
            return null;
        }
        Checkpoint checkpoint = result.checkpoint().get()
                .withMetadata(SCENARIO, new String(scenarioText, StandardCharsets.UTF_8))
                .withMetadata(SCRIPT_STEP, Integer.toString(agent.scriptStepsTaken()));
        for (var named : agent.agents().scriptStepsTaken().entrySet()) {
            checkpoint = checkpoint.withMetadata(SCRIPT_STEP + "." + named.getKey(), named.getValue().toString());
        }
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(directory);
        try {
            store.save(checkpoint);
        } catch (GateStoreException e) { // said as before: the directory, then what the file system said
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new BadInputException("cannot save the checkpoint in " + directory + ": " + cause.getMessage());
        } catch (RuntimeException e) {
            throw new BadInputException("cannot save the checkpoint in " + directory + ": " + e.getMessage());
        }
        Path file = store.pathOf(gate.gateId());
        out.println();
        HumanInputRequest asked = checkpoint.inputRequest();
        if (asked == null) {
            out.println("Paused for approval: " + gate.summary() + " (gate " + gate.gateId() + ").");
            out.println("Checkpoint saved: " + file);
            out.println("Continue it: terminus resume " + file + " --approve   (or --reject \"why\")");
            return file;
        }
        out.println("Paused for input: " + asked.message() + " (asked by " + asked.source() + " in a call to "
                + checkpoint.pendingCall().name() + ", gate " + gate.gateId() + ").");
        out.println("The answer is a JSON object of this schema: " + Wire.compact(asked.requestedSchema()));
        out.println("Checkpoint saved: " + file);
        out.println("Continue it: terminus resume " + file + " --answer '{...}'   (or --reject \"why\" to decline)");
        return file;
    }

    /**
     * Says how to continue a run that waits at a gate in its workflow: what it waits for (approval of a call, or the
     * input a tool asked for, with the question and the schema of the answer) and the command that answers it.
     *
     * @param paused the workflow and its gate
     * @param temporal where it runs
     * @param out where to say it
     */
    static void printWaiting(ScenarioRuns.Progress.Paused paused, TemporalOptions temporal, PrintStream out) {
        out.println();
        HumanInputRequest asked = paused.gate().input();
        if (asked == null) {
            out.println("Paused for approval: " + paused.gate().summary() + " (gate " + paused.gate().gateId() + ").");
        } else {
            out.println("Paused for input: " + asked.message() + " (asked by " + asked.source() + " in a call to "
                    + paused.gate().toolName() + ", gate " + paused.gate().gateId() + ").");
            out.println("The answer is a JSON object of this schema: " + Wire.compact(asked.requestedSchema()));
        }
        if (temporal.embedded()) {
            out.println("Its workflow " + paused.workflowId() + " ends with Temporal embedded, with this command; run"
                    + " the scenario with --temporal HOST:PORT to answer the gate later.");
            return;
        }
        String namespace = "default".equals(temporal.namespace) ? "" : " --namespace " + temporal.namespace;
        out.println("It waits in workflow " + paused.workflowId() + ".");
        String command = "terminus resume --temporal " + temporal.temporal + namespace + " " + paused.workflowId();
        out.println(asked == null ? "Continue it: " + command + " --approve   (or --reject \"why\")"
                : "Continue it: " + command + " --answer '{...}'   (or --reject \"why\" to decline)");
    }
}
