package dev.terminus.agent.spi;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A classified provider failure. Each subtype decides how the loop ends or retries:
 *
 * <ul>
 *   <li>{@link AuthenticationFailed} (401/403): {@code ProviderAuthFailed}, never retried;</li>
 *   <li>{@link RateLimited} (429): retried with backoff, then {@code Failed} with {@code RESOURCE};</li>
 *   <li>{@link ServerError} (5xx) and {@link Timeout}: retried, then {@code Failed} with {@code EXTERNAL};</li>
 *   <li>{@link ClientError} (any other 4xx: an unknown model, a malformed request): {@code Failed} with
 *       {@code CONFIGURATION}, never retried;</li>
 *   <li>{@link ContextLengthExceeded}: compaction when configured, else {@code PromptTooLong};</li>
 *   <li>{@link Refused} (refusal, content filter): {@code AgentRefused}.</li>
 * </ul>
 *
 * A {@link RateLimited} or {@link ServerError} may carry the provider's {@linkplain #retryAfter() Retry-After}: the
 * loop then waits at least that long before the retry, and ends the run at once, as if its retries were used up,
 * when that wait would pass the run's time budget.
 */
public abstract sealed class ModelException extends RuntimeException {

    private final @Nullable Duration retryAfter;

    private ModelException(String message, @Nullable Throwable cause) {
        this(message, null, cause);
    }

    private ModelException(String message, @Nullable Duration retryAfter, @Nullable Throwable cause) {
        super(message, cause);
        if (retryAfter != null && retryAfter.isNegative()) {
            throw new IllegalArgumentException("retryAfter must be >= 0, was " + retryAfter);
        }
        this.retryAfter = retryAfter;
    }

    /**
     * How long the provider asked to wait before the next call (its {@code Retry-After}), when it said.
     *
     * @return the wait, or null when the provider gave none
     */
    public @Nullable Duration retryAfter() {
        return retryAfter;
    }

    /** Whether the loop retries the call (with backoff, up to its retry limit). */
    public boolean isRetryable() {
        return false;
    }

    /** The provider rejected the credentials. */
    public static final class AuthenticationFailed extends ModelException {
        private final int status;

        /**
         * @param status the HTTP status, 401 or 403 usually
         * @param message the provider's message
         * @param cause the underlying error, if any
         */
        public AuthenticationFailed(int status, String message, @Nullable Throwable cause) {
            super(message, cause);
            this.status = status;
        }

        /** @return the HTTP status */
        public int status() {
            return status;
        }
    }

    /** The provider is rate limiting (429). */
    public static final class RateLimited extends ModelException {
        /**
         * @param message the provider's message
         * @param cause the underlying error, if any
         */
        public RateLimited(String message, @Nullable Throwable cause) {
            super(message, cause);
        }

        /**
         * @param message the provider's message
         * @param retryAfter how long the provider asked to wait ({@code Retry-After}), or null when it did not say
         * @param cause the underlying error, if any
         * @throws IllegalArgumentException when {@code retryAfter} is negative
         */
        public RateLimited(String message, @Nullable Duration retryAfter, @Nullable Throwable cause) {
            super(message, retryAfter, cause);
        }

        @Override
        public boolean isRetryable() {
            return true;
        }
    }

    /** The provider failed (5xx). */
    public static final class ServerError extends ModelException {
        private final int status;

        /**
         * @param status the HTTP status
         * @param message the provider's message
         * @param cause the underlying error, if any
         */
        public ServerError(int status, String message, @Nullable Throwable cause) {
            this(status, message, null, cause);
        }

        /**
         * @param status the HTTP status
         * @param message the provider's message
         * @param retryAfter how long the provider asked to wait ({@code Retry-After}, sent with a 503), or null
         * @param cause the underlying error, if any
         * @throws IllegalArgumentException when {@code retryAfter} is negative
         */
        public ServerError(int status, String message, @Nullable Duration retryAfter, @Nullable Throwable cause) {
            super(message, retryAfter, cause);
            this.status = status;
        }

        /** @return the HTTP status */
        public int status() {
            return status;
        }

        @Override
        public boolean isRetryable() {
            return true;
        }
    }

    /**
     * The provider refused the request itself with a 4xx status none of the other types covers: 400 for a request it
     * cannot take, 404 for an unknown model, 422 for one it cannot process. The same request fails the same way, so
     * it is never retried; the loop ends the run {@code Failed} with {@code CONFIGURATION} (fix the model name, the
     * base URL or the request), naming the status in the message.
     */
    public static final class ClientError extends ModelException {
        private final int status;

        /**
         * @param status the HTTP status, 4xx
         * @param message the status and the provider's message
         * @param cause the underlying error, if any
         */
        public ClientError(int status, String message, @Nullable Throwable cause) {
            super(message, cause);
            this.status = status;
        }

        /** @return the HTTP status */
        public int status() {
            return status;
        }
    }

    /** The call timed out or the connection failed. */
    public static final class Timeout extends ModelException {
        /**
         * @param message what timed out
         * @param cause the underlying error, if any
         */
        public Timeout(String message, @Nullable Throwable cause) {
            super(message, cause);
        }

        @Override
        public boolean isRetryable() {
            return true;
        }
    }

    /** The prompt does not fit the model's context window. */
    public static final class ContextLengthExceeded extends ModelException {
        private final @Nullable Long promptTokens;
        private final @Nullable Long contextWindow;

        /**
         * @param promptTokens the prompt's size, if the provider said
         * @param contextWindow the window, if the provider said
         * @param message the provider's message
         * @param cause the underlying error, if any
         */
        public ContextLengthExceeded(@Nullable Long promptTokens, @Nullable Long contextWindow, String message,
                @Nullable Throwable cause) {
            super(message, cause);
            this.promptTokens = promptTokens;
            this.contextWindow = contextWindow;
        }

        /** @return the prompt's size in tokens, if known */
        public @Nullable Long promptTokens() {
            return promptTokens;
        }

        /** @return the context window in tokens, if known */
        public @Nullable Long contextWindow() {
            return contextWindow;
        }
    }

    /** The model refused, or the provider's content filter blocked the answer. */
    public static final class Refused extends ModelException {
        private final String reason;

        /**
         * @param reason a short reason, e.g. {@code content_filter} or {@code refusal}
         * @param message the provider's message
         * @param cause the underlying error, if any
         */
        public Refused(String reason, String message, @Nullable Throwable cause) {
            super(message, cause);
            this.reason = reason;
        }

        /** @return the short reason */
        public String reason() {
            return reason;
        }
    }
}
