/**
 * The JSON wire format of {@link dev.terminus.Termination}, as a Jackson module:
 * {@link dev.terminus.jackson.TerminusModule}.
 */
@NullMarked
package dev.terminus.jackson;

import org.jspecify.annotations.NullMarked;
