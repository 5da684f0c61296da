package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConvergenceRecipesTest {
    private static final ConvergenceAgent QUIET = ConvergenceAgent.of("quiet", Trigger.once(),
            (context, cycle) -> Reply.nothing());
    private static final ConvergenceRecipe RECIPE = materials -> ConvergenceEngine.builder()
            .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock()).build();

    @Test
    void anEngineIsFoundByItsNameWithItsAgentsAndRecipe() {
        // given
        ConvergenceRecipes recipes = ConvergenceRecipes.builder().engine("reconcile", List.of(QUIET), RECIPE).build();

        // when
        ConvergenceRecipes.Registered found = recipes.registered("reconcile");

        // then
        assertThat(found.agents()).containsExactly(QUIET);
        assertThat(found.recipe()).isSameAs(RECIPE);
        assertThat(recipes.names()).containsExactly("reconcile");
        assertThat(recipes.turnTimeout()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheRegisteredOnes() {
        // given
        ConvergenceRecipes recipes = ConvergenceRecipes.builder().engine("reconcile", List.of(QUIET), RECIPE).build();

        // when / then
        assertThatThrownBy(() -> recipes.registered("nothing"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no convergence engine is registered as \"nothing\"; registered: [reconcile]");
    }

    @Test
    void aNameRegisteredTwiceAnEngineWithoutAgentsAndAnAgentTwiceAreRefusedNamingThem() {
        // given
        ConvergenceRecipes.Builder builder = ConvergenceRecipes.builder().engine("reconcile", List.of(QUIET), RECIPE);

        // when / then
        assertThatThrownBy(() -> builder.engine("reconcile", List.of(QUIET), RECIPE))
                .hasMessage("convergence engine \"reconcile\" is registered twice");
        assertThatThrownBy(() -> builder.engine("empty", List.of(), RECIPE))
                .hasMessage("engine \"empty\" has no agents");
        assertThatThrownBy(() -> builder.engine("twice", List.of(QUIET, QUIET), RECIPE))
                .hasMessage("engine \"twice\" has agent \"quiet\" twice");
    }

    @Test
    void aTurnTimeoutThatIsNotPositiveIsRefusedNamingIt() {
        // given
        ConvergenceRecipes.Builder builder = ConvergenceRecipes.builder();

        // when / then
        assertThatThrownBy(() -> builder.turnTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("turnTimeout must be positive, was PT0S");
        assertThat(builder.turnTimeout(Duration.ofSeconds(30)).build().turnTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aContinueAsNewThresholdOrPayloadLimitTooSmallIsRefusedNamingItAndTheDefaultsAreAgentRunsOnes() {
        // given
        ConvergenceRecipes.Builder builder = ConvergenceRecipes.builder();

        // when / then
        assertThatThrownBy(() -> builder.continueAsNewAfter(99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("continueAsNewAfter must be at least 100 events, was 99");
        assertThatThrownBy(() -> builder.payloadLimit(1_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("payloadLimit must be at least 65536 bytes, was 1000");
        ConvergenceRecipes defaults = builder.build();
        assertThat(defaults.continueAsNewAfter()).isEqualTo(AgentRecipes.DEFAULT_CONTINUE_AS_NEW_AFTER);
        assertThat(defaults.payloadLimit()).isEqualTo(AgentRecipes.DEFAULT_PAYLOAD_LIMIT);
    }
}
