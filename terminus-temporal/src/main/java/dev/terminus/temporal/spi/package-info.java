/**
 * Extension points of Terminus on Temporal: {@link dev.terminus.temporal.spi.PayloadStore}, where payloads too large
 * for a workflow's history are kept.
 *
 * <p>Where to start: {@code DirectoryPayloadStore} keeps them in a shared directory; implement
 * {@link dev.terminus.temporal.spi.PayloadStore} for an object store.
 */
@NullMarked
package dev.terminus.temporal.spi;

import org.jspecify.annotations.NullMarked;
