/**
 * The mappings between Terminus and LangChain4j: messages and tool calls, tool specifications, usage, finish reasons
 * and provider errors. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.langchain4j.internal;

import org.jspecify.annotations.NullMarked;
