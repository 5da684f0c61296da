/**
 * The tools of Model Context Protocol servers as Terminus tools: {@link dev.terminus.mcp.McpToolset} starts one MCP
 * client per {@link dev.terminus.mcp.McpServer} (stdio or Streamable HTTP) and offers the servers' tools to an agent.
 */
@NullMarked
package dev.terminus.mcp;

import org.jspecify.annotations.NullMarked;
