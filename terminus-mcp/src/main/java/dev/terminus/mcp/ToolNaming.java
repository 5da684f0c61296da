package dev.terminus.mcp;

/**
 * How a server's tools are named among the agent's tools. A Terminus tool's name is letters, digits, {@code _} and
 * {@code -}, at most 64 characters: any other character of an MCP tool's name becomes {@code _}. Two tools that end
 * up with one name, or a name longer than 64 characters, make {@link McpToolset#start()} fail, naming both servers.
 */
public enum ToolNaming {

    /** Every tool is named {@code <server>__<tool>}: servers can never collide, the model sees where a tool is from. */
    PREFIXED,

    /**
     * Every tool keeps its own name: shorter names for the model, and a name two servers share is refused when the
     * toolset starts.
     */
    PLAIN;

    /** The separator of {@link #PREFIXED} names. */
    public static final String SEPARATOR = "__";

    /**
     * @param server the server's name
     * @param tool the tool's name on that server
     * @return the tool's name among the agent's tools (not yet checked for length)
     */
    public String name(String server, String tool) {
        String plain = tool.replaceAll("[^A-Za-z0-9_-]", "_");
        return this == PREFIXED ? server + SEPARATOR + plain : plain;
    }
}
