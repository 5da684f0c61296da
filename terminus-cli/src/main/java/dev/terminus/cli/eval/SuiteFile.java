package dev.terminus.cli.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * A suite file as read: the {@link Suite}, and when its {@code agent} is a pipeline (it has {@code "stages"}), that
 * pipeline, read as a pipeline file is but without a {@code task} (each task's {@code input} is the pipeline's).
 *
 * @param suite the suite; its {@code agent} is null when the agent is a pipeline
 * @param pipeline the pipeline every task runs, or null when the agent is a scenario's
 * @param pipelineDocument the pipeline as the pipeline file it was read from (what a worker's pipeline resolver reads
 *     back), or null when the agent is a scenario's
 */
public record SuiteFile(Suite suite, @Nullable PipelineFile pipeline, @Nullable String pipelineDocument) {
    private static final ObjectMapper PEEK = new ObjectMapper();

    /**
     * A suite without its document's pipeline.
     *
     * @param suite the suite
     * @param pipeline the pipeline every task runs, or null when the agent is a scenario's
     */
    public SuiteFile(Suite suite, @Nullable PipelineFile pipeline) {
        this(suite, pipeline, null);
    }

    /**
     * @param json the file's bytes
     * @param source how errors name the file
     * @return the suite and its pipeline, if its agent is one
     * @throws ScenarioException naming the field and the bad value
     */
    public static SuiteFile read(byte[] json, String source) throws ScenarioException {
        String expected = "a suite object with tasks and an evaluator";
        ObjectNode agent = pipelineAgent(json);
        if (agent == null) {
            return new SuiteFile(ScenarioReader.read(json, source, Suite.class, expected), null);
        }
        ObjectNode rest;
        try {
            rest = (ObjectNode) PEEK.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException("the suite was read as JSON a moment ago: " + e.getMessage(), e);
        }
        rest.remove("agent");
        Suite suite = ScenarioReader.read(rest, source, Suite.class);
        if (agent.has("task")) {
            throw new ScenarioException(source + ": agent.task: each task's \"input\" is the pipeline's input, was "
                    + agent.get("task"));
        }
        for (int i = 0; i < suite.tasks().size(); i++) {
            if (suite.tasks().get(i).script() != null) {
                throw new ScenarioException(source + ": tasks[" + i + "].script: the agent is a pipeline, whose stages"
                        + " have their own scripts; a task gives its input only");
            }
        }
        ObjectNode document = agent.deepCopy();
        document.put("task", "");
        if (!document.has("name")) {
            document.put("name", suite.name() != null ? suite.name() : "pipeline");
        }
        byte[] written;
        try {
            written = PEEK.writeValueAsBytes(document);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree cannot be written: " + e.getMessage(), e);
        }
        PipelineFile pipeline = PipelineFile.read(written, source + ": agent");
        return new SuiteFile(suite, pipeline, new String(written, StandardCharsets.UTF_8));
    }

    /** The suite's {@code agent} when it is an object with {@code "stages"}; null otherwise (or not JSON). */
    private static @Nullable ObjectNode pipelineAgent(byte[] json) {
        if (new String(json, StandardCharsets.UTF_8).isBlank()) {
            return null;
        }
        try {
            JsonNode node = PEEK.readTree(json);
            JsonNode agent = node == null ? null : node.get("agent");
            return agent instanceof ObjectNode object && object.has("stages") ? object : null;
        } catch (IOException e) {
            // not JSON: the suite reader says what is wrong with it
            return null;
        }
    }
}
