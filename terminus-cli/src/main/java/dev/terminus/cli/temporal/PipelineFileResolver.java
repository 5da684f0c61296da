package dev.terminus.cli.temporal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.agent.TokenBudget;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.pipeline.StageEntry;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.spi.AgentStageCall;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.AgentRunOutput;
import dev.terminus.temporal.PipelineMaterials;
import dev.terminus.temporal.PipelineRecipe;
import dev.terminus.temporal.PipelineResolver;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds the pipeline of a pipeline file a client sent in a {@code PipelineWorkflow}'s input, with the policies
 * {@code terminus run} gives it in one process (the stages' order, phases, budgets, skips, retries, success kinds and
 * failure dispositions; each stage's input the answer before it, {@link PipelineFile#inputOf}). Each attempt of a
 * stage is a child agent workflow whose input carries the stage's agent as a scenario document: the stage's fields,
 * the attempt's task, the file's named agents and the tokens the attempt may use, exactly the scenario the attempt
 * runs in one process, which the worker's {@link ScenarioResolver} builds. A retry numbers its model's calls on from
 * where the attempt before it stopped, so its script plays on as it does in one process.
 */
public final class PipelineFileResolver implements PipelineResolver {
    /** Writes a stage's scenario as a document the scenario reader reads back: its fields that are set. */
    private static final ObjectMapper SCENARIOS = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_NULL).build();

    @Override
    public PipelineRecipe resolve(String name, String definition) {
        PipelineFile file;
        try {
            file = PipelineFile.read(definition.getBytes(StandardCharsets.UTF_8), "the pipeline " + name);
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return materials -> pipeline(file, materials);
    }

    /** The file's pipeline on the materials, its stages child workflows. */
    private static Pipeline pipeline(PipelineFile file, PipelineMaterials materials) {
        try {
            return file.build(materials.builder(file.name()), entry -> materials.agent(entry.name(),
                    PipelineFile::inputOf, (call, previous) -> attempt(file, entry, call, previous)));
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The agent run of one attempt: the stage's scenario for its task and tokens, its script going on. */
    private static AgentRunInput attempt(PipelineFile file, StageEntry entry, AgentStageCall call,
            @Nullable AgentRunOutput previous) {
        return new AgentRunInput(entry.name(), call.task(), null, document(file, entry, call.task(), call.allowance()),
                previous == null ? 0 : previous.modelCalls(), Map.of());
    }

    /**
     * @return the scenario document an attempt of the stage runs: the scenario it runs in one process
     *     ({@link PipelineFile#scenarioOf}), written back as JSON
     */
    static String document(PipelineFile file, StageEntry entry, String task, TokenBudget allowance) {
        try {
            return SCENARIOS.writeValueAsString(file.scenarioOf(entry, task, allowance));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(file.source() + ": " + entry.label() + ": its scenario cannot be written"
                    + " as JSON: " + e.getMessage(), e);
        }
    }
}
