/**
 * The tools of Model Context Protocol servers as Terminus tools: {@link dev.terminus.mcp.McpToolset} starts one MCP
 * client per {@link dev.terminus.mcp.McpServer} (stdio or Streamable HTTP) and offers the servers' tools to an agent.
 *
 * <p>Where to start: {@code McpToolset.builder().server(McpServer.stdio(name, command...)).start()}, then
 * {@code Agent.builder(model).tools(toolset.tools())}; close the toolset to stop its servers.
 */
@NullMarked
package dev.terminus.mcp;

import org.jspecify.annotations.NullMarked;
