/**
 * Real model providers for the agent loop, through LangChain4j: {@link dev.terminus.langchain4j.LangChain4jModel}
 * turns any LangChain4j {@code ChatModel} into a Terminus {@link dev.terminus.agent.spi.Model}, and any
 * {@code StreamingChatModel} into a {@link dev.terminus.agent.spi.StreamingModel}
 * ({@link dev.terminus.langchain4j.LangChain4jStreamingModel}); {@link dev.terminus.langchain4j.LangChain4jModels}
 * builds the OpenAI, Anthropic and Ollama clients, streaming by default, with their own retries off, so the loop's
 * retry policy and typed terminations govern every provider failure.
 *
 * <p>Where to start: {@code LangChain4jModels.openAi(modelName, apiKey)} (or {@code anthropic}, {@code ollama}) as
 * the model of {@code Agent.builder(model)}; close it when done, to release its HTTP client.
 */
@NullMarked
package dev.terminus.langchain4j;

import org.jspecify.annotations.NullMarked;
