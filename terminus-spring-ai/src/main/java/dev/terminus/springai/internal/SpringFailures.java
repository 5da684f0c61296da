package dev.terminus.springai.internal;

import dev.terminus.agent.spi.ProviderError;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.web.client.RestClientResponseException;

/**
 * The failed exchanges of Spring's {@code RestClient} and of Spring AI's error handler for it; each method is called
 * only when its library is on the classpath ({@link HttpFailure}).
 */
final class SpringFailures {
    private SpringFailures() {}

    /**
     * @param e one exception of a chain
     * @return the status and body of a {@link RestClientResponseException}, or null for any other exception
     */
    static @Nullable HttpFailure ofRestClient(Throwable e) {
        if (!(e instanceof RestClientResponseException response)) {
            return null;
        }
        return new HttpFailure(response.getStatusCode().value(),
                ProviderError.parse(response.getResponseBodyAsString()));
    }

    /**
     * @param e one exception of a chain
     * @return the status and body a {@link TransientAiException} or {@link NonTransientAiException} gives in its
     *     message ({@code "<status> - <body>"}), or null for any other exception or message
     */
    static @Nullable HttpFailure ofSpringAiRetry(Throwable e) {
        if (!(e instanceof TransientAiException) && !(e instanceof NonTransientAiException)) {
            return null;
        }
        return HttpFailure.statusDashBody(e.getMessage());
    }
}
