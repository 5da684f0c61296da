package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Building an agent refuses a configuration that cannot work, naming the setting. */
class AgentTest {

    private static final Model MODEL = new Model() {
        @Override
        public ModelResponse chat(dev.terminus.agent.spi.ModelRequest request) {
            return ModelResponse.text("ok", Usage.of(1, 1));
        }

        @Override
        public String name() {
            return "gpt-4o";
        }
    };

    @Test
    void aCostBudgetWithoutAPriceForTheModelIsRefusedNamingBoth() {
        // given
        AgentConfig config = AgentConfig.custom().costBudgetUsd(new BigDecimal("1.00")).build();

        // when / then
        assertThatThrownBy(() -> Agent.builder(MODEL).config(config).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("costBudgetUsd is set (1.00)")
                .hasMessageContaining("no price for model \"gpt-4o\"");
    }

    @Test
    void aCostBudgetWithAPriceForTheModelBuilds() {
        // given
        AgentConfig config = AgentConfig.custom().costBudgetUsd(new BigDecimal("1.00"))
                .prices(PriceTable.builder().price("gpt-4o", ModelPrice.of("2.50", "10.00")).build()).build();

        // when
        Agent agent = Agent.builder(MODEL).config(config).build();

        // then
        assertThat(agent.run("hi").termination()).isEqualTo(new dev.terminus.Termination.NaturalCompletion());
    }

    @Test
    void aToolNameRegisteredTwiceIsRefused() {
        // given
        Tool tool = Tools.of("echo", "echoes", (args, run) -> "x");

        // when / then
        assertThatThrownBy(() -> Agent.builder(MODEL).tool(tool).tool(tool))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tool \"echo\" is registered twice");
    }
}
