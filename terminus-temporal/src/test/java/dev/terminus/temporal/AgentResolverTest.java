package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A worker's recipes resolve the agents that runs define by a document, once per name and digest. */
class AgentResolverTest {
    private static final AgentRecipe RECIPE = materials -> Agent.builder(materials.model()).clock(materials.clock())
            .build();

    @Test
    void aRunOfARegisteredAgentIsKeyedByItsNameAndADefinedOneByItsNameAndTheDigestOfItsDocument() {
        // given
        AgentRecipes recipes = AgentRecipes.builder().build();

        // when
        String registered = recipes.key(new AgentRunInput("greeter", "go"));
        String defined = recipes.key(AgentRunInput.defined("greeter", "go", "{\"script\": []}"));

        // then
        assertThat(registered).isEqualTo("greeter");
        assertThat(defined).matches("greeter@[0-9a-f]{32}");
        assertThat(recipes.key(AgentRunInput.defined("greeter", "go", "{\"script\": [1]}"))).isNotEqualTo(defined);
    }

    @Test
    void aDefinedAgentIsResolvedOnceForEveryRunOfItsDocument() {
        // given
        AtomicInteger resolved = new AtomicInteger();
        AgentRecipes recipes = AgentRecipes.builder().resolver((name, definition) -> {
            resolved.incrementAndGet();
            return new AgentRecipes.Registered(name, request -> ModelResponse.text(definition, Usage.of(1, 1)),
                    List.of(), RECIPE);
        }).build();
        String key = recipes.key(AgentRunInput.defined("echo", "go", "hello"));

        // when
        AgentRecipes.Registered first = recipes.registered(key);
        AgentRecipes.Registered second = recipes.registered(recipes.key(AgentRunInput.defined("echo", "go", "hello")));

        // then
        assertThat(second).isSameAs(first);
        assertThat(first.name()).isEqualTo("echo");
        assertThat(resolved).hasValue(1);
    }

    @Test
    void aDefinedAgentOnAWorkerWithoutAResolverIsRefusedNamingTheBuilderMethod() {
        // given
        AgentRecipes recipes = AgentRecipes.builder().build();
        String key = recipes.key(AgentRunInput.defined("echo", "go", "hello"));

        // when / then
        assertThatThrownBy(() -> recipes.registered(key)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent \"echo\" is defined by its run's input, but this worker's recipes resolve no"
                        + " defined agents (AgentRecipes.Builder.resolver)");
    }

    @Test
    void aKeyWhoseDocumentTheWorkerNeverSawOutsideAnActivityIsRefusedNamingIt() {
        // given
        AgentRecipes recipes = AgentRecipes.builder().resolver((name, definition) -> {
            throw new AssertionError("not resolved");
        }).build();

        // when / then
        assertThatThrownBy(() -> recipes.registered("echo@00000000000000000000000000000000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the definition of agent \"echo@00000000000000000000000000000000\" is unknown to this"
                        + " worker and is not its workflow's input");
    }
}
