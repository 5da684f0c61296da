/**
 * The MCP clients behind {@link dev.terminus.mcp.McpToolset}: connections, calls, their cancellation and results.
 * Not an API.
 */
@NullMarked
package dev.terminus.mcp.internal;

import org.jspecify.annotations.NullMarked;
