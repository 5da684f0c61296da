package dev.terminus.springai.internal;

import com.openai.errors.OpenAIInvalidDataException;
import com.openai.errors.OpenAIServiceException;
import dev.terminus.agent.spi.ProviderError;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The failed exchanges of the OpenAI SDK, which Spring AI's OpenAI client runs on; loaded only when the SDK is on the
 * classpath ({@link HttpFailure}).
 */
final class OpenAiSdkFailures {
    /** The SDK's message starts with the status: {@code "401: Incorrect API key provided"}. */
    private static final Pattern STATUS_PREFIX = Pattern.compile("^\\d{3}: ");

    private OpenAiSdkFailures() {}

    /**
     * @param e one exception of a chain
     * @return its failed exchange: the status, and the provider's message, type and code; or null when it is not
     *     the SDK's
     */
    static @Nullable HttpFailure of(Throwable e) {
        if (!(e instanceof OpenAIServiceException service)) {
            return null;
        }
        String message = e.getMessage() == null ? "" : STATUS_PREFIX.matcher(e.getMessage()).replaceFirst("");
        return new HttpFailure(service.statusCode(), new ProviderError(message, field(service::type),
                field(service::code)));
    }

    /**
     * @param read the SDK's reading of a field of the error
     * @return the field, or null when the error has none or the SDK finds it invalid (it throws
     *     {@link OpenAIInvalidDataException} for a {@code "type": null}, which Azure OpenAI sends)
     */
    private static @Nullable String field(Supplier<Optional<String>> read) {
        try {
            return read.get().orElse(null);
        } catch (OpenAIInvalidDataException e) {
            return null;
        }
    }
}
