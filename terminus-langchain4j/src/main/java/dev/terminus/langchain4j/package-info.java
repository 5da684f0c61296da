/**
 * Real model providers for the agent loop, through LangChain4j: {@link dev.terminus.langchain4j.LangChain4jModel}
 * turns any LangChain4j {@code ChatModel} into a Terminus {@link dev.terminus.agent.spi.Model}, and
 * {@link dev.terminus.langchain4j.LangChain4jModels} builds the OpenAI, Anthropic and Ollama clients with their own
 * retries off, so the loop's retry policy and typed terminations govern every provider failure.
 */
@NullMarked
package dev.terminus.langchain4j;

import org.jspecify.annotations.NullMarked;
