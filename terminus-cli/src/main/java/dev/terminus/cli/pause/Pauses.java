package dev.terminus.cli.pause;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs that paused at a human gate (an approval, or a tool's request for input), on the command line: the checkpoint is saved in a directory (atomically, by
 * {@link FileGateStore#checkpoints(Path)}) with the scenario and the script's position in its metadata, so
 * {@code terminus resume} can rebuild the same agent and continue, in this process or a later one.
 */
public final class Pauses {
    /** The default directory of pending checkpoints, relative to the working directory. */
    public static final String DEFAULT_DIRECTORY = ".terminus/checkpoints";
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
    public static Path saveIfPaused(RunResult result, ScenarioAgent agent, byte[] scenarioText, Path directory,
            PrintStream out) throws BadInputException {
        if (!(result.termination() instanceof Termination.HitlGatePending gate) || result.checkpoint().isEmpty()) {
            return null;
        }
        Checkpoint checkpoint = stamped(result.checkpoint().get(), agent, scenarioText);
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
     * A paused run's checkpoint with what rebuilds its agent in another process: the scenario's text and how far each
     * script (the scenario's, and each named agent's) has played.
     *
     * @param checkpoint the paused run's checkpoint
     * @param agent the agent that ran it
     * @param scenarioText the scenario file's bytes
     * @return the checkpoint with that metadata
     */
    public static Checkpoint stamped(Checkpoint checkpoint, ScenarioAgent agent, byte[] scenarioText) {
        Checkpoint stamped = checkpoint.withMetadata(SCENARIO, new String(scenarioText, StandardCharsets.UTF_8))
                .withMetadata(SCRIPT_STEP, Integer.toString(agent.scriptStepsTaken()));
        for (var named : agent.agents().scriptStepsTaken().entrySet()) {
            stamped = stamped.withMetadata(SCRIPT_STEP + "." + named.getKey(), named.getValue().toString());
        }
        return stamped;
    }

    /**
     * What a checkpoint saved by {@code terminus run} says about its scenario, to rebuild the agent that paused.
     *
     * @param scenario the scenario, read from the checkpoint's text of it
     * @param text the scenario file's text
     * @param scriptStep the step the scenario's script goes on from
     * @param agentSteps the step each named agent's script goes on from, by name
     */
    public record Saved(Scenario scenario, String text, int scriptStep, Map<String, Integer> agentSteps) {

        /**
         * @param checkpoint a checkpoint {@link #stamped} it
         * @param source how errors name the checkpoint
         * @return what it says
         * @throws BadInputException naming the checkpoint when its metadata is missing or broken
         */
        public static Saved of(Checkpoint checkpoint, String source) throws BadInputException {
            String scenarioText = checkpoint.metadata().get(SCENARIO);
            String step = checkpoint.metadata().get(SCRIPT_STEP);
            if (scenarioText == null || step == null) {
                throw new BadInputException(source + ": this checkpoint was not saved by `terminus run` (its metadata"
                        + " has no " + SCENARIO + " and " + SCRIPT_STEP + ")");
            }
            try {
                Map<String, Integer> agentSteps = new HashMap<>();
                for (var entry : checkpoint.metadata().entrySet()) {
                    if (entry.getKey().startsWith(SCRIPT_STEP + ".")) {
                        agentSteps.put(entry.getKey().substring(SCRIPT_STEP.length() + 1),
                                Integer.parseInt(entry.getValue()));
                    }
                }
                return new Saved(ScenarioReader.read(scenarioText.getBytes(StandardCharsets.UTF_8),
                        source + " (its scenario)"), scenarioText, Integer.parseInt(step), Map.copyOf(agentSteps));
            } catch (ScenarioException | NumberFormatException e) {
                throw new BadInputException(source + ": " + e.getMessage());
            }
        }

        /**
         * @param mcpTools the tools of the scenario's MCP servers, started again
         * @return the scenario's agent, each script going on where the run paused
         * @throws ScenarioException naming the field that cannot work
         */
        public ScenarioAgent agent(List<Tool> mcpTools) throws ScenarioException {
            return ScenarioAgent.of(scenario, scriptStep, agentSteps, List.of(), mcpTools);
        }
    }
}
