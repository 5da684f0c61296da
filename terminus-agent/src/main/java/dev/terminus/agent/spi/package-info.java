/**
 * Extension points of the agent loop: the provider-neutral {@link dev.terminus.agent.spi.Model} boundary and the
 * typed errors providers raise so the loop can classify them, and the {@link dev.terminus.agent.spi.GateStore} where
 * runs paused at an approval gate wait for a person.
 *
 * <p>Where to start: implement {@link dev.terminus.agent.spi.Model} to bring a provider of your own (or use
 * {@code terminus-langchain4j}), and {@link dev.terminus.agent.spi.GateStore} to keep paused runs somewhere other
 * than files.
 */
@NullMarked
package dev.terminus.agent.spi;

import org.jspecify.annotations.NullMarked;
