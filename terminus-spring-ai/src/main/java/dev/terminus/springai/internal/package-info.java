/**
 * The mappings between Terminus and Spring AI: messages and tool calls, tool definitions, usage, finish reasons and
 * provider errors, and the reading of a streamed answer. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.springai.internal;

import org.jspecify.annotations.NullMarked;
