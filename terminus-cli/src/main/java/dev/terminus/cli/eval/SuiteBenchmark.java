package dev.terminus.cli.eval;

import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.report.Reports;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.CapacityPolicy;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.Evaluator;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link Suite} into a real {@link Benchmark}: every task gets the suite's agent (a scenario) with its own
 * input and script, answered by its scripted model or, with a provider, by a real one; or, when the agent is a
 * pipeline ({@link SuiteFile}), a new pipeline of it run on the task's input. Its report reads and writes
 * rows with {@link Reports#json()}, so a rerun keeps rows whose terminations this command does not know.
 */
public final class SuiteBenchmark {
    private SuiteBenchmark() {}

    /**
     * @param suite the suite as read
     * @param model a real model answering every task, or null for the scripts
     * @param progress the progress listener
     * @param listeners listeners of the agent runs (telemetry)
     * @return the benchmark
     * @throws ScenarioException naming the field that cannot work
     */
    public static Benchmark of(Suite suite, @Nullable Model model, ProgressListener progress, List<AgentListener> listeners)
            throws ScenarioException {
        if (suite.agent() != null) {
            ScenarioServers.refuseIn(suite.agent());
        }
        return of(suite, model, progress, listeners, List.of(), null);
    }

    /**
     * @param suite the suite as read
     * @param model a real model answering every task, or null for the scripts
     * @param progress the progress listener
     * @param listeners listeners of the agent runs (telemetry)
     * @param mcpTools the tools of the suite agent's MCP servers ({@link ScenarioServers}), shared by every run
     * @param identity the benchmark's identity, recorded beside its report ({@link Benchmark.Builder#identity}), or
     *     null for none
     * @return the benchmark
     * @throws ScenarioException naming the field that cannot work
     */
    public static Benchmark of(Suite suite, @Nullable Model model, ProgressListener progress,
            List<AgentListener> listeners, List<Tool> mcpTools, @Nullable String identity) throws ScenarioException {
        return of(new SuiteFile(suite, null), model, progress, listeners, mcpTools, Map.of(), identity);
    }

    /**
     * @param file the suite as read, with its pipeline when its agent is one: every task then runs a new pipeline of
     *     it (its stages' scripts from their start, or the real model), on the task's input
     * @param model a real model answering every task, or null for the scripts
     * @param progress the progress listener
     * @param listeners listeners of the agent runs (telemetry)
     * @param mcpTools the tools of the suite agent's MCP servers ({@link ScenarioServers}), shared by every run
     * @param stageTools the tools of the MCP servers of the pipeline's stages, by stage name, shared by every run
     * @param identity the benchmark's identity, recorded beside its report, or null for none
     * @return the benchmark
     * @throws ScenarioException naming the field that cannot work
     */
    public static Benchmark of(SuiteFile file, @Nullable Model model, ProgressListener progress,
            List<AgentListener> listeners, List<Tool> mcpTools, Map<String, List<Tool>> stageTools,
            @Nullable String identity) throws ScenarioException {
        try {
            return build(file.suite(), file.pipeline(), model, progress, listeners, mcpTools, stageTools, identity);
        } catch (IllegalArgumentException | NullPointerException e) {
            // the checks of the tasks and the evaluator, whose messages name the value (Task.id must not be null)
            throw new ScenarioException(e.getMessage());
        }
    }

    private static Benchmark build(Suite suite, @Nullable PipelineFile pipeline, @Nullable Model model,
            ProgressListener progress, List<AgentListener> listeners, List<Tool> mcpTools,
            Map<String, List<Tool>> stageTools, @Nullable String identity) throws ScenarioException {
        Map<String, Scenario> byTask = scenarios(suite);
        Benchmark.Builder builder = Benchmark.builder();
        if (identity != null) {
            builder.identity(identity);
        }
        for (Suite.TaskDef def : suite.tasks()) {
            if (model == null && pipeline == null) {
                ScenarioAgent.of(byTask.get(def.id()), 0, listeners, mcpTools); // refuses a task without a script now
            }
            builder.task(new Task(def.id(), def.input(), def.expected(), Map.of()));
        }
        if (pipeline != null) {
            PipelineFile.Materials materials = new PipelineFile.Materials(model, listeners, List.of(), stageTools);
            pipeline.pipeline(materials); // refuses a stage that cannot work now, naming it
            // a new pipeline per attempt: its stages' scripts play from their start for every run
            builder.pipelineFactory(context -> pipeline.pipeline(materials));
        } else {
            builder.agentFactory(context -> {
                Scenario scenario = byTask.get(context.task().id());
                return (model == null ? ScenarioAgent.of(scenario, 0, listeners, mcpTools)
                        : ScenarioAgent.withModel(scenario, model, listeners, mcpTools)).agent();
            });
        }
        builder.evaluator(evaluator(suite.evaluator(), model));
        try {
            if (suite.repeats() != null) builder.repeats(suite.repeats());
            builder.concurrency(suite.concurrency() != null ? suite.concurrency() : 8);
            if (suite.taskTimeoutMs() != null) builder.taskTimeout(Duration.ofMillis(suite.taskTimeoutMs()));
            if (suite.retries() != null) builder.retryPolicy(suite.retries().policy());
            builder.capacityPolicy(capacity(suite.capacity()));
            return builder.listener(progress).reportJson(Reports.json()).build();
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(e.getMessage());
        }
    }

    /**
     * @param suite the suite as read
     * @return each task's agent, by task id: the suite's agent (a scenario) with the task's input and script
     * @throws ScenarioException naming a task id used twice
     */
    public static Map<String, Scenario> scenarios(Suite suite) throws ScenarioException {
        Scenario agent = suite.agent() != null ? suite.agent() : Scenario.ofScript(null);
        Map<String, Scenario> byTask = new LinkedHashMap<>();
        for (int i = 0; i < suite.tasks().size(); i++) {
            Suite.TaskDef def = suite.tasks().get(i);
            if (byTask.putIfAbsent(def.id(), agent.withTask(def.input(), def.script())) != null) {
                throw new ScenarioException("tasks[" + i + "].id: \"" + def.id() + "\" is used twice");
            }
        }
        return byTask;
    }

    private static CapacityPolicy capacity(@Nullable String capacity) throws ScenarioException {
        if (capacity == null || capacity.equals("evaluate")) {
            return CapacityPolicy.EVALUATE;
        }
        if (capacity.equals("exclude")) {
            return CapacityPolicy.EXCLUDE;
        }
        throw new ScenarioException("capacity: \"" + capacity + "\" is not one of evaluate, exclude");
    }

    /**
     * A judge that plays its script from the start for every evaluation: one scripted model shared by all of them
     * would hand its answers out in the order the runs finish, which differs from one run of the suite to the next
     * when runs go at once.
     */
    private static Evaluator scriptedJudge(Scenario script, String rubric) throws ScenarioException {
        ScenarioAgent.scriptedModel(script); // refuses a step that cannot work now, naming it
        return (task, run) -> Evaluators.modelJudge(ScenarioAgent.scriptedModel(script), rubric).evaluate(task, run);
    }

    private static Evaluator evaluator(Suite.EvaluatorDef def, @Nullable Model model) throws ScenarioException {
        if (def.type() == null) {
            throw new ScenarioException("evaluator.type is required: one of exact, regex, jsonField or judge");
        }
        return switch (def.type()) {
            case "exact" -> Evaluators.exactMatch();
            case "regex" -> {
                if (def.pattern() == null) {
                    yield Evaluators.regexFromExpected();
                }
                try {
                    yield Evaluators.regex(Pattern.compile(def.pattern()));
                } catch (PatternSyntaxException e) {
                    throw new ScenarioException("evaluator.pattern: \"" + def.pattern() + "\" is not a regular"
                            + " expression: " + e.getDescription());
                }
            }
            case "jsonField" -> {
                if (def.pointer() == null) {
                    throw new ScenarioException("evaluator.pointer is required for jsonField");
                }
                try {
                    yield def.expected() != null ? Evaluators.jsonField(def.pointer(), def.expected())
                            : Evaluators.jsonField(def.pointer());
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException("evaluator.pointer: " + e.getMessage());
                }
            }
            case "judge" -> {
                if (def.rubric() == null) {
                    throw new ScenarioException("evaluator.rubric is required for judge");
                }
                if (model != null) {
                    yield Evaluators.modelJudge(model, def.rubric());
                }
                if (def.script() == null) {
                    throw new ScenarioException("evaluator.script is required for a scripted judge (or run with"
                            + " --provider)");
                }
                yield scriptedJudge(Scenario.ofScript(def.script()), def.rubric());
            }
            default -> throw new ScenarioException("evaluator.type: \"" + def.type() + "\" is not one of exact, regex,"
                    + " jsonField, judge");
        };
    }
}
