package dev.terminus.cli.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Message;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.cli.output.RunReport;
import dev.terminus.cli.output.Text;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The streamed rows of {@code terminus run --demo}: the scenarios whose model streams its answer in pieces
 * ({@link ScenarioReader#STREAMED_DEMO}), each run in this process through {@code Agent.stream} and read to its end
 * as {@code terminus run --stream} reads it. A row is as expected when the run ends with the case its scenario
 * expects and the text its consumer was shown, less what it was told was discarded, is the text of the transcript's
 * answers (the text of an answer cut short included).
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
     * @param kept the text shown, less the discarded
     */
    public record Row(String scenario, @Nullable String expect, RunResult result, int pieces, int shown, int discarded,
            String kept) {

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
            ScenarioAgent agent;
            try {
                agent = ScenarioAgent.of(ScenarioReader.demo(name), 0, listeners);
            } catch (ScenarioException e) {
                throw new IllegalStateException("demo scenario " + name + ": " + e.getMessage(), e);
            }
            rows.add(read(name, agent.expect(), agent.stream()));
        }
        return rows;
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
            return new Row(name, expect, stream.result(), pieces, shown, discarded, kept.toString());
        }
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
            RunResult result = row.result();
            String answer = result.incompleteAnswer().map(text -> text.length() + " chars, cut short")
                    .or(() -> result.finalAnswer().map(text -> text.length() + " chars")).orElse("-");
            table.add(List.of(row.scenario(), result.termination().tag(), result.termination().category().name(),
                    result.outcome().name(), String.valueOf(row.pieces()), String.valueOf(row.shown()),
                    String.valueOf(row.discarded()), answer, String.valueOf(result.duration().toMillis()),
                    row.check()));
        }
        List<String> lines = new ArrayList<>();
        lines.addAll(Text.wrap("", rows.size() + " streamed scenarios, read as terminus run --stream reads them: the"
                + " pieces shown, the characters discarded when a call was made again, and the answer kept (ok: the"
                + " text shown less the discarded is the transcript's)."));
        lines.add("");
        lines.addAll(Text.table(table));
        return lines;
    }

    /**
     * @param row a row
     * @return the run's result as {@link RunReport#json} gives it, with what its consumer was shown under
     *     {@code "stream"}: {@code pieces}, {@code characters}, {@code discarded}
     */
    public static ObjectNode json(Row row) {
        ObjectNode node = RunReport.json(row.scenario(), row.result());
        ObjectNode stream = node.putObject("stream");
        stream.put("pieces", row.pieces());
        stream.put("characters", row.shown());
        stream.put("discarded", row.discarded());
        return node;
    }
}
