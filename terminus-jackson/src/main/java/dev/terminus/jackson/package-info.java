/**
 * The JSON wire format of {@link dev.terminus.Termination}, as a Jackson module:
 * {@link dev.terminus.jackson.TerminusModule}.
 *
 * <p>Where to start: register a {@link dev.terminus.jackson.TerminusModule} on your {@code ObjectMapper}; it writes and
 * reads every termination, message and tool call in the wire format.
 */
@NullMarked
package dev.terminus.jackson;

import org.jspecify.annotations.NullMarked;
