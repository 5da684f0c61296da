package dev.terminus.mcp.internal;

import dev.terminus.agent.RunContext;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls in flight on one server, by their progress tokens: the run making each and the future its result
 * completes. A server's own requests during a call (sampling, elicitation) do not say which call they belong to, so
 * they are answered for the call in flight when it is the only one (or the run, when all calls in flight are one
 * run's), and refused otherwise rather than answered for the wrong run.
 */
final class InFlightCalls {
    /**
     * One call in flight.
     *
     * @param run the run making it
     * @param result completes with the server's answer, or exceptionally when the call cannot go on
     */
    record Call(RunContext run, CompletableFuture<McpSchema.CallToolResult> result) {}

    private final String server;
    private final Map<Object, Call> calls = new ConcurrentHashMap<>();

    InFlightCalls(String server) {
        this.server = server;
    }

    /** Notes that a call is in flight under this token. */
    void started(Object token, Call call) {
        calls.put(token, call);
    }

    /** Notes that the call under this token ended. */
    void ended(Object token) {
        calls.remove(token);
    }

    /** @return the calls in flight now */
    Collection<Call> all() {
        return calls.values();
    }

    /**
     * @param request what the server asks, for the refusal's message ({@code sampling}, {@code elicitation})
     * @return the run of every call in flight, when they are all one run's
     * @throws McpError when no call is in flight, or calls of several runs are
     */
    RunContext onlyRun(String request) {
        Set<RunContext> runs = Collections.newSetFromMap(new IdentityHashMap<>());
        calls.values().forEach(call -> runs.add(call.run()));
        if (runs.size() == 1) {
            return runs.iterator().next();
        }
        throw refused(request, runs.isEmpty() ? "no tool call is in flight on \"" + server + "\""
                : "tool calls of " + runs.size() + " runs are in flight on \"" + server + "\"; which run it is for"
                        + " cannot be told");
    }

    /**
     * @param request what the server asks, for the refusal's message
     * @return the call in flight, when there is exactly one
     * @throws McpError when none or several are
     */
    Call onlyCall(String request) {
        Collection<Call> now = java.util.List.copyOf(calls.values());
        if (now.size() == 1) {
            return now.iterator().next();
        }
        throw refused(request, now.isEmpty() ? "no tool call is in flight on \"" + server + "\""
                : now.size() + " tool calls are in flight on \"" + server + "\"; which one asks cannot be told");
    }

    private static McpError refused(String request, String why) {
        return McpError.builder(McpSchema.ErrorCodes.INVALID_REQUEST).message(request + " refused: " + why).build();
    }
}
