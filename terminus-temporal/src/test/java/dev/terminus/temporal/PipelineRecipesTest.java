package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.PipelineRunOutput;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pipelines a worker knows, the ids of their children, and the wire types refuse bad values naming them. */
class PipelineRecipesTest {
    private static final PipelineRecipe ONE_STAGE = m -> m.builder("one")
            .stage(m.agent("only", "writer", ctx -> ctx.input())).build();

    @Test
    void aDefinedPipelineIsBuiltByTheResolverAndARegisteredOneByItsName() {
        // given
        PipelineRecipe defined = m -> m.builder("defined").stage(m.agent("a", "writer", ctx -> "")).build();
        PipelineRecipes recipes = PipelineRecipes.builder().pipeline("one", ONE_STAGE)
                .resolver((name, definition) -> definition.equals("{}") ? defined : ONE_STAGE).build();

        // when / then
        assertThat(recipes.recipe(new PipelineRunInput("one", "x"))).isSameAs(ONE_STAGE);
        assertThat(recipes.recipe(new PipelineRunInput("whatever", "x", "{}"))).isSameAs(defined);
        assertThat(recipes.names()).containsExactly("one");
    }

    @Test
    void anUnknownNameADefinitionWithoutResolverAndATwiceRegisteredNameAreRefusedNamingThem() {
        // given
        PipelineRecipes recipes = PipelineRecipes.builder().pipeline("one", ONE_STAGE).build();

        // when / then
        assertThatThrownBy(() -> recipes.recipe(new PipelineRunInput("two", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"two\"")
                .hasMessageContaining("[one]");
        assertThatThrownBy(() -> recipes.recipe(new PipelineRunInput("two", "x", "{}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no resolver");
        assertThatThrownBy(() -> PipelineRecipes.builder().pipeline("one", ONE_STAGE).pipeline("one", ONE_STAGE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"one\" is registered twice");
        assertThatThrownBy(() -> new PipelineRunInput(" ", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PipelineRunInput.pipelineName");
    }

    @Test
    void aChildIdEndsWithItsAttemptSoStageNamesWithSlashesNeverShareOne() {
        // when / then
        assertThat(PipelineWorkflows.childId("p-1", "research", 1)).isEqualTo("p-1/research/1");
        assertThat(PipelineWorkflows.childId("p-1", "a/1", 2)).isEqualTo("p-1/a/1/2")
                .isNotEqualTo(PipelineWorkflows.childId("p-1", "a", 1));
        assertThatThrownBy(() -> PipelineWorkflows.childId("p-1", "research", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("attempt must be >= 1, was 0");
    }

    @Test
    void aStageOutputWithANegativeAttemptCountIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> new PipelineRunOutput.StageOutput("s", null, new Termination.Completed(),
                Outcome.SUCCEEDED, -1, 0, Usage.ZERO, BigDecimal.ZERO, null, null, null, List.of(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("StageOutput.attempts");
    }
}
