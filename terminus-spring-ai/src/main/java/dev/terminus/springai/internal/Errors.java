package dev.terminus.springai.internal;

import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ProviderError;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import org.jspecify.annotations.Nullable;

/**
 * Classifies what a Spring AI model threw into the {@link ModelException} the loop acts on. The HTTP status and the
 * provider's error come first (see {@link HttpFailure} for the clients read), then transport failures:
 *
 * <ul>
 *   <li>401, 403: {@link ModelException.AuthenticationFailed};</li>
 *   <li>429: {@link ModelException.RateLimited};</li>
 *   <li>5xx: {@link ModelException.ServerError};</li>
 *   <li>408, a timeout, a refused or broken connection, an unresolved host (any I/O failure but a JSON one):
 *       {@link ModelException.Timeout};</li>
 *   <li>a prompt too long for the context window ({@code code: "context_length_exceeded"} or the providers' words for
 *       it, see {@link ContextLength}), or 413: {@link ModelException.ContextLengthExceeded} with the numbers the
 *       message gives;</li>
 *   <li>a content-filter error ({@code code: "content_filter"}): {@link ModelException.Refused} with reason
 *       {@code content_filter};</li>
 *   <li>any other 4xx (an unknown model, a request the provider cannot take): {@link ModelException.ClientError},
 *       which the loop ends {@code Failed} with {@code CONFIGURATION} without a retry;</li>
 *   <li>an error event in a stream that began {@code 200 OK}, by its type or code as the same error's status:
 *       {@code server_error}, {@code api_error}, {@code overloaded_error} as a {@link ModelException.ServerError}, a
 *       rate limit as {@link ModelException.RateLimited}, a prompt too long, a content filter as above;</li>
 *   <li>an interrupt: an {@link InterruptedException}, so the loop ends the run as cancelled or out of time;</li>
 *   <li>anything else: the exception itself, which the loop ends {@code Failed} with {@code UNKNOWN}.</li>
 * </ul>
 *
 * A {@link ModelException}'s message says the status and the provider's message, and keeps what was thrown as its
 * cause.
 */
public final class Errors {
    private static final int MAX_DEPTH = 32;

    private Errors() {}

    /**
     * @param error what the Spring AI model threw, or what its stream failed with
     * @return the exception to throw to the loop
     */
    public static Exception classify(Throwable error) {
        if (error instanceof ModelException classified) {
            return classified;
        }
        HttpFailure http = null;
        Throwable transport = null;
        int depth = 0;
        for (Throwable e = error; e != null && depth < MAX_DEPTH; e = e.getCause(), depth++) {
            if (e instanceof InterruptedException || e instanceof ClosedByInterruptException
                    || e instanceof InterruptedIOException && Thread.currentThread().isInterrupted()) {
                InterruptedException interrupted = new InterruptedException("the model call was interrupted");
                interrupted.initCause(error);
                return interrupted;
            }
            if (http == null) {
                http = HttpFailure.of(e);
            }
            if (transport == null && (e instanceof IOException && !isJson(e)
                    || e instanceof java.util.concurrent.TimeoutException)) {
                transport = e;
            }
        }
        if (http != null) {
            Exception byStatus = byStatus(http, error);
            if (byStatus != null) {
                return byStatus;
            }
        }
        if (transport != null) {
            return new ModelException.Timeout("the call to the provider failed: " + describe(transport), error);
        }
        return error instanceof Exception e ? e : new IllegalStateException("the model failed", error);
    }

    private static @Nullable Exception byStatus(HttpFailure http, Throwable error) {
        int status = http.status();
        ProviderError body = http.error();
        if (status < 400) {
            return body.forStreamEvent("the provider's stream (HTTP " + status + ") sent an error event"
                    + body.summary(), error);
        }
        return body.forStatus(status, "HTTP " + status + body.summary(), null, error);
    }

    /** Jackson's parse failures are {@code IOException}s in Jackson 2: a body that is not JSON is no transport fault. */
    private static boolean isJson(Throwable e) {
        return e instanceof com.fasterxml.jackson.core.JacksonException;
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
