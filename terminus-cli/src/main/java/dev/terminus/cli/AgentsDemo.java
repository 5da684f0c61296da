package dev.terminus.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rows of {@code terminus run --demo} whose agents call agents ({@link ScenarioReader#AGENTS_DEMO}): a child agent
 * run per call of a tool that runs a named agent, and a run handed from one agent to another. Each runs in this
 * process (a workflow's agent calls no agent). A row is as expected when the run ends with the case its scenario
 * expects and every child run of an agent that gives its own {@code expect} ends with that case.
 */
final class AgentsDemo {

    private AgentsDemo() {}

    /**
     * One scenario's run.
     *
     * @param scenario the scenario's name
     * @param expect the case the run expects, or null
     * @param childExpect the case each named agent's child runs expect, by agent name
     * @param result the run's result
     */
    record Row(String scenario, @Nullable String expect, Map<String, String> childExpect, RunResult result) {

        /** @return the first end that is not as expected, as the check shows it, or null when all are */
        @Nullable String mismatch() {
            String tag = result.termination().tag();
            if (expect != null && !expect.equals(tag)) {
                return "EXPECTED " + expect;
            }
            return mismatch(result.children());
        }

        private @Nullable String mismatch(List<ChildRun> children) {
            for (ChildRun child : children) {
                String agent = child.result().agentName().orElse("");
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
        boolean asExpected() {
            return mismatch() == null;
        }

        /** @return the row's check: ok, or the first case expected and not met */
        String check() {
            String mismatch = mismatch();
            return mismatch != null ? mismatch : expect == null ? "" : "ok";
        }
    }

    /**
     * Runs every scenario of agents that call agents in turn.
     *
     * @param listeners listeners of the runs (telemetry)
     * @return a row for each, in the order of {@link ScenarioReader#AGENTS_DEMO}
     */
    static List<Row> run(List<AgentListener> listeners) {
        List<Row> rows = new ArrayList<>();
        for (String name : ScenarioReader.AGENTS_DEMO) {
            ScenarioAgent agent;
            try {
                agent = ScenarioAgent.of(ScenarioReader.demo(name), 0, listeners);
            } catch (ScenarioException e) {
                throw new IllegalStateException("demo scenario " + name + ": " + e.getMessage(), e);
            }
            rows.add(new Row(name, agent.expect(), agent.agents().expected(), agent.run()));
        }
        return rows;
    }

    /**
     * @param rows the rows
     * @return the section of the demo's output: a line saying what it shows, the table, then each row's child runs
     */
    static List<String> lines(List<Row> rows) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("Agents", "Termination", "Category", "Outcome", "Ended by", "Iter", "Tools", "Tokens",
                "Children", "ms", "Check"));
        List<String> children = new ArrayList<>();
        for (Row row : rows) {
            RunResult result = row.result();
            table.add(List.of(row.scenario(), result.termination().tag(), result.termination().category().name(),
                    result.outcome().name(), result.agentName().orElse("-"),
                    String.valueOf(result.iterations().size()), String.valueOf(result.toolCalls()),
                    String.valueOf(result.usage().totalTokens()), String.valueOf(result.children().size()),
                    String.valueOf(result.duration().toMillis()), row.check()));
            List<String> below = RunReport.children(RunView.of(result), "  ");
            if (!below.isEmpty()) {
                children.add(row.scenario() + ":");
                children.addAll(below);
            }
        }
        List<String> lines = new ArrayList<>();
        lines.addAll(Text.wrap("", rows.size() + " scenarios of agents that call agents: a tool that runs another"
                + " agent as a child run (its tokens counted in its parent's, its parent's budget bounding it), and a"
                + " run handed to another agent, which ends it (Ended by)."));
        lines.add("");
        lines.addAll(Text.table(table));
        if (!children.isEmpty()) {
            lines.add("");
            lines.add("Child runs (tool -> agent, the parent's iteration: how the child ended):");
            lines.addAll(children);
        }
        return lines;
    }

    /**
     * @param row a row
     * @return the run's result as {@link RunReport#json} gives it, its children included
     */
    static ObjectNode json(Row row) {
        return RunReport.json(row.scenario(), row.result());
    }
}
