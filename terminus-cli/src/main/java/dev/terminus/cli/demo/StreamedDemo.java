package dev.terminus.cli.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunStream;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.RunView;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.cli.temporal.TemporalConnection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The streamed rows of {@code terminus run --demo}: the scenarios whose model streams its answer in pieces
 * ({@link ScenarioReader#STREAMED_DEMO}), each run in this process through {@code Agent.stream} and read to its end
 * as {@code terminus run --stream} reads it. A row is as expected when the run ends with the case its scenario
 * expects and the text its consumer was shown, less what it was told was discarded, is the text of the transcript's
 * answers (the text of an answer cut short included). With {@code --temporal} each runs as a workflow, whose run is
 * not streamed to this process: its transcript's answers must hold the text a consumer of the same run in this
 * process kept (ADR 0041), read from a twin run here.
 */
public final class StreamedDemo {

    private StreamedDemo() {}

    /**
     * One streamed scenario's run as its consumer saw it.
     *
     * @param scenario the scenario's name
     * @param expect the case it expects, or null
     * @param result the run's result
     * @param pieces how many text pieces arrived
     * @param shown how many characters they held
     * @param discarded how many of them the consumer was told were discarded
     * @param kept the text shown, less the discarded (of the twin run in this process, for a workflow's run)
     * @param streamedHere whether the run was streamed to this process; false for a workflow's run, whose piece
     *     figures are then unknown
     */
    public record Row(String scenario, @Nullable String expect, RunView result, int pieces, int shown, int discarded,
            String kept, boolean streamedHere) {

        /** @return whether the text kept is the text of the transcript's answers */
        boolean textHolds() {
            StringBuilder transcript = new StringBuilder();
            for (Message message : result.transcript()) {
                if (message instanceof Message.Assistant answer) {
                    transcript.append(answer.content());
                }
            }
            return kept.equals(transcript.toString());
        }

        /** @return whether it ended as its scenario expects, with the text the transcript holds */
        public boolean asExpected() {
            return (expect == null || expect.equals(result.termination().tag())) && textHolds();
        }

        /** @return the row's check: ok, the case expected, or that the text differs */
        String check() {
            String tag = result.termination().tag();
            return expect != null && !expect.equals(tag) ? "EXPECTED " + expect
                    : !textHolds() ? "TEXT DIFFERS" : expect == null ? "" : "ok";
        }
    }

    /**
     * Runs every streamed scenario in turn.
     *
     * @param listeners listeners of the runs (telemetry)
     * @return a row for each, in the order of {@link ScenarioReader#STREAMED_DEMO}
     */
    public static List<Row> run(List<AgentListener> listeners) {
        List<Row> rows = new ArrayList<>();
        for (String name : ScenarioReader.STREAMED_DEMO) {
            ScenarioAgent agent = agent(name, listeners);
            rows.add(read(name, agent.expect(), agent.stream()));
        }
        return rows;
    }

    /**
     * Runs every streamed scenario as a workflow of the connection, all started at once, and each again in this
     * process as its twin, read as {@code terminus run --stream} reads it: the text its consumer kept is the text the
     * workflow's transcript must hold.
     *
     * @param connection where the workflows run
     * @return a row for each, in the order of {@link ScenarioReader#STREAMED_DEMO}
     * @throws BadInputException when Temporal refused a run or its workflow failed
     * @throws InterruptedException when interrupted while waiting for a run
     */
    public static List<Row> run(TemporalConnection connection) throws BadInputException, InterruptedException {
        Map<String, ScenarioAgent> agents = new LinkedHashMap<>();
        Map<String, CompletableFuture<ScenarioRuns.Progress>> started = new LinkedHashMap<>();
        for (String name : ScenarioReader.STREAMED_DEMO) {
            ScenarioAgent agent = agent(name, List.of());
            agents.put(name, agent);
            started.put(name, connection.start(agent, ScenarioReader.demo(name), ScenarioReader.demoText(name)));
        }
        List<Row> rows = new ArrayList<>();
        for (String name : ScenarioReader.STREAMED_DEMO) {
            ScenarioAgent twin = agent(name, List.of()); // a scripted model plays its script once
            Row local = read(name, twin.expect(), twin.stream());
            RunView workflow = TemporalConnection.await(started.get(name))
                    .view(agents.get(name).agent().config().name());
            rows.add(new Row(name, local.expect(), workflow, 0, 0, 0, local.kept(), false));
        }
        return rows;
    }

    private static ScenarioAgent agent(String name, List<AgentListener> listeners) {
        try {
            return ScenarioAgent.of(ScenarioReader.demo(name), 0, listeners);
        } catch (ScenarioException e) {
            throw new IllegalStateException("demo scenario " + name + ": " + e.getMessage(), e);
        }
    }

    private static Row read(String name, @Nullable String expect, RunStream stream) {
        try (stream) {
            int pieces = 0;
            int shown = 0;
            int discarded = 0;
            StringBuilder kept = new StringBuilder();
            for (AgentEvent event : stream) {
                if (event instanceof AgentEvent.TextDelta delta) {
                    pieces++;
                    shown += delta.text().length();
                    kept.append(delta.text());
                } else if (event instanceof AgentEvent.TextDiscarded discard) {
                    discarded += discard.characters();
                    kept.setLength(Math.max(0, kept.length() - discard.characters()));
                }
            }
            return new Row(name, expect, RunView.of(stream.result()), pieces, shown, discarded, kept.toString(),
                    true);
        }
    }

    private static String figure(Row row, int value) {
        return row.streamedHere() ? String.valueOf(value) : "-";
    }

    /**
     * @param rows the rows
     * @return the section of the demo's output: a line saying what it shows, then the table
     */
    public static List<String> lines(List<Row> rows) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("Streamed", "Termination", "Category", "Outcome", "Pieces", "Shown", "Discarded", "Answer",
                "ms", "Check"));
        for (Row row : rows) {
            RunView result = row.result();
            String answer = result.incompleteAnswer() != null ? result.incompleteAnswer().length() + " chars, cut short"
                    : result.finalAnswer() != null ? result.finalAnswer().length() + " chars" : "-";
            table.add(List.of(row.scenario(), result.termination().tag(), result.termination().category().name(),
                    result.outcome().name(), figure(row, row.pieces()), figure(row, row.shown()),
                    figure(row, row.discarded()), answer, String.valueOf(result.duration().toMillis()), row.check()));
        }
        List<String> lines = new ArrayList<>();
        boolean here = rows.stream().allMatch(Row::streamedHere);
        lines.addAll(Text.wrap("", here
                ? rows.size() + " streamed scenarios, read as terminus run --stream reads them: the pieces shown, the"
                        + " characters discarded when a call was made again, and the answer kept (ok: the text shown"
                        + " less the discarded is the transcript's)."
                : rows.size() + " streamed scenarios, each run as a workflow (its pieces stay in its model activity)"
                        + " and as its twin in this process, read as terminus run --stream reads it (ok: the"
                        + " workflow's transcript holds the text the twin's consumer kept, an answer cut short"
                        + " included)."));
        lines.add("");
        lines.addAll(Text.table(table));
        return lines;
    }

    /**
     * @param row a row
     * @return the run's result as {@link RunReport#json} gives it, with what its consumer was shown under
     *     {@code "stream"}: {@code pieces}, {@code characters}, {@code discarded} (none for a workflow's run)
     */
    public static ObjectNode json(Row row) {
        ObjectNode node = RunReport.json(row.scenario(), row.result());
        if (!row.streamedHere()) {
            return node;
        }
        ObjectNode stream = node.putObject("stream");
        stream.put("pieces", row.pieces());
        stream.put("characters", row.shown());
        stream.put("discarded", row.discarded());
        return node;
    }
}
