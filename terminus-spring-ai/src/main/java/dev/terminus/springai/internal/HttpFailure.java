package dev.terminus.springai.internal;

import dev.terminus.agent.spi.ProviderError;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A failed HTTP exchange as the client that made it reports it: its status and the provider's error. Read from the
 * exception types of the clients Spring AI's models use, each only when its library is on the classpath:
 *
 * <ul>
 *   <li>the OpenAI SDK (Spring AI's OpenAI client): {@code OpenAIServiceException}'s status, message, type and code;
 *       an error event in a stream ({@code SseException}) is one of them;</li>
 *   <li>Spring's {@code RestClientResponseException} (the clients on {@code RestClient} without Spring AI's error
 *       handler): its status and body;</li>
 *   <li>Spring AI's {@code TransientAiException} and {@code NonTransientAiException} (what its error handler for
 *       {@code RestClient} throws): their message, {@code "<status> - <body>"}.</li>
 * </ul>
 *
 * @param status the HTTP status
 * @param error what the provider said
 */
record HttpFailure(int status, ProviderError error) {
    private static final boolean OPENAI_SDK = present("com.openai.errors.OpenAIServiceException");
    private static final boolean SPRING_WEB = present("org.springframework.web.client.RestClientResponseException");
    private static final boolean SPRING_AI_RETRY = present("org.springframework.ai.retry.TransientAiException");
    /** Spring AI's retry message: the status, a dash, the body. */
    private static final Pattern STATUS_DASH_BODY = Pattern.compile("^(\\d{3}) - (.*)$", Pattern.DOTALL);

    /**
     * @param e one exception of a chain
     * @return its failed exchange, or null when it is none of the types above
     */
    static @Nullable HttpFailure of(Throwable e) {
        if (OPENAI_SDK) {
            HttpFailure failure = OpenAiSdkFailures.of(e);
            if (failure != null) {
                return failure;
            }
        }
        if (SPRING_WEB) {
            HttpFailure failure = SpringFailures.ofRestClient(e);
            if (failure != null) {
                return failure;
            }
        }
        if (SPRING_AI_RETRY) {
            return SpringFailures.ofSpringAiRetry(e);
        }
        return null;
    }

    /**
     * @param message Spring AI's retry exception's message, or null
     * @return the exchange it describes, or null when it does not start with a status
     */
    static @Nullable HttpFailure statusDashBody(@Nullable String message) {
        Matcher matcher = message == null ? null : STATUS_DASH_BODY.matcher(message.strip());
        if (matcher == null || !matcher.matches()) {
            return null;
        }
        return new HttpFailure(Integer.parseInt(matcher.group(1)), ProviderError.parse(matcher.group(2)));
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, HttpFailure.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
