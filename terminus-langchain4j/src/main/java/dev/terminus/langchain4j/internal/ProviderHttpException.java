package dev.terminus.langchain4j.internal;

import dev.langchain4j.exception.HttpException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * An HTTP error status from a provider, with the wait its {@code Retry-After} asked for: LangChain4j maps it by its
 * status as it maps its own {@link HttpException}, and {@link Errors} hands the wait to the loop's retry.
 */
final class ProviderHttpException extends HttpException {
    private final transient @Nullable Duration retryAfter;

    /**
     * @param statusCode the HTTP status
     * @param body the response body
     * @param retryAfter the wait the provider asked for, or null when it gave none
     */
    ProviderHttpException(int statusCode, String body, @Nullable Duration retryAfter) {
        super(statusCode, body);
        this.retryAfter = retryAfter;
    }

    /** @return the wait the provider asked for, or null */
    @Nullable Duration retryAfter() {
        return retryAfter;
    }
}
