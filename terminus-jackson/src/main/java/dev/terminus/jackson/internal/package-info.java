/**
 * The codecs behind {@link dev.terminus.jackson.TerminusModule}. Not an API.
 */
@NullMarked
package dev.terminus.jackson.internal;

import org.jspecify.annotations.NullMarked;
