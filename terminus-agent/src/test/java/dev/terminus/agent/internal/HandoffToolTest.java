package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.StubRunContext;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The transfer_to_ tool of a handoff: its name, its description, and the agent it resolves. */
class HandoffToolTest {
    private static final Model MODEL = request -> ModelResponse.text("ok", Usage.of(1, 1));

    @Test
    void theToolIsNamedAfterTheAgentAndDescribesTheHandoverUnlessGivenADescription() {
        // when
        var made = new HandoffTool("billing", null, () -> Agent.builder(MODEL).name("billing").build());
        var described = new HandoffTool("billing", "For invoices", () -> Agent.builder(MODEL).name("billing").build());

        // then
        assertThat(made.spec().name()).isEqualTo("transfer_to_billing");
        assertThat(made.spec().description()).contains("billing");
        assertThat(described.spec().description()).isEqualTo("For invoices");
        assertThat(made.spec().parameters()).containsEntry("type", "object");
    }

    @Test
    void aSuppliedAgentOfAnotherNameIsRefusedNamingBoth() {
        // given
        var tool = new HandoffTool("billing", null, () -> Agent.builder(MODEL).name("sales").build());

        // when / then
        assertThatThrownBy(tool::target).isInstanceOf(IllegalStateException.class)
                .hasMessage("the handoff to \"billing\" supplied agent \"sales\"");
    }

    @Test
    void noSuppliedAgentIsRefusedNamingTheHandoff() {
        // given
        var tool = new HandoffTool("billing", null, () -> null);

        // when / then
        assertThatThrownBy(tool::target).isInstanceOf(IllegalStateException.class)
                .hasMessage("the handoff to \"billing\" supplied no agent");
    }

    @Test
    void calledOutsideARunTheToolRefusesToHandAnythingOver() {
        // given
        var tool = new HandoffTool("billing", null, () -> Agent.builder(MODEL).name("billing").build());

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("transfer_to_billing");
    }

    @Test
    void aBlankHandoffNameOrANegativeBoundIsRefusedByTheBuilderNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> Agent.builder(MODEL).handoff(" ", null, () -> null))
                .hasMessage("handoff name must not be blank, was \" \"");
        assertThatThrownBy(() -> Agent.builder(MODEL).maxHandoffs(-1)).hasMessage("maxHandoffs must be >= 0, was -1");
    }
}
