package dev.terminus.mcp.internal;

import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HumanInputRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Answers a server's {@code elicitation/create} (form mode) for the tool call in flight on that server. A person
 * cannot be waited for inside a call (a run paused at a gate must survive its process), so the first time a call asks
 * the run pauses instead: the call fails with {@link HumanInputNeeded} carrying the server's message and schema (the
 * loop pauses the run at a human gate and the call is cancelled on the wire), and the server's request is answered
 * {@code cancel} so its handler does not wait. When the resumed run makes the call again, the person's answer to an
 * equal request ({@code RunContext.humanInput}) is given at once: {@code accept} with the content, or {@code decline}.
 */
final class Elicitation {
    private final String source;
    private final InFlightCalls calls;

    Elicitation(String server, InFlightCalls calls) {
        this.source = "mcp:" + server;
        this.calls = calls;
    }

    /** The client's elicitation handler; it never blocks. */
    Mono<McpSchema.ElicitResult> answer(McpSchema.ElicitFormRequest request) {
        return Mono.fromCallable(() -> answered(request));
    }

    private McpSchema.ElicitResult answered(McpSchema.ElicitFormRequest request) {
        InFlightCalls.Call call = calls.onlyCall("elicitation");
        Map<String, Object> schema = request.requestedSchema() == null ? Map.of() : request.requestedSchema();
        HumanInputRequest asked = HumanInputRequest.of(request.message(), schema, source);
        Optional<HumanInputAnswer> given = call.run().humanInput(asked);
        if (given.isEmpty()) {
            call.result().completeExceptionally(new HumanInputNeeded(asked));
            return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.CANCEL, null);
        }
        return given.get().answered()
                .map(content -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, sent(content)))
                .orElseGet(() -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null));
    }

    @SuppressWarnings("NullAway") // JSON null values are sent as null
    private static Map<String, Object> sent(Map<String, @org.jspecify.annotations.Nullable Object> content) {
        return java.util.Collections.unmodifiableMap(content);
    }
}
