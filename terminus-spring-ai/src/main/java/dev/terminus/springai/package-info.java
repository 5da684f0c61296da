/**
 * Any Spring AI chat model as a Terminus model: {@link dev.terminus.springai.SpringAiModel#of} turns a Spring AI
 * {@code ChatModel} into a {@link dev.terminus.agent.spi.Model}, and {@link dev.terminus.springai.SpringAiModel#streaming}
 * turns a {@code StreamingChatModel} into a {@link dev.terminus.agent.spi.StreamingModel}
 * ({@link dev.terminus.springai.SpringAiStreamingModel}), so the agent loop's retry policy, tool calls and typed
 * terminations govern a model a Spring application already has.
 *
 * <p>Where to start: {@code SpringAiModel.of(chatModel)} as the model of {@code Agent.builder(model)}, with the
 * client's own retries off.
 */
@NullMarked
package dev.terminus.springai;

import org.jspecify.annotations.NullMarked;
