/**
 * Extension points of Terminus on Temporal: {@link dev.terminus.temporal.spi.PayloadStore}, where payloads too large
 * for a workflow's history are kept.
 */
@NullMarked
package dev.terminus.temporal.spi;

import org.jspecify.annotations.NullMarked;
