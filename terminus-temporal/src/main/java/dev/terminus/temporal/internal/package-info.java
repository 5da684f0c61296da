/**
 * The implementation of Terminus on Temporal: the workflow, the activities, the workflow's clock and the proxies of
 * the model and tools. Not an API: use {@code dev.terminus.temporal}.
 */
@NullMarked
package dev.terminus.temporal.internal;

import org.jspecify.annotations.NullMarked;
