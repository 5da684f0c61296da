package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.StubRunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An agent as a tool: its schema, its arguments, and a call made outside any run. */
class SubAgentToolTest {
    private static final Model ANSWERS_PARIS = request -> ModelResponse.text("Paris", Usage.of(3, 1));

    private final Tool tool = Tools.agent("research", "Finds facts",
            Agent.builder(ANSWERS_PARIS).name("researcher").build());

    @Test
    void theToolTakesOneRequiredTaskString() {
        // when
        Map<String, ?> parameters = tool.spec().parameters();

        // then
        assertThat(tool.spec().name()).isEqualTo("research");
        assertThat(tool.spec().description()).isEqualTo("Finds facts");
        assertThat(parameters.get("required")).isEqualTo(List.of("task"));
        assertThat(parameters.get("additionalProperties")).isEqualTo(false);
        assertThat(tool).hasToString("Tool[research -> agent researcher]");
    }

    @Test
    void aMissingOrBlankTaskIsAnArgumentErrorNamingTheFieldAndTheValue() {
        // given
        Map<String, Object> blank = new HashMap<>(Map.of("task", " "));

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class).hasMessage("\"task\" must be a non-blank string, was null");
        assertThatThrownBy(() -> tool.call(blank, StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class).hasMessageContaining("\"task\"");
        assertThatThrownBy(() -> tool.call(Map.of("task", 7), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class).hasMessageEndingWith("was 7");
    }

    @Test
    void calledOutsideARunTheToolRunsTheAgentOnItsOwnAndAnswersWithItsAnswer() throws Exception {
        // when
        Object answer = tool.call(Map.of("task", "capital of France?"), StubRunContext.INSTANCE);

        // then
        assertThat(answer).isEqualTo("Paris");
    }

    @Test
    void aChildThatFailsFailsTheCallNamingTheAgentAndItsTermination() {
        // given
        Model broken = request -> {
            throw new IllegalStateException("boom");
        };
        Tool failing = Tools.agent("broken", "Breaks", Agent.builder(broken).name("breaker").build());

        // when / then
        assertThatThrownBy(() -> failing.call(Map.of("task", "t"), StubRunContext.INSTANCE))
                .hasMessageStartingWith("agent \"breaker\" ended Failed[").hasMessageEndingWith("(FAILED)");
    }
}
