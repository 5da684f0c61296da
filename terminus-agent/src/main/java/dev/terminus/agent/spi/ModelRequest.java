package dev.terminus.agent.spi;

import dev.terminus.Message;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the loop asks a model. The lists are read-only views owned by the loop and valid for the duration of the
 * call: a model that keeps them must copy them.
 *
 * @param messages the transcript so far, system prompt first
 * @param tools the tools offered in this call (empty when none are)
 * @param maxOutputTokens the output cap, if configured
 */
public record ModelRequest(List<Message> messages, List<ToolSpec> tools, @Nullable Integer maxOutputTokens) {}
