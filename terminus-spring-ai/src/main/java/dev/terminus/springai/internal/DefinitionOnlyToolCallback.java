package dev.terminus.springai.internal;

import dev.terminus.agent.spi.ToolSpec;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A Terminus tool offered to a Spring AI model: its definition (name, description, JSON Schema) reaches the model,
 * and the model's calls to it come back in its answer for the Terminus loop to run. Spring AI's {@code ChatModel}s do
 * not run tools themselves; should anything (a {@code ChatClient} advisor handed this model's options) call this
 * callback, it refuses with an {@link IllegalStateException} rather than run the tool outside the loop's limits,
 * approvals and records.
 */
final class DefinitionOnlyToolCallback implements ToolCallback {
    private final ToolDefinition definition;

    DefinitionOnlyToolCallback(ToolSpec spec) {
        this.definition = ToolDefinition.builder()
                .name(spec.name())
                .description(spec.description())
                .inputSchema(Json.write(spec.parameters()))
                .build();
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    @Override
    public String call(String toolInput) {
        throw new IllegalStateException("tool " + definition.name() + " is run by the Terminus agent loop, never by "
                + "Spring AI: do not hand a Terminus request's options to a ChatClient or ToolCallingManager");
    }

    @Override
    public String call(String toolInput, @Nullable ToolContext toolContext) {
        return call(toolInput);
    }

    @Override
    public String toString() {
        return "DefinitionOnlyToolCallback[" + definition.name() + "]";
    }
}
