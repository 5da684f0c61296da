package dev.terminus.mcp.internal;

import dev.terminus.agent.ToolArgumentException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.TimeoutException;

/**
 * What a failed call means for the run. An error the server answered is the tool's failure, a mistake the model can
 * correct ({@code -32602}, invalid params, as invalid arguments); a call the server never answered or could not take
 * means the server is gone ({@link ServerDown}, which ends the run).
 */
final class Failures {
    private Failures() {}

    /**
     * @param server the server's name
     * @param tool the tool called
     * @param failure why the call failed
     * @param onTimeout what to do when the server never answered (cancel the request on the wire)
     * @return the exception the tool throws
     */
    static RuntimeException ofCall(String server, String tool, Throwable failure, Runnable onTimeout) {
        if (failure instanceof ServerDown down) {
            return down;
        }
        if (failure instanceof McpError error && error.getJsonRpcError() != null) {
            McpSchema.JSONRPCResponse.JSONRPCError answered = error.getJsonRpcError();
            if (answered.code() != null && answered.code() == McpSchema.ErrorCodes.INVALID_PARAMS) {
                return new ToolArgumentException(answered.message());
            }
            return new IllegalStateException("MCP server \"" + server + "\" answered error " + answered.code() + ": "
                    + answered.message());
        }
        if (failure instanceof TimeoutException) {
            onTimeout.run();
            return new ServerDown(server, "it did not answer the call of \"" + tool + "\" within its request timeout");
        }
        return new ServerDown(server, "the call of \"" + tool + "\" failed: " + describe(failure));
    }

    /**
     * @return the failure's message and its causes', without stack traces, for one line of text; a cause that only
     *     repeats what was said is left out
     */
    static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable e = failure; e != null && text.length() < 500; e = e.getCause() == e ? null : e.getCause()) {
            String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            if (text.indexOf(message) >= 0) {
                continue;
            }
            if (!text.isEmpty()) {
                text.append(": ");
            }
            text.append(message);
        }
        return text.toString();
    }
}
