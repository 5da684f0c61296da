package dev.terminus.cli.pipeline;

import dev.terminus.agent.Agent;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.Stage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds the {@link Pipeline} a {@link PipelineFile} describes: a stage per entry, its agent made for each attempt
 * with the tokens the attempt may use, consecutive stages of one phase as the library's phase.
 */
final class PipelineStages {
    private PipelineStages() {}

    static Pipeline build(PipelineFile file, PipelineFile.Materials materials, ScriptPositions positions)
            throws ScenarioException {
        Pipeline.Builder builder = Pipeline.builder().name(file.name());
        materials.listeners().forEach(builder::listener);
        return file.build(builder, entry -> stage(file, entry, materials, positions));
    }

    private static Stage stage(PipelineFile file, StageEntry entry, PipelineFile.Materials materials,
            ScriptPositions positions) throws ScenarioException {
        Attempts attempts = new Attempts(file, entry, materials, positions.start(entry.name()));
        // built once before the run, so that a field that cannot work is refused before anything runs
        attempts.agent(file.task(), entry.tokenBudget());
        positions.track(entry.name(), attempts::position);
        return Stage.budgetedAgent(entry.name(), attempts::next, PipelineFile::inputOf);
    }

    /**
     * The agents of one stage's attempts, run one after another: each attempt's agent is made for its tokens, its
     * scripted models (its own and its named agents') going on from where the attempt before it stopped, so that a
     * retry meets the script's next answer.
     */
    private static final class Attempts {
        private final PipelineFile file;
        private final StageEntry entry;
        private final PipelineFile.Materials materials;
        private int scriptStep;
        private final Map<String, Integer> agentSteps = new HashMap<>();
        private @Nullable ScenarioAgent last;

        Attempts(PipelineFile file, StageEntry entry, PipelineFile.Materials materials,
                ScriptPositions.Position start) {
            this.file = file;
            this.entry = entry;
            this.materials = materials;
            this.scriptStep = start.step();
            this.agentSteps.putAll(start.agentSteps());
        }

        /** The next attempt's agent, for the tokens it may use. */
        synchronized Agent next(TokenBudget budget) {
            advance();
            last = null;
            try {
                last = agent(file.task(), budget);
            } catch (ScenarioException e) {
                // refused before the run by the same build (PipelineStages#stage): only a budget differs here
                throw new IllegalStateException(entry.label() + ": " + e.getMessage(), e);
            }
            return last.agent();
        }

        /** Where the scripts stand: after the last attempt's agent, or where the stage starts. */
        synchronized ScriptPositions.Position position() {
            advance();
            return new ScriptPositions.Position(scriptStep, agentSteps);
        }

        private void advance() {
            if (last != null) {
                scriptStep = last.scriptStepsTaken();
                agentSteps.putAll(last.agents().scriptStepsTaken());
            }
        }

        ScenarioAgent agent(String task, TokenBudget budget) throws ScenarioException {
            Scenario scenario = file.scenarioOf(entry, task, budget);
            List<Tool> mcpTools = materials.mcpTools().getOrDefault(entry.name(), List.of());
            try {
                return materials.model() == null
                        ? ScenarioAgent.of(scenario, scriptStep, agentSteps, materials.agentListeners(), mcpTools)
                        : ScenarioAgent.withModel(scenario, materials.model(), materials.agentListeners(), mcpTools);
            } catch (ScenarioException e) {
                throw new ScenarioException(file.source() + ": " + entry.label() + ": " + e.getMessage());
            }
        }
    }
}
