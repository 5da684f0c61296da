/**
 * The listeners behind {@link dev.terminus.opentelemetry.TerminusTelemetry}: per-run state, bounded vocabularies and
 * cached attributes. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.opentelemetry.internal;

import org.jspecify.annotations.NullMarked;
