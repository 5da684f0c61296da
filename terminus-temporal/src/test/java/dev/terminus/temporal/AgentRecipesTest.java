package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentRecipesTest {
    private static final Model MODEL = request -> ModelResponse.text("hi", Usage.of(1, 1));
    private static final AgentRecipe RECIPE = materials -> Agent.builder(materials.model()).clock(materials.clock())
            .build();
    private static final Tool ECHO = Tools.of("echo", "Echoes", (arguments, run) -> "echo");

    @Test
    void anAgentIsFoundByItsName() {
        // given
        AgentRecipes recipes = AgentRecipes.custom().agent("greeter", MODEL, List.of(ECHO), RECIPE).build();

        // when
        AgentRecipes.Registered found = recipes.registered("greeter");

        // then
        assertThat(found.model()).isSameAs(MODEL);
        assertThat(found.tools()).containsExactly(ECHO);
        assertThat(found.recipe()).isSameAs(RECIPE);
        assertThat(recipes.names()).containsExactly("greeter");
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheRegisteredOnes() {
        // given
        AgentRecipes recipes = AgentRecipes.custom().agent("greeter", MODEL, List.of(), RECIPE).build();

        // when / then
        assertThatThrownBy(() -> recipes.registered("grumbler")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no agent is registered as \"grumbler\"; registered: [greeter]");
    }

    @Test
    void aNameRegisteredTwiceIsRefused() {
        // given
        AgentRecipes.Builder builder = AgentRecipes.custom().agent("greeter", MODEL, List.of(), RECIPE);

        // when / then
        assertThatThrownBy(() -> builder.agent("greeter", MODEL, List.of(), RECIPE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("agent \"greeter\" is registered twice");
    }

    @Test
    void aToolRegisteredTwiceForOneAgentIsRefused() {
        // when / then
        assertThatThrownBy(() -> AgentRecipes.custom().agent("greeter", MODEL, List.of(ECHO, ECHO), RECIPE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent \"greeter\" has tool \"echo\" twice");
    }

    @Test
    void theCallTimeoutIsTenMinutesUnlessSetAndMustBePositive() {
        // given
        AgentRecipes.Builder builder = AgentRecipes.custom();

        // when
        Duration byDefault = builder.build().callTimeout();
        Duration set = builder.callTimeout(Duration.ofSeconds(30)).build().callTimeout();

        // then
        assertThat(byDefault).isEqualTo(Duration.ofMinutes(10));
        assertThat(set).isEqualTo(Duration.ofSeconds(30));
        assertThatThrownBy(() -> builder.callTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("callTimeout must be positive, was PT0S");
    }
}
