package dev.terminus.cli.scenario;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.cli.scenario.Scenario.StepDef;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A scenario's {@code script} played by a {@link ScriptedModel}: each step of the file becomes the model's step (a
 * delay first when it says {@code delayMs}), a streamed step ({@code pieces}) one of the model's streamed answers.
 * Everything a step can get wrong is a {@link ScenarioException} naming the step's field and the bad value.
 */
final class ScenarioScript {
    /** How a streamed step may end, as its {@code end} field names it. */
    static final List<String> ENDS = List.of("stop", "length", "content_filter", "refusal", "stall", "fail");

    private ScenarioScript() {}

    /** What the ids of the tool calls of a scenario's own agent start with, before their number. */
    static final String CALL_ID_PREFIX = "call_";

    /**
     * @param scenario a scenario with a script
     * @param scriptStep the model's step to play first (delays count as steps)
     * @return the scripted model, its tool calls' ids {@code call_1}, {@code call_2}, ...
     * @throws ScenarioException naming the step that cannot work
     */
    static ScriptedModel model(Scenario scenario, int scriptStep) throws ScenarioException {
        return model(scenario, scriptStep, CALL_ID_PREFIX);
    }

    /**
     * @param scenario a scenario with a script
     * @param scriptStep the model's step to play first (delays count as steps)
     * @param callIdPrefix what the ids of its tool calls start with, before their number: scripts whose calls meet
     *     in one transcript (a run handed from one agent to another) need different ones
     * @return the scripted model
     * @throws ScenarioException naming the step that cannot work
     */
    static ScriptedModel model(Scenario scenario, int scriptStep, String callIdPrefix) throws ScenarioException {
        ScriptedModel.Builder model = ScriptedModel.builder().startAt(scriptStep);
        Scenario.ModelDef def = scenario.model();
        Usage usage = Usage.of(10, 5);
        if (def != null) {
            if (def.name() != null) model.name(def.name());
            if (def.provider() != null) model.provider(def.provider());
            if (def.usage() != null) usage = usage(def.usage(), "model.usage");
        }
        List<StepDef> steps = scenario.script();
        int callIds = 1;
        for (int i = 0; i < steps.size(); i++) {
            String at = "script[" + i + "]";
            StepDef step = steps.get(i);
            if (step.delayMs() != null) {
                model.delay(Duration.ofMillis(step.delayMs()));
            }
            Usage stepUsage = step.usage() == null ? usage : usage(step.usage(), at + ".usage");
            if (step.pieces() != null) {
                streamed(model, step, stepUsage, at);
                continue;
            }
            if (step.end() != null || step.pieceGapMs() != null) {
                throw new ScenarioException(at + "." + (step.end() != null ? "end" : "pieceGapMs") + ": only a streamed"
                        + " step (one with \"pieces\") has it, was " + (step.end() != null ? "\"" + step.end() + "\""
                        : step.pieceGapMs()));
            }
            int kinds = (step.text() != null || step.toolCalls() != null ? 1 : 0) + (step.error() != null ? 1 : 0)
                    + (Boolean.TRUE.equals(step.hang()) ? 1 : 0);
            if (kinds != 1 && !(kinds == 0 && step.delayMs() != null)) {
                throw new ScenarioException(at + ": a step is exactly one of an answer (text and/or toolCalls), a"
                        + " streamed answer (pieces), an error or a hang");
            }
            if (Boolean.TRUE.equals(step.hang())) {
                model.hang();
            } else if (step.error() != null) {
                model.fail(ScenarioAgent.providerError(step.error(), step.status(), at + ".error"));
            } else if (step.text() != null || step.toolCalls() != null) {
                List<ToolCall> calls = new ArrayList<>();
                if (step.toolCalls() != null) {
                    for (int c = 0; c < step.toolCalls().size(); c++) {
                        Scenario.CallDef call = step.toolCalls().get(c);
                        String id = callIdPrefix + callIds++;
                        calls.add(ScenarioAgent.at(at + ".toolCalls[" + c + "]", () -> new ToolCall(id,
                                call.name(), call.arguments() == null ? Map.of() : call.arguments())));
                    }
                }
                FinishReason finish = step.finish() != null
                        ? ScenarioAgent.enumOf(FinishReason.class, step.finish(), at + ".finish")
                        : calls.isEmpty() ? FinishReason.STOP : FinishReason.TOOL_CALLS;
                String text = step.text() == null ? "" : step.text();
                model.respond(new ModelResponse(new Message.Assistant(text, calls), stepUsage, finish));
            }
        }
        if (Boolean.TRUE.equals(scenario.repeatLast())) {
            model.thenRepeatLast();
        }
        return model.build();
    }

    /** Adds a streamed step: its pieces, their gap, and its end. */
    private static void streamed(ScriptedModel.Builder model, StepDef step, Usage usage, String at)
            throws ScenarioException {
        notInStreamed(at + ".text", step.text());
        notInStreamed(at + ".finish", step.finish());
        notInStreamed(at + ".toolCalls", step.toolCalls());
        notInStreamed(at + ".hang", step.hang());
        String[] pieces = step.pieces().toArray(String[]::new);
        for (int p = 0; p < pieces.length; p++) {
            if (pieces[p].isEmpty()) {
                throw new ScenarioException(at + ".pieces[" + p + "]: a piece is at least one character, was \"\"");
            }
        }
        long gap = step.pieceGapMs() == null ? 0 : step.pieceGapMs();
        if (gap < 0) {
            throw new ScenarioException(at + ".pieceGapMs: must be >= 0, was " + gap);
        }
        String end = step.end() == null ? "stop" : step.end();
        if (!ENDS.contains(end)) {
            throw new ScenarioException(at + ".end: \"" + end + "\" is not one of " + String.join(", ", ENDS));
        }
        if (end.equals("fail") != (step.error() != null)) {
            throw new ScenarioException(step.error() == null
                    ? at + ".end: \"fail\" needs \"error\", the provider error the stream fails with"
                    : at + ".error: a streamed step fails with \"error\" only when its \"end\" is \"fail\", was end \""
                            + end + "\" and error \"" + step.error() + "\"");
        }
        model.usage(usage).pieceGap(Duration.ofMillis(gap));
        switch (end) {
            case "stall" -> model.streamedThenStall(pieces);
            case "fail" -> model.streamedThenFail(ScenarioAgent.providerError(step.error(), step.status(),
                    at + ".error"), pieces);
            default -> model.streamedThen(ScenarioAgent.enumOf(FinishReason.class, end, at + ".end"), pieces);
        }
    }

    private static void notInStreamed(String field, @Nullable Object value) throws ScenarioException {
        if (value != null) {
            throw new ScenarioException(field + ": a streamed step (one with \"pieces\") carries only its pieces and"
                    + " ends as its \"end\" says, was " + value);
        }
    }

    static Usage usage(Scenario.UsageDef usage, String at) throws ScenarioException {
        return ScenarioAgent.at(at, () -> new Usage(usage.input(), usage.output(), usage.cachedInput(),
                usage.reasoning()));
    }
}
