package dev.terminus.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.JsonTrees;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.pause.Pauses;
import dev.terminus.cli.pause.UsedCheckpoints;
import dev.terminus.cli.pause.PipelinePauses;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.temporal.TemporalOptions;
import dev.terminus.cli.temporal.WorkflowResume;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus resume CHECKPOINT --approve | --reject REASON | --answer JSON}: continues a run that
 * {@code terminus run} paused at a human gate, with a person's decision, and shows how it ended. A gate that waits for
 * approval of a call takes {@code --approve} or {@code --reject}; a gate where a tool asked for input (an MCP server's
 * elicitation) takes {@code --answer} (a JSON object, checked against the schema the tool asked for before anything
 * runs) or {@code --reject} (declined). The scenario's MCP servers are started again for the resumed run. A run that pauses again saves its new checkpoint
 * (beside the used one, or in {@code --checkpoints DIR}) first; only then is the used checkpoint removed, so a failed
 * save never loses the paused run. When the new checkpoint is the used file itself (the same gate id in the same
 * directory), it is kept. With {@code --temporal HOST:PORT WORKFLOW_ID}, answers the gate a run waits at in its
 * workflow, through the workflow's update, with the same decisions (see {@link WorkflowResume}). A pipeline's
 * checkpoint ({@code *.pipeline-checkpoint.json}) continues the paused stage and then the stages after it (see
 * {@link PipelineRuns#resume}).
 */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Continues a run paused at a human gate (HitlGatePending) with a decision on the pending "
                + "tool call, or the input a tool asked for, and shows how it ended; a pipeline's checkpoint"
                + " (*.pipeline-checkpoint.json) continues the pipeline through its remaining stages.", "The checkpoint file is the one `terminus run` saved; it is "
                + "removed once the run went on and, if the run paused again, its new checkpoint is saved."})
final class ResumeCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Parameters(index = "0", paramLabel = "CHECKPOINT", description = "the checkpoint file (*.checkpoint.json), or"
            + " with --temporal the id of the workflow that waits at the gate")
    private @Nullable String file;

    @Mixin
    private TemporalOptions temporal = new TemporalOptions();

    @ArgGroup(exclusive = true, multiplicity = "1")
    private @Nullable Decision decision;

    /** Exactly one decision. */
    static final class Decision {
        @Option(names = "--approve", required = true, description = "run the pending call as proposed")
        boolean approve;

        @Option(names = "--reject", required = true, paramLabel = "REASON",
                description = "do not run it; the model is told the reason (at an input gate: decline to answer)")
        @Nullable String reject;

        @Option(names = "--answer", required = true, paramLabel = "JSON",
                description = "the input a tool asked for, as a JSON object matching the schema it asked for")
        @Nullable String answer;
    }

    @Option(names = "--json", description = "print the result as JSON (the termination in the wire format)")
    private boolean json;

    @Option(names = "--checkpoints", paramLabel = "DIR",
            description = "where a run that pauses again saves its new checkpoint (default: beside CHECKPOINT)")
    private @Nullable Path checkpoints;

    @Override
    public Integer call() {
        return TerminusCommand.run(parent, this::resume);
    }

    private int resume(TerminusCommand terminus) throws BadInputException {
        temporal.check();
        if (temporal.chosen()) {
            if (checkpoints != null) {
                throw new BadInputException("--checkpoints: a workflow keeps its paused run itself; leave it out with"
                        + " --temporal");
            }
            return WorkflowResume.resume(terminus.out, terminus.err, terminus.env, temporal,
                    java.util.Objects.requireNonNull(file), answer(java.util.Objects.requireNonNull(decision)), json);
        }
        Path path = Path.of(java.util.Objects.requireNonNull(file));
        if (PipelinePauses.isPipelineCheckpoint(path)) {
            Decision chosen = java.util.Objects.requireNonNull(decision);
            Map<String, @Nullable Object> input = chosen.answer != null ? answer(chosen.answer) : null;
            return PipelineRuns.resume(terminus, path, gateId -> chosen.reject != null
                    ? GateDecision.reject(gateId, chosen.reject)
                    : input != null ? GateDecision.answer(gateId, input) : GateDecision.approve(gateId), json,
                    checkpoints);
        }
        Checkpoint checkpoint = read(path);
        Pauses.Saved saved = Pauses.Saved.of(checkpoint, path.toString());
        Decision chosen = java.util.Objects.requireNonNull(decision);
        GateDecision resume = chosen.reject != null ? GateDecision.reject(checkpoint.gateId(), chosen.reject)
                : chosen.answer != null ? GateDecision.answer(checkpoint.gateId(), answer(chosen.answer))
                : GateDecision.approve(checkpoint.gateId());
        try (ScenarioServers servers = ScenarioFiles.servers(saved.scenario(), path + " (its scenario)")) {
            return resume(terminus, path, checkpoint, saved, resume, servers);
        }
    }

    private int resume(TerminusCommand terminus, Path path, Checkpoint checkpoint, Pauses.Saved saved,
            GateDecision resume, ScenarioServers servers) throws BadInputException {
        ScenarioAgent agent;
        try {
            agent = saved.agent(servers.tools());
        } catch (ScenarioException e) {
            throw new BadInputException(path + ": " + e.getMessage());
        }
        RunResult result;
        try {
            result = agent.resume(checkpoint, resume);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(path + ": " + e.getMessage());
        }
        if (json) {
            terminus.out.print(Wire.pretty(RunReport.json(agent.name(), result)));
        } else {
            RunReport.text(agent.name(), result).forEach(terminus.out::println);
        }
        terminus.out.flush();
        Path directory = checkpoints != null ? checkpoints : path.toAbsolutePath().getParent();
        RunResult ended = result;
        UsedCheckpoints.replace(path, () -> Pauses.saveIfPaused(ended, agent,
                saved.text().getBytes(StandardCharsets.UTF_8), directory, json ? terminus.err : terminus.out),
                terminus.err);
        terminus.out.flush();
        return 0;
    }

    /** The person's input: a JSON object. */
    private static Map<String, @Nullable Object> answer(String json) throws BadInputException {
        JsonNode tree;
        try {
            tree = Wire.MAPPER.readerFor(JsonNode.class)
                    .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(json);
        } catch (JsonProcessingException e) {
            throw new BadInputException("--answer: not JSON: " + Wire.describe(e));
        }
        if (tree == null || !tree.isObject()) {
            throw new BadInputException("--answer: expected a JSON object, got " + (tree == null ? "nothing"
                    : tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + " " + Wire.compact(tree)));
        }
        try {
            return JsonTrees.copyObject(Wire.MAPPER.convertValue(tree, Map.class), "--answer");
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The decision as the answer a workflow's update takes; its gate id is filled in by {@link WorkflowResume}. */
    private static WorkflowResume.Answer answer(Decision decision) throws BadInputException {
        return decision.reject != null ? new WorkflowResume.Answer.Reject(decision.reject)
                : decision.answer != null ? new WorkflowResume.Answer.Provide(answer(decision.answer))
                : new WorkflowResume.Answer.Approve();
    }

    private static Checkpoint read(Path path) throws BadInputException {
        try {
            return CheckpointJson.ofDefaults().read(Files.readAllBytes(path));
        } catch (CheckpointFormatException e) {
            throw new BadInputException(path + ": not a valid checkpoint: " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(path + ": cannot read it: " + e.getMessage());
        }
    }
}
