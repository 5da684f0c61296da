package dev.terminus.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class TerminusAgentPropertiesTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(TerminusAutoConfiguration.class));

    @Test
    void theAgentConfigBeanTakesEveryTerminusAgentProperty() {
        // given
        ApplicationContextRunner configured = runner.withPropertyValues(
                "terminus.agent.name=support",
                "terminus.agent.system-prompt=You answer customers.",
                "terminus.agent.max-iterations=7",
                "terminus.agent.max-tool-calls=3",
                "terminus.agent.token-budget=5000",
                "terminus.agent.output-token-budget=800",
                "terminus.agent.cost-budget-usd=0.25",
                "terminus.agent.prices[gpt-4o-mini].input-per-million=0.15",
                "terminus.agent.prices[gpt-4o-mini].output-per-million=0.60",
                "terminus.agent.time-budget=1500ms",
                "terminus.agent.tool-timeout=2s",
                "terminus.agent.stream-idle-timeout=0",
                "terminus.agent.stall-threshold=0",
                "terminus.agent.no-progress-threshold=5",
                "terminus.agent.max-consecutive-mistakes=2",
                "terminus.agent.parallel-tool-calls=true",
                "terminus.agent.max-output-tokens=512",
                "terminus.agent.retry.max-retries=0");

        // when / then
        configured.run(context -> {
            AgentConfig config = context.getBean(AgentConfig.class);
            assertThat(config.name()).isEqualTo("support");
            assertThat(config.systemPrompt()).contains("You answer customers.");
            assertThat(config.maxIterations()).isEqualTo(7);
            assertThat(config.maxToolCalls()).contains(3);
            assertThat(config.tokenBudget()).isEqualTo(new TokenBudget(5000L, null, 800L));
            assertThat(config.costBudgetUsd()).contains(new BigDecimal("0.25"));
            assertThat(config.prices().priceOf("gpt-4o-mini"))
                    .contains(new ModelPrice(new BigDecimal("0.15"), new BigDecimal("0.15"), new BigDecimal("0.60")));
            assertThat(config.timeBudget()).contains(Duration.ofMillis(1500));
            assertThat(config.toolTimeout()).contains(Duration.ofSeconds(2));
            assertThat(config.streamIdleTimeout()).isEmpty();
            assertThat(config.stallThreshold()).isEmpty();
            assertThat(config.noProgressThreshold()).contains(5);
            assertThat(config.maxConsecutiveMistakes()).contains(2);
            assertThat(config.parallelToolCalls()).isTrue();
            assertThat(config.maxOutputTokens()).contains(512);
            assertThat(config.retryPolicy().maxRetries()).isZero();
            assertThat(config.retryPolicy().initialBackoff()).isEqualTo(RetryPolicy.ofDefaults().initialBackoff());
        });
    }

    @Test
    void withoutPropertiesTheAgentConfigIsTheDefaults() {
        // when / then
        runner.run(context -> {
            AgentConfig config = context.getBean(AgentConfig.class);
            assertThat(config.maxIterations()).isEqualTo(AgentConfig.DEFAULT_MAX_ITERATIONS);
            assertThat(config.timeBudget()).isEmpty();
            assertThat(config.stallThreshold()).contains(AgentConfig.DEFAULT_STALL_THRESHOLD);
        });
    }

    @Test
    void aNegativeMaxIterationsFailsStartupNamingThePropertyAndTheValue() {
        assertStartupFails("terminus.agent.max-iterations=-1",
                "terminus.agent.max-iterations=-1: maxIterations must be >= 1, was -1");
    }

    @Test
    void aZeroTimeBudgetFailsStartupNamingThePropertyAndTheValue() {
        assertStartupFails("terminus.agent.time-budget=0s",
                "terminus.agent.time-budget=PT0S: timeBudget must be > 0, was PT0S");
    }

    @Test
    void aNonPositiveTokenBudgetFailsStartupNamingTheProperty() {
        assertStartupFails("terminus.agent.input-token-budget=0", "terminus.agent.input-token-budget=0: ");
    }

    @Test
    void aNegativeCostBudgetFailsStartupNamingThePropertyAndTheValue() {
        assertStartupFails("terminus.agent.cost-budget-usd=-2", "terminus.agent.cost-budget-usd=-2: ");
    }

    @Test
    void aStallThresholdOfOneFailsStartupNamingThePropertyAndTheValue() {
        assertStartupFails("terminus.agent.stall-threshold=1",
                "terminus.agent.stall-threshold=1: stallThreshold must be >= 2, was 1");
    }

    @Test
    void aNegativeRetryCountFailsStartupNamingThePropertyAndTheValue() {
        assertStartupFails("terminus.agent.retry.max-retries=-1", "terminus.agent.retry.max-retries=-1: ");
    }

    @Test
    void aPriceWithoutAnOutputPriceFailsStartupNamingTheProperty() {
        assertStartupFails("terminus.agent.prices[m].input-per-million=1",
                "terminus.agent.prices[m].output-per-million is not set");
    }

    private void assertStartupFails(String property, String message) {
        // given
        ApplicationContextRunner configured = runner.withPropertyValues(property);

        // when / then
        configured.run(context -> {
            assertThat(context).hasFailed();
            List<String> causes = new ArrayList<>();
            for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
                causes.add(cause.getClass().getSimpleName() + ": " + cause.getMessage());
            }
            assertThat(causes).anySatisfy(cause -> assertThat(cause).startsWith("IllegalArgumentException: " + message));
        });
    }
}
