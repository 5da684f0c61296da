package dev.terminus.temporal.internal;

import dev.terminus.temporal.wire.WireVersion;
import io.temporal.failure.ApplicationFailure;

/**
 * The one check of an input's wire version (ADR 0045), made first by every workflow entry and every activity method:
 * a task whose input carries a version above {@link WireVersion#CURRENT} fails non-retryably, naming both versions,
 * before anything of it runs.
 */
final class WireVersions {
    private WireVersions() {}

    /**
     * @param seen the input's version
     * @param what the task, for the message, e.g. {@code "the model call of agent \"weather\""}
     * @throws ApplicationFailure non-retryable, of type {@link WireVersion#UNKNOWN_FAILURE_TYPE}, when this worker
     *     does not speak the version
     */
    static void check(int seen, String what) {
        if (seen > WireVersion.CURRENT) {
            throw ApplicationFailure.newNonRetryableFailure(message(seen, what), WireVersion.UNKNOWN_FAILURE_TYPE);
        }
    }

    /**
     * @param seen the input's version
     * @param what the task
     * @return the failure's message: both versions, the task, and what to do
     */
    static String message(int seen, String what) {
        return "this worker speaks Terminus wire version " + WireVersion.CURRENT + "; " + what + " carries version "
                + seen + ": deploy workers of a build that speaks version " + seen + " to this task queue before"
                + " clients or workflows that write it (docs/temporal.md#rolling-deploys)";
    }
}
