package dev.terminus.langchain4j.internal;

import com.fasterxml.jackson.core.JacksonException;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ProviderError;
import java.io.IOException;
import java.time.Duration;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.UnresolvedAddressException;
import org.jspecify.annotations.Nullable;

/**
 * Classifies what a LangChain4j model threw into the {@link ModelException} the loop acts on. The HTTP status and
 * the provider's error body come first (LangChain4j keeps them in an {@link HttpException} among the causes), then
 * LangChain4j's own exception types (for models that throw them without a status), then transport failures:
 *
 * <ul>
 *   <li>401, 403, {@link AuthenticationException}: {@link ModelException.AuthenticationFailed} (401 when no status
 *       is known);</li>
 *   <li>429, {@link RateLimitException}: {@link ModelException.RateLimited};</li>
 *   <li>5xx (Anthropic's 529 {@code overloaded_error} too), {@link InternalServerException}:
 *       {@link ModelException.ServerError} (500 when no status is known);</li>
 *   <li>a 429 or 5xx that came with a {@code Retry-After} ({@link ProviderHttpException}) carries it as
 *       {@link ModelException#retryAfter()}, and its message says it;</li>
 *   <li>408, LangChain4j's {@code TimeoutException}, an HTTP or socket timeout, a refused or broken connection, an
 *       unresolved host (any I/O failure but a JSON one): {@link ModelException.Timeout};</li>
 *   <li>a prompt too long for the context window (see {@link ProviderError}), or 413: {@link
 *       ModelException.ContextLengthExceeded} with the numbers the message gives;</li>
 *   <li>an error event in the middle of a stream, as the same error's status ({@link StreamErrorEvents});</li>
 *   <li>a content-filter error ({@code code: "content_filter"}, {@link ContentFilteredException}):
 *       {@link ModelException.Refused} with reason {@code content_filter};</li>
 *   <li>any other 4xx (a 400 not recognized above, a 404 for an unknown model, a 422):
 *       {@link ModelException.ClientError} with its status, which the loop ends {@code Failed} with
 *       {@code CONFIGURATION} without a retry;</li>
 *   <li>an interrupt: the {@link InterruptedException}, so the loop ends the run as cancelled or out of time;</li>
 *   <li>anything else (no status, or one outside 4xx and 5xx): the exception itself, which the loop ends
 *       {@code Failed} with {@code UNKNOWN}; when its text holds the API key, a {@link RuntimeException} in its
 *       place that says the same with the key cut out.</li>
 * </ul>
 *
 * A {@link ModelException}'s message says the status and the provider's message; the API key, when known, is cut out
 * of it, and the cause is left out when the provider's text held the key. Whatever is returned, no message in it or
 * in its causes holds the key.
 */
public final class Errors {
    private static final int MAX_DEPTH = 32;
    private static final String REDACTED = "[redacted]";

    private Errors() {}

    /**
     * @param error what the LangChain4j model threw
     * @param secret the API key to keep out of messages, or null
     * @return the exception to throw to the loop
     */
    public static Exception classify(Throwable error, @Nullable String secret) {
        if (error instanceof ModelException classified) {
            return classified;
        }
        HttpException http = null;
        Throwable transport = null;
        int depth = 0;
        for (Throwable e = error; e != null && depth < MAX_DEPTH; e = e.getCause(), depth++) {
            if (e instanceof InterruptedException interrupted) {
                return interrupted;
            }
            if (e instanceof ClosedByInterruptException) {
                InterruptedException interrupted = new InterruptedException("the model call was interrupted");
                interrupted.initCause(error);
                return interrupted;
            }
            if (e instanceof HttpException found && http == null) {
                http = found;
            }
            if ((e instanceof IOException && !(e instanceof JacksonException)
                    || e instanceof UnresolvedAddressException
                    || e instanceof java.util.concurrent.TimeoutException
                    || e instanceof dev.langchain4j.exception.TimeoutException
                    || e instanceof UnresolvedModelServerException)) {
                // the deepest one says best what failed, but for a refused connection, which the JDK client
                // throws around a ClosedChannelException that says nothing of the refusal
                if (!(transport instanceof java.net.ConnectException)) {
                    transport = e;
                }
            }
        }
        if (http != null) {
            Exception byStatus = byStatus(http, ProviderError.parse(http.getMessage()), error, secret);
            return byStatus != null ? byStatus : unclassified(error, secret);
        }
        Exception event = StreamErrorEvents.classify(error, secret);
        if (event != null) {
            return event;
        }
        Exception byType = byType(error, secret);
        if (byType != null) {
            return byType;
        }
        if (transport != null) {
            return new ModelException.Timeout(redact("the call to the provider failed: " + describe(transport), secret),
                    causeOf(error, secret));
        }
        return unclassified(error, secret);
    }

    /** The error as it was thrown, or, when its text holds the secret, one that says the same without it. */
    private static Exception unclassified(Throwable error, @Nullable String secret) {
        if (causeOf(error, secret) == null) {
            RuntimeException redacted = new RuntimeException(redact(describe(error), secret));
            redacted.setStackTrace(error.getStackTrace());
            return redacted;
        }
        return error instanceof Exception e ? e : new RuntimeException(error);
    }

    private static @Nullable Exception byStatus(HttpException http, ProviderError body, Throwable error,
            @Nullable String secret) {
        int status = http.statusCode();
        Duration retryAfter = http instanceof ProviderHttpException hinted ? hinted.retryAfter() : null;
        String message = redact("HTTP " + status + body.summary(), secret)
                + (retryAfter == null ? "" : " (Retry-After: " + retryAfter.toMillis() + " ms)");
        return body.forStatus(status, message, retryAfter, causeOf(error, secret));
    }

    private static @Nullable Exception byType(Throwable error, @Nullable String secret) {
        String message = redact(describe(error), secret);
        Throwable cause = causeOf(error, secret);
        return switch (error) {
            case AuthenticationException e -> new ModelException.AuthenticationFailed(401, message, cause);
            case RateLimitException e -> new ModelException.RateLimited(message, cause);
            case InternalServerException e -> new ModelException.ServerError(500, message, cause);
            case ContentFilteredException e -> new ModelException.Refused("content_filter", message, cause);
            case InvalidRequestException e -> ProviderError.contextLengthExceeded(error.getMessage(), null, message, cause);
            default -> null;
        };
    }

    /** The original exception as the cause, unless its text holds the secret. */
    static @Nullable Throwable causeOf(Throwable error, @Nullable String secret) {
        int depth = 0;
        for (Throwable e = error; e != null && depth < MAX_DEPTH; e = e.getCause(), depth++) {
            if (secret != null && e.getMessage() != null && e.getMessage().contains(secret)) {
                return null;
            }
        }
        return error;
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /**
     * @param text a message
     * @param secret what to cut out of it, or null
     * @return the message with every occurrence of the secret replaced by {@code [redacted]}
     */
    static String redact(String text, @Nullable String secret) {
        return secret == null || secret.isEmpty() ? text : text.replace(secret, REDACTED);
    }
}
