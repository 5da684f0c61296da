package dev.terminus.cli.scenario;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.TokenBudget;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The {@link AgentConfig} a scenario's agent has: its name, system prompt, limits, budgets, guards and prices. A bad
 * value is a {@link ScenarioException} naming its field.
 */
final class ScenarioConfig {

    private ScenarioConfig() {}

    /**
     * @param scenario a scenario, or a named agent of one
     * @param name the agent's name, or null for one made from the scenario's name ({@code scenario} when it has none)
     * @return the agent's configuration
     * @throws ScenarioException naming the field that cannot work
     */
    static AgentConfig of(Scenario scenario, @Nullable String name) throws ScenarioException {
        AgentConfig.Builder config = AgentConfig.custom().name(name != null ? name
                : scenario.name() == null ? "scenario" : slug(scenario.name()));
        try {
            if (scenario.system() != null) config.systemPrompt(scenario.system());
            if (scenario.finalAnswerTool() != null) config.finalAnswerTool(scenario.finalAnswerTool());
            if (ScenarioRules.repairs(scenario) != null) {
                config.structuredOutputRepairs(ScenarioRules.repairs(scenario));
            }
            Scenario.Limits l = scenario.limits();
            if (l != null) {
                if (l.maxIterations() != null) config.maxIterations(l.maxIterations());
                if (l.maxToolCalls() != null) config.maxToolCalls(l.maxToolCalls());
                if (l.tokenBudget() != null) {
                    config.tokenBudget(new TokenBudget(l.tokenBudget().total(), l.tokenBudget().input(), l.tokenBudget().output()));
                }
                if (l.costBudgetUsd() != null) config.costBudgetUsd(l.costBudgetUsd());
                if (l.timeBudgetMs() != null) config.timeBudget(Duration.ofMillis(l.timeBudgetMs()));
                if (l.interruptGraceMs() != null) config.interruptGrace(Duration.ofMillis(l.interruptGraceMs()));
                if (l.budgetPressureThreshold() != null) config.budgetPressureThreshold(l.budgetPressureThreshold());
                // 0 switches a guard off
                if (l.noProgressThreshold() != null) {
                    if (l.noProgressThreshold() == 0) config.withoutNoProgressThreshold();
                    else config.noProgressThreshold(l.noProgressThreshold());
                }
                if (l.stallThreshold() != null) {
                    if (l.stallThreshold() == 0) config.withoutStallThreshold();
                    else config.stallThreshold(l.stallThreshold());
                }
                if (l.maxConsecutiveMistakes() != null) {
                    if (l.maxConsecutiveMistakes() == 0) config.withoutMaxConsecutiveMistakes();
                    else config.maxConsecutiveMistakes(l.maxConsecutiveMistakes());
                }
                if (l.maxOutputTokens() != null) config.maxOutputTokens(l.maxOutputTokens());
                if (l.toolTimeoutMs() != null) config.toolTimeout(Duration.ofMillis(l.toolTimeoutMs()));
                if (l.parallelToolCalls() != null) config.parallelToolCalls(l.parallelToolCalls());
                if (l.retries() != null) {
                    config.retryPolicy(l.retries().policy());
                }
                if (l.streamIdleTimeoutMs() != null) {
                    // 0: no idle timeout; a negative one is refused as the file is read (FileRules)
                    if (l.streamIdleTimeoutMs() == 0) config.withoutStreamIdleTimeout();
                    else config.streamIdleTimeout(Duration.ofMillis(l.streamIdleTimeoutMs()));
                }
            }
            if (scenario.prices() != null) {
                PriceTable.Builder prices = PriceTable.builder();
                scenario.prices().forEach((model, p) -> prices.price(model, new ModelPrice(p.inputPerMillion(),
                        p.cachedInputPerMillion() == null ? p.inputPerMillion() : p.cachedInputPerMillion(),
                        p.outputPerMillion())));
                config.prices(prices.build());
            }
            return config.build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ScenarioException("limits: " + e.getMessage());
        }
    }

    private static String slug(String name) {
        String slug = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "scenario" : slug;
    }
}
