package dev.terminus.cli.scenario;

import dev.terminus.InvariantClass;
import dev.terminus.Message;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.Compaction;
import dev.terminus.agent.CompactionStrategies;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.Invariant;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.SuccessCriterion;
import dev.terminus.agent.spi.TokenEstimator;
import dev.terminus.cli.scenario.Scenario.CompactionDef;
import dev.terminus.cli.scenario.Scenario.CriterionDef;
import dev.terminus.cli.scenario.Scenario.InvariantDef;
import dev.terminus.cli.scenario.Scenario.PromotionDef;
import dev.terminus.jsonschema.JsonSchemaOutput;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The declarative rules of a scenario — structured output, compaction, approvals, criteria, invariants and the
 * promotion gate — applied to an agent's builder. Each is a real rule of the loop, configured from the file; a bad
 * one is a {@link ScenarioException} naming its field.
 */
final class ScenarioRules {

    private ScenarioRules() {}

    static void apply(Scenario scenario, AgentBuilder builder) throws ScenarioException {
        if (scenario.output() != null) {
            builder.outputValidator(ScenarioAgent.at("output.schema", () -> JsonSchemaOutput.of(scenario.output().schema())));
        }
        if (scenario.compaction() != null) {
            builder.compaction(compaction(scenario.compaction(), scenario));
        }
        List<String> approvals = scenario.approvals() == null ? List.of() : scenario.approvals();
        for (String tool : approvals) {
            builder.requireApproval(tool);
        }
        List<CriterionDef> criteria = scenario.criteria() == null ? List.of() : scenario.criteria();
        for (int i = 0; i < criteria.size(); i++) {
            builder.criterion(criterion(criteria.get(i), "criteria[" + i + "]"));
        }
        List<InvariantDef> invariants = scenario.invariants() == null ? List.of() : scenario.invariants();
        for (int i = 0; i < invariants.size(); i++) {
            builder.invariant(invariant(invariants.get(i), "invariants[" + i + "]"));
        }
        if (scenario.promotion() != null) {
            PromotionDef gate = scenario.promotion();
            builder.promotionGate((run, answer) -> {
                String text = answer == null ? "" : answer;
                if (gate.maxAnswerLength() != null && text.length() > gate.maxAnswerLength()) {
                    return PromotionDecision.reject("the answer has " + text.length() + " characters, more than "
                            + gate.maxAnswerLength());
                }
                if (gate.rejectIfContains() != null && text.contains(gate.rejectIfContains())) {
                    return PromotionDecision.reject("the answer contains \"" + gate.rejectIfContains() + "\"");
                }
                return PromotionDecision.accept();
            });
        }
    }

    private static Compaction compaction(CompactionDef def, Scenario scenario) throws ScenarioException {
        Compaction.Builder compaction = Compaction.custom();
        String modelName = scenario.model() != null && scenario.model().name() != null ? scenario.model().name()
                : "scripted";
        String estimator = def.estimator() == null ? "chars" : def.estimator();
        switch (estimator) {
            case "chars" -> compaction.estimator(TokenEstimator.ofDefaults());
            case "messages" -> compaction.estimator(List::size);
            default -> throw new ScenarioException("compaction.estimator: \"" + estimator
                    + "\" is not one of chars, messages");
        }
        String strategy = def.strategy() == null ? "drop-oldest" : def.strategy();
        switch (strategy) {
            case "drop-oldest" -> compaction.strategy(CompactionStrategies.dropOldestTurns());
            case "summarize" -> {
                ScriptedModel.Builder summarizer = ScriptedModel.builder().name("summarizer").thenRepeatLast();
                if (def.summarizerError() != null) {
                    summarizer.fail(ScenarioAgent.providerError(def.summarizerError(), null,
                            "compaction.summarizerError"));
                } else {
                    summarizer.text(def.summary() == null ? "(no summary)" : def.summary());
                }
                int keep = def.keepRecentTurns() == null ? 1 : def.keepRecentTurns();
                compaction.strategy(ScenarioAgent.at("compaction.keepRecentTurns",
                        () -> CompactionStrategies.summarizeOlderTurns(summarizer.build(), keep)));
            }
            default -> throw new ScenarioException("compaction.strategy: \"" + strategy
                    + "\" is not one of drop-oldest, summarize");
        }
        try {
            if (def.contextWindow() != null) {
                compaction.contextWindow(modelName, def.contextWindow());
            }
            if (def.threshold() != null) {
                compaction.threshold(def.threshold());
            }
            if (def.target() != null) {
                compaction.target(def.target());
            }
            return compaction.build();
        } catch (IllegalArgumentException e) {
            throw new ScenarioException("compaction: " + e.getMessage());
        }
    }

    private static SuccessCriterion criterion(CriterionDef def, String at) throws ScenarioException {
        if ((def.answerContains() == null) == (def.blockedOn() == null)) {
            throw new ScenarioException(at + ": a criterion has exactly one of answerContains, blockedOn");
        }
        if (def.blockedOn() != null) {
            return SuccessCriterion.of(def.name(), (run, answer) -> CriterionResult.blocked(def.blockedOn()));
        }
        String text = def.answerContains();
        return SuccessCriterion.of(def.name(), (run, answer) -> answer != null && answer.contains(text)
                ? CriterionResult.met() : CriterionResult.notMet("the answer must mention \"" + text + "\""));
    }

    private static Invariant invariant(InvariantDef def, String at) throws ScenarioException {
        InvariantClass when;
        try {
            when = InvariantClass.valueOf(def.when().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(at + ".when: \"" + def.when() + "\" is not one of structural, semantic,"
                    + " acceptance");
        }
        int conditions = (def.mustNotContain() == null ? 0 : 1) + (def.maxToolCalls() == null ? 0 : 1)
                + (def.minToolCalls() == null ? 0 : 1);
        if (conditions != 1) {
            throw new ScenarioException(at + ": an invariant has exactly one of mustNotContain, maxToolCalls,"
                    + " minToolCalls");
        }
        if (def.mustNotContain() != null) {
            String text = def.mustNotContain();
            return Invariant.of(def.name(), when, run -> lastModelText(run).contains(text)
                    ? "the model wrote \"" + text + "\"" : null);
        }
        if (def.maxToolCalls() != null) {
            int max = def.maxToolCalls();
            return Invariant.of(def.name(), when, run -> run.toolCallCount() > max
                    ? run.toolCallCount() + " tool calls, more than " + max : null);
        }
        int min = def.minToolCalls();
        return Invariant.of(def.name(), when, run -> run.toolCallCount() < min
                ? run.toolCallCount() + " tool calls, fewer than " + min : null);
    }

    private static String lastModelText(RunContext run) {
        List<Message> transcript = run.transcript();
        for (int i = transcript.size() - 1; i >= 0; i--) {
            if (transcript.get(i) instanceof Message.Assistant assistant) {
                return assistant.content();
            }
        }
        return "";
    }

    static @Nullable Integer repairs(Scenario scenario) {
        return scenario.output() == null ? null : scenario.output().repairs();
    }
}
