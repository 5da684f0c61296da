/**
 * Extension points of the agent loop: the provider-neutral {@link dev.terminus.agent.spi.Model} boundary and the
 * typed errors providers raise so the loop can classify them, and the {@link dev.terminus.agent.spi.GateStore} where
 * runs paused at an approval gate wait for a person.
 */
@NullMarked
package dev.terminus.agent.spi;

import org.jspecify.annotations.NullMarked;
