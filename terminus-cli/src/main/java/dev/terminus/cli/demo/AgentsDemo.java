package dev.terminus.cli.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.RunView;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.pause.Pauses;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.temporal.GateAnswer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rows of {@code terminus run --demo} whose agents call agents ({@link ScenarioReader#AGENTS_DEMO}): a child agent
 * run per call of a tool that runs a named agent, a run handed from one agent to another, and a child whose tool call
 * waits for a person's approval. Each runs in this process, or as a Temporal workflow (the whole tree in its root's
 * workflow). A row is as expected when the run ends with the case its scenario expects and every child run of an agent
 * that gives its own {@code expect} ends with that case.
 *
 * <p>A scenario of {@link #RESUMED} shows two rows: the run paused at its child's gate (expected to end
 * {@code HitlGatePending} naming the named agent that has {@code approvals}), then the run resumed with an approval as another process
 * resumes it: in this process its checkpoint is written as {@code terminus run} saves it, read back, and resumed on the
 * agent rebuilt from it as {@code terminus resume} does; on Temporal the workflow's gate is answered through its update.
 */
public final class AgentsDemo {
    /** The scenarios whose runs pause at a named agent's gate and are resumed with an approval. */
    public static final List<String> RESUMED = List.of("child-approval");

    /** What the second row of a resumed scenario adds to its name. */
    static final String APPROVED = " (approved)";

    private AgentsDemo() {}

    /**
     * One run's row.
     *
     * @param scenario the row's name: the scenario's, with {@link #APPROVED} for a run resumed with an approval
     * @param expect the case the run expects, or null
     * @param gateAgent the agent whose gate the run is expected to pause at, or null for a run expected to end
     * @param childExpect the case each named agent's child runs expect, by agent name
     * @param result the run
     */
    public record Row(String scenario, @Nullable String expect, @Nullable String gateAgent, Map<String, String> childExpect,
            RunView result) {

        /** @return the first end that is not as expected, as the check shows it, or null when all are */
        @Nullable String mismatch() {
            Termination termination = result.termination();
            if (gateAgent != null) {
                return termination instanceof Termination.HitlGatePending gate && gateAgent.equals(gate.agentId())
                        ? null : "EXPECTED HitlGatePending of " + gateAgent;
            }
            if (expect != null && !expect.equals(termination.tag())) {
                return "EXPECTED " + expect;
            }
            return mismatch(result.children());
        }

        private @Nullable String mismatch(List<RunView.Child> children) {
            for (RunView.Child child : children) {
                String agent = child.result().agentName() == null ? "" : child.result().agentName();
                String expected = childExpect.get(agent);
                if (expected != null && !expected.equals(child.result().termination().tag())) {
                    return "EXPECTED " + agent + " " + expected;
                }
                String below = mismatch(child.result().children());
                if (below != null) {
                    return below;
                }
            }
            return null;
        }

        /** @return whether the run and its children ended as expected */
        public boolean asExpected() {
            return mismatch() == null;
        }

        /** @return the row's check: ok, or the first case expected and not met */
        String check() {
            String mismatch = mismatch();
            return mismatch != null ? mismatch : expect == null && gateAgent == null ? "" : "ok";
        }
    }

    /**
     * Runs every scenario of agents that call agents in turn, in this process.
     *
     * @param listeners listeners of the runs (telemetry)
     * @return a row for each run, in the order of {@link ScenarioReader#AGENTS_DEMO}
     */
    public static List<Row> run(List<AgentListener> listeners) {
        List<Row> rows = new ArrayList<>();
        for (String name : ScenarioReader.AGENTS_DEMO) {
            Scenario scenario = ScenarioReader.demo(name);
            ScenarioAgent agent = agent(name, scenario, listeners);
            RunResult result = agent.run();
            if (!RESUMED.contains(name)) {
                rows.add(new Row(name, agent.expect(), null, agent.agents().expected(), RunView.of(result)));
                continue;
            }
            rows.add(new Row(name, null, gatedAgent(scenario), Map.of(), RunView.of(result)));
            if (result.termination() instanceof Termination.HitlGatePending && result.checkpoint().isPresent()) {
                RunResult approved = approvedInAnotherProcess(name, result.checkpoint().get(), agent);
                rows.add(new Row(name + APPROVED, agent.expect(), null, agent.agents().expected(),
                        RunView.of(approved)));
            }
        }
        return rows;
    }

    /**
     * Runs every scenario of agents that call agents as a workflow of a Temporal connection, each tree in its root's
     * workflow; a resumed scenario's gate is approved through the workflow's update.
     *
     * @param connection the connection
     * @return a row for each run, in the order of {@link ScenarioReader#AGENTS_DEMO}
     * @throws BadInputException when Temporal refused a run or its workflow failed
     */
    public static List<Row> run(TemporalConnection connection) throws BadInputException {
        List<Row> rows = new ArrayList<>();
        for (String name : ScenarioReader.AGENTS_DEMO) {
            Scenario scenario = ScenarioReader.demo(name);
            ScenarioAgent agent = agent(name, scenario, List.of());
            String id = agent.agent().config().name();
            ScenarioRuns.Progress progress = connection.run(agent, scenario, ScenarioReader.demoText(name));
            if (!RESUMED.contains(name)) {
                rows.add(new Row(name, agent.expect(), null, agent.agents().expected(), progress.view(id)));
                continue;
            }
            String gated = gatedAgent(scenario);
            if (progress instanceof ScenarioRuns.Progress.Paused paused) {
                // the workflow's gate names the root's call that waits (the call of the tool that runs the child),
                // not the agent that waits: shown is the agent that call runs
                rows.add(new Row(name, null, gated, Map.of(), RunView.waiting(paused.gate(),
                        agentOfTool(scenario, paused.gate().toolName(), id))));
                ScenarioRuns.Progress after = TemporalConnection.call("the answer to workflow " + paused.workflowId(),
                        () -> connection.scenarios().answer(paused.workflowId(),
                                GateAnswer.approve(paused.gate().gateId())));
                rows.add(new Row(name + APPROVED, agent.expect(), null, agent.agents().expected(),
                        after.view(id)));
            } else {
                rows.add(new Row(name, null, gated, Map.of(), progress.view(id)));
            }
        }
        return rows;
    }

    /**
     * Saves a paused run's checkpoint as {@code terminus run} saves it (the scenario and the scripts' positions in its
     * metadata, the JSON of {@link CheckpointJson}), reads it back, rebuilds the scenario's agents from it alone and
     * approves its gate, as {@code terminus resume CHECKPOINT --approve} does in another process.
     */
    private static RunResult approvedInAnotherProcess(String name, Checkpoint paused, ScenarioAgent agent) {
        byte[] text = ScenarioReader.demoText(name).getBytes(StandardCharsets.UTF_8);
        CheckpointJson json = CheckpointJson.ofDefaults();
        try {
            Checkpoint read = json.read(json.writeBytes(Pauses.stamped(paused, agent, text)));
            ScenarioAgent rebuilt = Pauses.Saved.of(read, "the checkpoint of " + name).agent(List.of());
            return rebuilt.resume(read, GateDecision.approve(read.gateId()));
        } catch (CheckpointFormatException | BadInputException | ScenarioException e) {
            throw new IllegalStateException("demo scenario " + name + ": its checkpoint cannot be resumed: "
                    + e.getMessage(), e);
        }
    }

    private static ScenarioAgent agent(String name, Scenario scenario, List<AgentListener> listeners) {
        try {
            return ScenarioAgent.of(scenario, 0, listeners);
        } catch (ScenarioException e) {
            throw new IllegalStateException("demo scenario " + name + ": " + e.getMessage(), e);
        }
    }

    /** @return the first named agent with approvals, whose gate a resumed scenario's run pauses at; or null */
    private static @Nullable String gatedAgent(Scenario scenario) {
        Map<String, Scenario> named = scenario.agents() == null ? Map.of() : scenario.agents();
        for (Map.Entry<String, Scenario> entry : named.entrySet()) {
            if (entry.getValue().approvals() != null && !entry.getValue().approvals().isEmpty()) {
                return entry.getKey();
            }
        }
        return null;
    }

    /** @return the named agent the scenario's tool runs, or {@code own} when the tool runs none */
    private static String agentOfTool(Scenario scenario, String tool, String own) {
        for (Scenario.ToolDef def : scenario.tools() == null ? List.<Scenario.ToolDef>of() : scenario.tools()) {
            if (def.name().equals(tool) && def.agent() != null) {
                return def.agent();
            }
        }
        return own;
    }

    /**
     * @param rows the rows
     * @return the section of the demo's output: a line saying what it shows, the table, then each row's child runs
     */
    public static List<String> lines(List<Row> rows) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("Agents", "Termination", "Category", "Outcome", "Ended by", "Iter", "Tools", "Tokens",
                "Children", "ms", "Check"));
        List<String> children = new ArrayList<>();
        for (Row row : rows) {
            RunView result = row.result();
            boolean known = result.figures();
            table.add(List.of(row.scenario(), result.termination().tag(), result.termination().category().name(),
                    result.outcome().name(), endedBy(result), String.valueOf(result.iterationCount()),
                    known ? String.valueOf(result.toolCalls()) : "-",
                    known ? String.valueOf(result.usage().totalTokens()) : "-",
                    String.valueOf(result.children().size()),
                    known ? String.valueOf(result.duration().toMillis()) : "-", row.check()));
            List<String> below = RunReport.children(result, "  ");
            if (!below.isEmpty()) {
                children.add(row.scenario() + ":");
                children.addAll(below);
            }
        }
        List<String> lines = new ArrayList<>();
        lines.addAll(Text.wrap("", rows.size() + " runs of agents that call agents: a tool that runs another"
                + " agent as a child run (its tokens counted in its parent's, its parent's budget bounding it), a"
                + " run handed to another agent, which ends it (Ended by), and a child whose call waits for a"
                + " person's approval, which pauses its parent at the child's gate (Ended by: the agent that waits);"
                + " its checkpoint saved, read back and approved, the child and then its parent go on to their"
                + " ends."));
        lines.add("");
        lines.addAll(Text.table(table));
        if (!children.isEmpty()) {
            lines.add("");
            lines.add("Child runs (tool -> agent, the parent's iteration: how the child ended):");
            lines.addAll(children);
        }
        return lines;
    }

    /** The agent that ended the run, or for a run paused at a gate the agent that waits there. */
    private static String endedBy(RunView result) {
        if (result.termination() instanceof Termination.HitlGatePending gate) {
            return gate.agentId();
        }
        return result.agentName() == null ? "-" : result.agentName();
    }

    /**
     * @param row a row
     * @return the run's result as {@link RunReport#json} gives it, its children included
     */
    public static ObjectNode json(Row row) {
        return RunReport.json(row.scenario(), row.result());
    }
}
