package dev.terminus.cli.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.Scenario.TokenBudgetDef;
import dev.terminus.cli.scenario.ScenarioAgents;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.PipelineContext;
import dev.terminus.pipeline.PipelineListener;
import dev.terminus.pipeline.Stage;
import dev.terminus.pipeline.StageResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A pipeline file, read and checked: the pipeline's name, task and budgets, its named agents, and its stages
 * ({@link StageEntry}). {@link #pipeline(Materials)} builds the {@link Pipeline} it describes, for one run.
 *
 * {@snippet :
 * // given: byte[] json
 * if (PipelineFile.describesPipeline(json)) {
 *     PipelineFile file = PipelineFile.read(json, "review.json");
 *     var result = file.pipeline(PipelineFile.Materials.scripted()).run(file.task());
 * }
 * }
 *
 * <p>The first stage takes the file's {@code task} as its input; every later stage the answer of the latest stage
 * before it that ran and answered ({@link #inputOf}): a skipped stage, or one that failed without an answer and
 * let the pipeline {@code continue}, passes on the answer before it.
 */
public final class PipelineFile {
    private static final ObjectMapper PEEK = new ObjectMapper();

    /** The built-in pipeline files of {@code terminus run --demo}, in the order they are shown. */
    public static final List<String> DEMO = List.of("pipeline-completed", "pipeline-stopped");

    private final String name;
    private final @Nullable String expect;
    private final String task;
    private final TokenBudget tokenBudget;
    private final Map<String, TokenBudget> phaseBudgets;
    private final @Nullable Map<String, Scenario> agents;
    private final List<StageEntry> stages;
    private final String source;

    private PipelineFile(String name, @Nullable String expect, String task, TokenBudget tokenBudget,
            Map<String, TokenBudget> phaseBudgets, @Nullable Map<String, Scenario> agents, List<StageEntry> stages,
            String source) {
        this.name = name;
        this.expect = expect;
        this.task = task;
        this.tokenBudget = tokenBudget;
        this.phaseBudgets = phaseBudgets;
        this.agents = agents;
        this.stages = stages;
        this.source = source;
    }

    /**
     * @param json a file's bytes
     * @return whether it is a JSON object with {@code "stages"} at its top: a pipeline file, not a scenario file
     */
    public static boolean describesPipeline(byte[] json) {
        try {
            JsonNode node = PEEK.readTree(json);
            return node != null && node.isObject() && node.has("stages");
        } catch (IOException e) {
            // not JSON: the scenario reader says what is wrong with it
            return false;
        }
    }

    /**
     * Reads a pipeline file strictly: unknown fields, a stage without a name or with another's, a bad
     * {@code onFailure}, an unknown kind in {@code treatAsSuccess}, a phase whose stages are apart, a named agent
     * that cannot work, each is one line naming the stage, the field and the value.
     *
     * @param json the file's bytes
     * @param source how errors name the file; its base name is the pipeline's name when the file gives none
     * @return the file
     * @throws ScenarioException naming the field and the bad value
     */
    public static PipelineFile read(byte[] json, String source) throws ScenarioException {
        PipelineDocument document = ScenarioReader.read(json, source, PipelineDocument.class,
                "a pipeline object with a task and stages");
        if (document.task() == null) {
            throw new ScenarioException(source + ": \"task\" is required (the first stage's input)");
        }
        if (document.stages().isEmpty()) {
            throw new ScenarioException(source + ": stages: needs at least one stage, was []");
        }
        List<StageEntry> stages = new ArrayList<>();
        Map<String, Integer> indexes = new HashMap<>();
        for (int i = 0; i < document.stages().size(); i++) {
            StageEntry stage = StageEntry.read(document.stages().get(i), i, source);
            Integer before = indexes.putIfAbsent(stage.name(), i);
            if (before != null) {
                throw new ScenarioException(source + ": " + stage.label() + ".name: \"" + stage.name()
                        + "\" is used twice (also stages[" + before + "]); a stage's name is unique in its file");
            }
            stages.add(stage);
        }
        Map<String, TokenBudget> phaseBudgets = phases(document, stages, source);
        if (document.name() != null && document.name().isBlank()) {
            throw new ScenarioException(source + ": name: must not be blank, was \"" + document.name() + "\"");
        }
        if (document.expect() != null && !StageEntry.KINDS.contains(document.expect())) {
            throw new ScenarioException(source + ": expect: \"" + document.expect() + "\" is not a termination kind");
        }
        TokenBudget budget = budget(document.limits() == null ? null : document.limits().tokenBudget(),
                source + ": limits.tokenBudget");
        if (document.agents() != null) {
            try {
                ScenarioAgents.check(Scenario.ofScript(null).forStage("", document.agents(), null));
            } catch (ScenarioException e) {
                throw new ScenarioException(source + ": " + e.getMessage());
            }
        }
        String name = document.name() != null ? document.name() : baseName(source);
        return new PipelineFile(name, document.expect(), document.task(), budget, phaseBudgets, document.agents(),
                List.copyOf(stages), source);
    }

    /**
     * @param name a demo pipeline's name, one of {@link #DEMO}
     * @return the pipeline file
     * @throws IllegalStateException when the built-in resource is missing or broken (a defect of the build)
     */
    public static PipelineFile demo(String name) {
        String resource = "/dev/terminus/cli/demo/" + name + ".json";
        try {
            return read(demoText(name).getBytes(StandardCharsets.UTF_8), resource);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the demo pipeline " + resource + " is broken: " + e.getMessage(), e);
        }
    }

    /**
     * @param name a demo pipeline's name, one of {@link #DEMO}
     * @return the pipeline file's text, as a workflow that resolves it reads it
     * @throws IllegalStateException when the built-in resource is missing (a defect of the build)
     */
    public static String demoText(String name) {
        String resource = "/dev/terminus/cli/demo/" + name + ".json";
        try (InputStream in = PipelineFile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the demo pipeline " + resource + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the demo pipeline " + resource + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The input of a stage, the rule every stage of a file follows: the answer of the latest stage before it that
     * ran and answered, or the pipeline's input (the file's task) when none did.
     *
     * @param context what the stage sees of its pipeline
     * @return its input
     */
    public static String inputOf(PipelineContext context) {
        List<StageResult> results = context.results();
        for (int i = results.size() - 1; i >= 0; i--) {
            StageResult result = results.get(i);
            if (result.termination() instanceof Termination.Skipped) {
                continue;
            }
            Optional<String> answer = result.lastRun().flatMap(RunResult::finalAnswer);
            if (answer.isPresent()) {
                return answer.get();
            }
        }
        return context.input();
    }

    /**
     * @param stage a stage of this file
     * @param context what the stage sees of its pipeline when reached
     * @return why it is skipped ({@code skipWhen}), or empty to run it
     */
    public static Optional<String> skipReason(StageEntry stage, PipelineContext context) {
        String text = stage.skipWhenAnswerContains();
        return text != null && inputOf(context).contains(text)
                ? Optional.of("the previous answer contains \"" + text + "\"") : Optional.empty();
    }

    /**
     * The scenario a stage's attempt runs: the stage's agent with its task, the file's named agents and the token
     * budget the attempt may use.
     *
     * @param stage a stage of this file
     * @param input the attempt's task
     * @param budget the tokens the attempt may use
     * @return the scenario
     */
    public Scenario scenarioOf(StageEntry stage, String input, TokenBudget budget) {
        TokenBudgetDef caps = budget.isLimited() ? new TokenBudgetDef(budget.total(), budget.input(), budget.output())
                : null;
        return stage.agent().forStage(input, agents, caps);
    }

    /**
     * Builds the pipeline the file describes, for one run: each stage's agent is built for each attempt with the
     * tokens it may use, its scripted model going on from where the attempt before it stopped.
     *
     * @param materials the model (a real one, or each stage's script), listeners and MCP tools
     * @return the pipeline
     * @throws ScenarioException naming the stage and the field that cannot work
     */
    public Pipeline pipeline(Materials materials) throws ScenarioException {
        return pipeline(materials, ScriptPositions.fromStart());
    }

    /**
     * Builds the pipeline the file describes, for one run or one resume, its stages' scripts starting where the
     * positions say and reporting there where they stand.
     *
     * @param materials the model (a real one, or each stage's script), listeners and MCP tools
     * @param positions where each stage's scripts start; the pipeline reports where they stand as it runs
     * @return the pipeline
     * @throws ScenarioException naming the stage and the field that cannot work
     */
    public Pipeline pipeline(Materials materials, ScriptPositions positions) throws ScenarioException {
        return PipelineStages.build(this, materials, positions);
    }

    /** Makes the library's stage of one of the file's stages, before the stage's policies are applied. */
    @FunctionalInterface
    public interface StageMaker {
        /**
         * @param entry the file's stage
         * @return the library's stage that runs it
         * @throws ScenarioException naming the stage and the field that cannot work
         */
        Stage make(StageEntry entry) throws ScenarioException;
    }

    /**
     * The file's stages on a pipeline builder, wherever their agents run: each made by {@code maker}, with the
     * entry's policies (retries, failure disposition, token budget, skip, treat-as-success), consecutive stages of one
     * phase as the library's phase, under the file's token budget.
     *
     * @param builder the builder, named and with its listeners
     * @param maker makes each stage
     * @return the pipeline
     * @throws ScenarioException naming the stage and the field that cannot work
     */
    public Pipeline build(Pipeline.Builder builder, StageMaker maker) throws ScenarioException {
        builder.tokenBudget(tokenBudget);
        List<Stage> phase = new ArrayList<>();
        @Nullable String phaseName = null;
        for (StageEntry entry : stages) {
            Stage stage = withPolicies(entry, maker.make(entry));
            if (phaseName != null && !phaseName.equals(entry.phase())) {
                builder.phase(phaseName, phaseBudget(phaseName), phase.toArray(Stage[]::new));
                phase.clear();
            }
            phaseName = entry.phase();
            if (phaseName == null) {
                builder.stage(stage);
            } else {
                phase.add(stage);
            }
        }
        if (phaseName != null) {
            builder.phase(phaseName, phaseBudget(phaseName), phase.toArray(Stage[]::new));
        }
        return builder.build();
    }

    private static Stage withPolicies(StageEntry entry, Stage made) {
        Stage stage = made.retryPolicy(entry.retries()).onFailure(entry.onFailure()).tokenBudget(entry.tokenBudget());
        if (entry.skipWhenAnswerContains() != null) {
            stage = stage.skipWhen(context -> skipReason(entry, context));
        }
        if (!entry.treatAsSuccess().isEmpty()) {
            stage = stage.treatAsSuccess(entry::treatsAsSuccess);
        }
        return stage;
    }

    /** @return the pipeline's name: the file's {@code name}, or its base name */
    public String name() {
        return name;
    }

    /** @return the termination kind the file expects the pipeline to end with, or null */
    public @Nullable String expect() {
        return expect;
    }

    /** @return the first stage's input */
    public String task() {
        return task;
    }

    /** @return the token budget all stages draw from ({@link TokenBudget#UNLIMITED} for none) */
    public TokenBudget tokenBudget() {
        return tokenBudget;
    }

    /**
     * @param phase a phase's name
     * @return the token budget its stages share ({@link TokenBudget#UNLIMITED} for none)
     */
    public TokenBudget phaseBudget(String phase) {
        return phaseBudgets.getOrDefault(phase, TokenBudget.UNLIMITED);
    }

    /** @return the stages, in order */
    public List<StageEntry> stages() {
        return stages;
    }

    /** @return the named agents the stages' tools call, by name; empty when the file names none */
    public Map<String, Scenario> agents() {
        return agents == null ? Map.of() : agents;
    }

    /** @return how errors name the file */
    public String source() {
        return source;
    }

    /**
     * What a file's pipeline is built with.
     *
     * @param model the model every stage's agent calls, or null for each stage's script
     * @param agentListeners listeners of the stages' agent runs (telemetry)
     * @param listeners listeners of the pipeline's runs (telemetry)
     * @param mcpTools the tools of each stage's MCP servers, by stage name, started by the caller
     */
    public record Materials(@Nullable Model model, List<AgentListener> agentListeners,
            List<PipelineListener> listeners, Map<String, List<Tool>> mcpTools) {

        /** Copies the lists and the map. */
        public Materials {
            agentListeners = List.copyOf(agentListeners);
            listeners = List.copyOf(listeners);
            mcpTools = Map.copyOf(mcpTools);
        }

        /** @return each stage's script, no listener, no MCP server */
        public static Materials scripted() {
            return new Materials(null, List.of(), List.of(), Map.of());
        }
    }

    /** The phases' budgets, after checking that each phase's stages are consecutive and each budget's phase exists. */
    private static Map<String, TokenBudget> phases(PipelineDocument document, List<StageEntry> stages, String source)
            throws ScenarioException {
        Map<String, Integer> lastOf = new LinkedHashMap<>();
        for (StageEntry stage : stages) {
            if (stage.phase() == null) {
                continue;
            }
            Integer last = lastOf.get(stage.phase());
            if (last != null && last != stage.index() - 1) {
                throw new ScenarioException(source + ": " + stage.label() + ".phase: \"" + stage.phase() + "\" is"
                        + " apart from the phase's other stages (last stages[" + last + "]); a phase's stages are"
                        + " consecutive");
            }
            lastOf.put(stage.phase(), stage.index());
        }
        Map<String, TokenBudget> budgets = new HashMap<>();
        Map<String, PipelineDocument.Phase> phases = document.phases() == null ? Map.of() : document.phases();
        for (Map.Entry<String, PipelineDocument.Phase> phase : phases.entrySet()) {
            if (!lastOf.containsKey(phase.getKey())) {
                throw new ScenarioException(source + ": phases." + phase.getKey() + ": no stage is in this phase"
                        + " (phases of the stages: " + (lastOf.isEmpty() ? "none" : String.join(", ", lastOf.keySet()))
                        + ")");
            }
            TokenBudgetDef budget = phase.getValue() == null ? null : phase.getValue().tokenBudget();
            budgets.put(phase.getKey(), budget(budget, source + ": phases." + phase.getKey() + ".tokenBudget"));
        }
        return Map.copyOf(budgets);
    }

    /** A file's token caps as a budget; a bad cap is an error naming the field and the value. */
    static TokenBudget budget(@Nullable TokenBudgetDef caps, String at) throws ScenarioException {
        if (caps == null) {
            return TokenBudget.UNLIMITED;
        }
        try {
            return new TokenBudget(caps.total(), caps.input(), caps.output());
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(at + ": " + e.getMessage());
        }
    }

    /** Token caps as the file writes them. */
    static String describe(TokenBudgetDef caps) {
        List<String> fields = new ArrayList<>();
        if (caps.total() != null) fields.add("\"total\": " + caps.total());
        if (caps.input() != null) fields.add("\"input\": " + caps.input());
        if (caps.output() != null) fields.add("\"output\": " + caps.output());
        return "{" + String.join(", ", fields) + "}";
    }

    private static String baseName(String source) {
        String base = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        base = base.endsWith(".json") ? base.substring(0, base.length() - ".json".length()) : base;
        return base.isBlank() || base.equals("standard input") ? "pipeline" : base;
    }
}
