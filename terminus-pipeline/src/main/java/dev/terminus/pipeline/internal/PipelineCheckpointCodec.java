package dev.terminus.pipeline.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.pipeline.PipelineCheckpoint;
import dev.terminus.pipeline.StageResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The JSON layout of a {@link PipelineCheckpoint}, written and read strictly (see {@code PipelineCheckpointJson}). */
public final class PipelineCheckpointCodec {
    /** The version of the layout this class writes and reads. */
    public static final int FORMAT_VERSION = 1;

    private static final String ROOT = "PipelineCheckpoint";
    private static final Set<String> FIELDS = fields("formatVersion", "pipelineName", "input", "elapsed", "ended",
            "paused", "checkpoint");
    private static final Set<String> STAGE = fields("name", "phase", "termination", "outcome", "attempts", "usage",
            "costUsd", "duration", "lastRun");
    private static final Set<String> RUN = fields("termination", "outcome", "usage", "costUsd", "toolCalls",
            "duration", "finalAnswer", "agentName");
    private static final Set<String> USAGE = fields("inputTokens", "outputTokens", "cachedInputTokens",
            "reasoningTokens");

    private final ObjectMapper mapper;
    private final ObjectWriter writer;
    private final CheckpointJson agentRuns = CheckpointJson.ofDefaults();

    /** Builds the mapper: the wire format (strict), exact decimals, duplicate and trailing content refused. */
    public PipelineCheckpointCodec() {
        this.mapper = JsonMapper.builder()
                .addModule(new TerminusModule())
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        this.writer = mapper.writer(new DefaultPrettyPrinter(separators).withObjectIndenter(indenter)
                .withArrayIndenter(indenter));
    }

    /**
     * @param checkpoint the checkpoint
     * @return its JSON text
     * @throws IllegalArgumentException naming the value when one cannot be written (a termination the wire format
     *     cannot write: an unregistered extension)
     */
    public String write(PipelineCheckpoint checkpoint) {
        try {
            ObjectNode root = mapper.createObjectNode();
            root.put("formatVersion", FORMAT_VERSION);
            root.put("pipelineName", checkpoint.pipelineName());
            root.put("input", checkpoint.input());
            root.put("elapsed", checkpoint.elapsed().toString());
            ArrayNode ended = root.putArray("ended");
            for (StageResult stage : checkpoint.ended()) {
                ended.add(stage(stage));
            }
            root.set("paused", stage(checkpoint.paused()));
            root.set("checkpoint", mapper.readTree(agentRuns.write(checkpoint.checkpoint())));
            return writer.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Cannot write the pipeline checkpoint of gate \""
                    + checkpoint.gateId() + "\": " + e.getOriginalMessage(), e);
        }
    }

    private ObjectNode stage(StageResult stage) {
        ObjectNode node = mapper.createObjectNode();
        node.put("name", stage.name());
        node.put("phase", stage.phase().orElse(null));
        node.set("termination", mapper.valueToTree(stage.termination()));
        node.put("outcome", stage.outcome().name());
        node.put("attempts", stage.attempts());
        node.set("usage", usage(stage.usage()));
        node.set("costUsd", DecimalNode.valueOf(stage.costUsd()));
        node.put("duration", stage.duration().toString());
        node.set("lastRun", stage.lastRun().<JsonNode>map(this::run).orElse(mapper.nullNode()));
        return node;
    }

    private ObjectNode run(RunResult run) {
        ObjectNode node = mapper.createObjectNode();
        node.set("termination", mapper.valueToTree(run.termination()));
        node.put("outcome", run.outcome().name());
        node.set("usage", usage(run.usage()));
        node.set("costUsd", DecimalNode.valueOf(run.costUsd()));
        node.put("toolCalls", run.toolCalls());
        node.put("duration", run.duration().toString());
        node.put("finalAnswer", run.finalAnswer().orElse(null));
        node.put("agentName", run.agentName().orElse(null));
        return node;
    }

    private ObjectNode usage(Usage usage) {
        ObjectNode node = mapper.createObjectNode();
        node.put("inputTokens", usage.inputTokens());
        node.put("outputTokens", usage.outputTokens());
        node.put("cachedInputTokens", usage.cachedInputTokens());
        node.put("reasoningTokens", usage.reasoningTokens());
        return node;
    }

    /**
     * @param json the JSON text of one pipeline checkpoint
     * @return the checkpoint
     * @throws CheckpointFormatException when it is not JSON, of another format version, or not a valid pipeline
     *     checkpoint; the message names the field and the bad value
     */
    public PipelineCheckpoint read(String json) throws CheckpointFormatException {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null || at.getLineNr() < 1 ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
            throw new CheckpointFormatException("pipeline checkpoint is not valid JSON: " + e.getOriginalMessage()
                    + where, e);
        }
        if (root == null || !root.isObject()) {
            throw JsonFields.wrong(ROOT, "an object", root == null ? mapper.missingNode() : root);
        }
        JsonNode version = root.get("formatVersion");
        if (version == null) {
            throw new CheckpointFormatException(ROOT + ".formatVersion is missing");
        }
        if (!version.isInt() || version.intValue() != FORMAT_VERSION) {
            throw new CheckpointFormatException(ROOT + ".formatVersion " + version + " is not supported: this"
                    + " version of Terminus reads " + FORMAT_VERSION);
        }
        JsonFields fields = JsonFields.of(root, ROOT, FIELDS);
        List<StageResult> ended = new ArrayList<>();
        List<JsonNode> stages = fields.array("ended");
        for (int i = 0; i < stages.size(); i++) {
            ended.add(stage(stages.get(i), fields.path("ended") + "[" + i + "]"));
        }
        StageResult paused = stage(fields.node("paused"), fields.path("paused"));
        Checkpoint checkpoint = agentRun(fields.node("checkpoint"));
        try {
            return new PipelineCheckpoint(fields.text("pipelineName"), fields.text("input"), ended, paused,
                    fields.duration("elapsed"), checkpoint);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException(e.getMessage(), e);
        }
    }

    private Checkpoint agentRun(JsonNode node) throws CheckpointFormatException {
        if (!node.isObject()) {
            throw JsonFields.wrong(ROOT + ".checkpoint", "an object", node);
        }
        try {
            return agentRuns.read(mapper.writeValueAsString(node));
        } catch (CheckpointFormatException e) {
            throw new CheckpointFormatException(ROOT + ".checkpoint: " + e.getMessage(), e);
        } catch (JsonProcessingException e) {
            throw new CheckpointFormatException(ROOT + ".checkpoint: " + e.getOriginalMessage(), e);
        }
    }

    private StageResult stage(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, STAGE);
        JsonNode lastRun = fields.node("lastRun");
        try {
            return StageResult.builder().name(fields.text("name")).phase(fields.textOrNull("phase"))
                    .termination(termination(fields)).outcome(fields.constant("outcome", Outcome.class))
                    .attempts(fields.smallCount("attempts")).usage(usage(fields.node("usage"), fields.path("usage")))
                    .costUsd(fields.decimal("costUsd")).duration(fields.duration("duration"))
                    .lastRun(lastRun.isNull() ? null : run(lastRun, fields.path("lastRun"))).build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private RunResult run(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, RUN);
        try {
            return RunResult.builder().termination(termination(fields))
                    .outcome(fields.constant("outcome", Outcome.class))
                    .usage(usage(fields.node("usage"), fields.path("usage"))).costUsd(fields.decimal("costUsd"))
                    .toolCalls(fields.smallCount("toolCalls")).duration(fields.duration("duration"))
                    .finalAnswer(fields.textOrNull("finalAnswer")).agentName(fields.textOrNull("agentName")).build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private Termination termination(JsonFields fields) throws CheckpointFormatException {
        JsonNode node = fields.node("termination");
        if (!node.isObject()) {
            throw JsonFields.wrong(fields.path("termination"), "a termination in the wire format (an object)", node);
        }
        try {
            return mapper.treeToValue(node, Termination.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new CheckpointFormatException(fields.path("termination") + ": " + message, e);
        }
    }

    private static Usage usage(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, USAGE);
        try {
            return new Usage(fields.count("inputTokens"), fields.count("outputTokens"),
                    fields.count("cachedInputTokens"), fields.count("reasoningTokens"));
        } catch (IllegalArgumentException e) {
            throw new CheckpointFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private static Set<String> fields(String... names) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(names)));
    }
}
