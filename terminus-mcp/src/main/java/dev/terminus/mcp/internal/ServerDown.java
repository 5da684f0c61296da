package dev.terminus.mcp.internal;

import dev.terminus.agent.HaltException;

/**
 * An MCP server is gone or does not answer: its process exited, its endpoint refuses, its transport broke, or a
 * request went unanswered past the request timeout. Thrown by a tool call, it ends the run {@code Halted} with the
 * source {@code tool:<name>} and a reason naming the server and what happened.
 */
public final class ServerDown extends HaltException {
    private static final long serialVersionUID = 1L;

    /**
     * @param server the server's name
     * @param why what happened to it
     */
    public ServerDown(String server, String why) {
        super("MCP server \"" + server + "\" is down: " + why);
    }
}
