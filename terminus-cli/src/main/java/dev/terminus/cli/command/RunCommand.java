package dev.terminus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import dev.terminus.cli.demo.AgentsDemo;
import dev.terminus.cli.demo.ConvergeDemo;
import dev.terminus.cli.demo.PipelineDemo;
import dev.terminus.cli.demo.StreamedDemo;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.RunView;
import dev.terminus.cli.output.StreamedRun;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.pause.Pauses;
import dev.terminus.cli.pipeline.PipelineFile;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.cli.temporal.TemporalOptions;
import dev.terminus.cli.temporal.TemporalPipelines;
import dev.terminus.cli.temporal.WorkflowResume;
import dev.terminus.pipeline.PipelineListener;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus run SCENARIO}: runs the agent a scenario file describes and shows how it ended;
 * {@code terminus run --demo} runs the built-in scenarios, one for each case the loop produces, as one table.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs the agent a scenario file describes (scripted model, tools, limits, task) and shows "
                + "how the run ended; a file with \"stages\" is a pipeline: its stages run in order, each taking the"
                + " previous stage's answer, and a table shows how each ended.", "With --demo, runs the built-in scenarios, one per termination the loop produces."})
final class RunCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "the scenario or pipeline file (JSON)")
    private @Nullable String file;

    @Option(names = "--demo", description = "run the built-in scenarios and print one table")
    private boolean demo;

    @Option(names = "--json", description = "print the result as JSON (the termination in the wire format)")
    private boolean json;

    @Option(names = "--stream", description = {"show the run as it goes: the answer's text on standard output as it"
            + " arrives (each model call's text from a new line), then the summary. When a model call is made again"
            + " after its text was shown, the line ends and standard error says \"terminus: the last N characters above"
            + " are discarded: the model call failed (ERROR) and is made again; the answer restarts on the next line\";"
            + " the summary's Answer (or Cut short, for an answer the run cut) is the text the transcript holds.",
            "With --json: one JSON object per line for each event (\"type\" names it, then its fields; a TextDelta's"
            + " \"text\" is its piece, a TextDiscarded's \"characters\" how many are void), the last line the run's"
            + " result as --json prints it."})
    private boolean stream;

    @Mixin
    private ProviderOptions providers = new ProviderOptions();

    @Mixin
    private TemporalOptions temporal = new TemporalOptions();

    @Option(names = "--otlp", paramLabel = "ENDPOINT",
            description = "export traces and metrics over OTLP/HTTP to a collector, e.g. http://localhost:4318")
    private @Nullable String otlp;

    @Option(names = "--checkpoints", paramLabel = "DIR", defaultValue = Pauses.DEFAULT_DIRECTORY,
            description = "where a run paused at an approval gate saves its checkpoint (default: ${DEFAULT-VALUE})")
    private String checkpoints = Pauses.DEFAULT_DIRECTORY;

    @Override
    public Integer call() {
        TerminusCommand terminus = TerminusCommand.requireParent(parent);
        if (demo == (file != null)) {
            return terminus.badInput(new BadInputException("run needs a SCENARIO file or --demo (not both)"));
        }
        try {
            providers.check();
            temporal.check();
        } catch (BadInputException e) {
            return terminus.badInput(e);
        }
        if (demo && providers.chosen()) {
            return terminus.badInput(new BadInputException("--demo runs the scripted scenarios; --provider needs a"
                    + " SCENARIO file"));
        }
        if (stream && (demo || temporal.chosen())) {
            return terminus.badInput(new BadInputException(demo
                    ? "--stream shows one run as it goes: it needs a SCENARIO file, not --demo"
                    : "--stream shows a run in this process as it goes; a workflow's run (--temporal) is not streamed"));
        }
        if (temporal.chosen() && (providers.chosen() || otlp != null)) {
            return terminus.badInput(new BadInputException("--temporal runs scripted scenarios on a worker; "
                    + (otlp != null ? "--otlp" : "--provider") + " works without --temporal only"));
        }
        if (temporal.chosen()) {
            return TerminusCommand.run(parent, t -> {
                try (TemporalConnection connection = TemporalConnection.open(temporal, t.env)) {
                    return demo ? demo(t, json, List.of(), connection) : single(t, file, List.of(), List.of(), connection);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new BadInputException("interrupted");
                }
            });
        }
        try (Telemetry telemetry = otlp == null ? null : Telemetry.otlp(otlp)) {
            List<AgentListener> listeners = telemetry == null ? List.of() : List.of(telemetry.listener());
            List<PipelineListener> pipelineListeners = telemetry == null ? List.of()
                    : List.of(telemetry.pipelineListener());
            return demo ? demo(terminus, json, listeners, null)
                    : single(terminus, file, listeners, pipelineListeners, null);
        } catch (BadInputException e) {
            return terminus.badInput(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return terminus.badInput(new BadInputException("interrupted"));
        }
    }

    private int single(TerminusCommand terminus, String path, List<AgentListener> listeners,
            List<PipelineListener> pipelineListeners, @Nullable TemporalConnection connection)
            throws BadInputException, InterruptedException {
        byte[] text = Wire.read(path, terminus.in);
        if (PipelineFile.describesPipeline(text) && stream) {
            throw new BadInputException(Wire.sourceName(path) + " is a pipeline (it has \"stages\"): --stream shows"
                    + " one agent's run; run the pipeline without it");
        }
        if (PipelineFile.describesPipeline(text) && connection != null) {
            return TemporalPipelines.run(terminus.out, terminus.err, text, Wire.sourceName(path), connection, temporal,
                    json);
        }
        // the key is checked before the scenario is parsed: nothing is sent without it
        Model model = providers.model(terminus.env);
        try {
            if (PipelineFile.describesPipeline(text)) {
                return PipelineRuns.run(terminus, text, Wire.sourceName(path), model, listeners, pipelineListeners,
                        json, Path.of(checkpoints));
            }
            Scenario scenario;
            try {
                scenario = ScenarioReader.read(text, Wire.sourceName(path));
            } catch (ScenarioException e) {
                throw ScenarioFiles.badInput(e, Wire.sourceName(path));
            }
            if (connection != null) {
                return single(terminus, path, text, scenario, model, listeners, connection, ScenarioServers.none());
            }
            try (ScenarioServers servers = ScenarioFiles.servers(scenario, Wire.sourceName(path))) {
                return single(terminus, path, text, scenario, model, listeners, connection, servers);
            }
        } finally {
            ProviderOptions.release(model);
        }
    }

    private int single(TerminusCommand terminus, String path, byte[] text, Scenario scenario, @Nullable Model model,
            List<AgentListener> listeners, @Nullable TemporalConnection connection, ScenarioServers servers)
            throws BadInputException, InterruptedException {
        ScenarioAgent agent;
        try {
            List<Tool> mcpTools = servers.tools();
            if (connection != null) {
                // the worker starts the servers: here their entries are checked, and the tools the rules name
                // stand in for theirs
                ScenarioServers.check(scenario);
                mcpTools = ScenarioServers.standIns(scenario);
            }
            agent = model == null ? ScenarioAgent.of(scenario, 0, listeners, mcpTools)
                    : ScenarioAgent.withModel(scenario, model, listeners, mcpTools);
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, Wire.sourceName(path));
        }
        if (connection != null) {
            ScenarioRuns.Progress progress = connection.run(agent, scenario, new String(text, StandardCharsets.UTF_8));
            print(terminus, agent.name(), progress.view(agent.agent().config().name()));
            if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                WorkflowResume.printWaiting(paused, temporal, json ? terminus.err : terminus.out);
            }
            terminus.out.flush();
            return 0;
        }
        // a Ctrl-C interrupts this thread: the run ends Cancelled("thread-interrupt") and its result is printed
        InterruptOnShutdown shutdown = InterruptOnShutdown.of(Thread.currentThread());
        try {
            RunResult result = !stream ? agent.run()
                    : json ? StreamedRun.json(agent.stream(), terminus.out)
                    : StreamedRun.text(agent.stream(), terminus.out, terminus.err);
            print(terminus, agent.name(), RunView.of(result));
            Pauses.saveIfPaused(result, agent, text, Path.of(checkpoints), json ? terminus.err : terminus.out);
            terminus.out.flush();
            return 0;
        } finally {
            shutdown.close();
        }
    }

    /** The result: the summary, its JSON, or (after a stream of JSON events) its JSON on one line. */
    private void print(TerminusCommand terminus, String scenario, RunView view) {
        if (!json) {
            RunReport.text(scenario, view).forEach(terminus.out::println);
        } else if (stream) {
            terminus.out.println(Wire.compact(RunReport.json(scenario, view)));
        } else {
            terminus.out.print(Wire.pretty(RunReport.json(scenario, view)));
        }
    }

    /** Runs every built-in scenario; exits 1 when one did not end as it expects. */
    static int demo(TerminusCommand terminus, boolean json) throws InterruptedException {
        try {
            return demo(terminus, json, List.of(), null);
        } catch (BadInputException e) {
            throw new IllegalStateException("the demo in this process read no input: " + e.getMessage(), e);
        }
    }

    /**
     * Runs every built-in scenario, with listeners of their runs (in this process) or as workflows of a Temporal
     * connection, then the convergence engine's example; exits 1 when one did not end as it expects.
     */
    static int demo(TerminusCommand terminus, boolean json, List<AgentListener> listeners,
            @Nullable TemporalConnection connection) throws InterruptedException, BadInputException {
        List<List<String>> rows = new ArrayList<>();
        rows.add(RunReport.demoHeader());
        ArrayNode results = JsonNodeFactory.instance.arrayNode();
        List<String> answered = new ArrayList<>();
        int mismatches = scenarios(listeners, connection, rows, results, answered);
        // streams are read in this process; a workflow's run is not streamed, its text checked against a twin here
        List<StreamedDemo.Row> streamed = connection == null ? StreamedDemo.run(listeners)
                : StreamedDemo.run(connection);
        mismatches += (int) streamed.stream().filter(row -> !row.asExpected()).count();
        // a tree of agents runs in this process, or in its root's workflow
        List<AgentsDemo.Row> team = connection == null ? AgentsDemo.run(listeners) : AgentsDemo.run(connection);
        mismatches += (int) team.stream().filter(row -> !row.asExpected()).count();
        ConvergeDemo convergence = connection == null ? ConvergeDemo.run() : ConvergeDemo.run(connection);
        if (!convergence.asExpected()) {
            mismatches++;
        }
        // each pipeline runs in this process, or as a pipeline workflow
        List<PipelineDemo> pipelines = connection == null ? PipelineDemo.run(listeners) : PipelineDemo.run(connection);
        mismatches += (int) pipelines.stream().filter(row -> !row.asExpected()).count();
        results.add(convergence.json());
        streamed.forEach(row -> results.add(StreamedDemo.json(row)));
        team.forEach(row -> results.add(AgentsDemo.json(row)));
        pipelines.forEach(row -> results.add(row.json()));
        if (json) {
            terminus.out.print(Wire.pretty(results));
        } else {
            new DemoText(rows, answered, streamed, team, convergence, pipelines, mismatches)
                    .print(terminus.out);
        }
        terminus.out.flush();
        return mismatches == 0 ? 0 : 1;
    }

    /**
     * Runs the built-in scenarios, in this process or, all started at once, as workflows of the connection; adds
     * their rows and their JSON, and the approvals given to the workflows that paused.
     *
     * @return how many did not end as they expect
     */
    private static int scenarios(List<AgentListener> listeners, @Nullable TemporalConnection connection,
            List<List<String>> rows, ArrayNode results, List<String> answered)
            throws InterruptedException, BadInputException {
        int mismatches = 0;
        Map<String, ScenarioAgent> agents = new LinkedHashMap<>();
        Map<String, CompletableFuture<ScenarioRuns.Progress>> started = new HashMap<>();
        for (String name : ScenarioReader.DEMO) {
            try {
                agents.put(name, ScenarioAgent.of(ScenarioReader.demo(name), 0, listeners));
            } catch (ScenarioException e) {
                throw new IllegalStateException("demo scenario " + name + ": " + e.getMessage(), e);
            }
            if (connection != null) {
                // every workflow is started at once: a worker runs them side by side, as it would a team's runs
                started.put(name, connection.start(agents.get(name), ScenarioReader.demo(name),
                        ScenarioReader.demoText(name)));
            }
        }
        for (String name : ScenarioReader.DEMO) {
            ScenarioAgent agent = agents.get(name);
            RunView result;
            if (connection == null) {
                result = RunView.of(agent.run());
            } else {
                ScenarioRuns.Progress progress = TemporalConnection.await(started.get(name));
                result = progress.view(agent.agent().config().name());
                if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                    answered.add(connection.approve(name, paused));
                }
            }
            if (agent.expect() != null && !agent.expect().equals(result.termination().tag())) {
                mismatches++;
            }
            rows.add(RunReport.demoRow(name, agent.expect(), result));
            results.add(RunReport.json(name, result));
        }
        return mismatches;
    }

    /** What the demo prints as text: the scenarios' table, then each other demo's lines, then the verdict. */
    private record DemoText(List<List<String>> rows, List<String> answered, List<StreamedDemo.Row> streamed,
            List<AgentsDemo.Row> team, ConvergeDemo convergence, List<PipelineDemo> pipelines, int mismatches) {

        void print(PrintStream out) {
            out.println("terminus run --demo: " + ScenarioReader.DEMO.size()
                    + " scripted scenarios: every termination the agent loop produces, each invariant class.");
            out.println();
            Text.table(rows).forEach(out::println);
            answered.forEach(out::println);
            out.println();
            StreamedDemo.lines(streamed).forEach(out::println);
            out.println();
            AgentsDemo.lines(team).forEach(out::println);
            out.println();
            convergence.lines().forEach(out::println);
            out.println();
            PipelineDemo.lines(pipelines).forEach(out::println);
            out.println();
            out.println(mismatches == 0 ? "Every scenario ended as expected."
                    : mismatches + " scenario(s) did not end as expected.");
            out.println("Run one with its facts: terminus run SCENARIO.json; explain a termination: terminus explain FILE.");
        }
    }

}
