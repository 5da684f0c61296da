package dev.terminus.langchain4j;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a provider client that {@link LangChain4jModels} builds sends its calls, and how long one may take. Immutable;
 * {@link #ofDefaults()} is the provider's own API with {@link #DEFAULT_TIMEOUT}.
 *
 * {@snippet :
 * ProviderSettings proxy = ProviderSettings.custom()
 *         .baseUrl("https://llm-proxy.internal/v1")
 *         .timeout(Duration.ofSeconds(30))
 *         .build();
 * Model model = LangChain4jModels.openAi("gpt-4o-mini", System.getenv("OPENAI_API_KEY"), proxy);
 * }
 */
public final class ProviderSettings {
    /**
     * How long one model call may take, connecting included, unless set: for a streaming model, until its answer
     * starts (each silence of the stream after that is bounded by the agent's {@code streamIdleTimeout}).
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

    private static final ProviderSettings DEFAULTS = new ProviderSettings(null, DEFAULT_TIMEOUT);

    private final @Nullable String baseUrl;
    private final Duration timeout;

    private ProviderSettings(@Nullable String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl;
        this.timeout = timeout;
    }

    /** @return the provider's own API, {@link #DEFAULT_TIMEOUT} */
    public static ProviderSettings ofDefaults() {
        return DEFAULTS;
    }

    /** @return a builder starting from the defaults */
    public static Builder custom() {
        return new Builder();
    }

    /** @return the base URL of the API, when not the provider's own */
    public Optional<String> baseUrl() {
        return Optional.ofNullable(baseUrl);
    }

    /** @return how long one call may take */
    public Duration timeout() {
        return timeout;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ProviderSettings that && Objects.equals(baseUrl, that.baseUrl)
                && timeout.equals(that.timeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(baseUrl, timeout);
    }

    @Override
    public String toString() {
        return "ProviderSettings[baseUrl=" + (baseUrl == null ? "(the provider's)" : baseUrl) + ", timeout=" + timeout
                + "]";
    }

    /** Builds {@link ProviderSettings}; each setter refuses a bad value with a message that names it. */
    public static final class Builder {
        private @Nullable String baseUrl;
        private Duration timeout = DEFAULT_TIMEOUT;

        private Builder() {}

        /**
         * @param baseUrl an http(s) URL of the API (for OpenAI-compatible servers the part before
         *     {@code chat/completions}, for Anthropic the part before {@code messages}, for Ollama the server)
         * @return this builder
         * @throws IllegalArgumentException when it is not an http(s) URL with a host
         */
        public Builder baseUrl(String baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl must not be null");
            URI uri;
            try {
                uri = URI.create(baseUrl);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("baseUrl must be an http(s) URL, was \"" + baseUrl + "\"", e);
            }
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("baseUrl must be an http(s) URL, was \"" + baseUrl + "\"");
            }
            this.baseUrl = baseUrl;
            return this;
        }

        /**
         * @param timeout how long one call may take, connecting included
         * @return this builder
         * @throws IllegalArgumentException when it is zero or negative
         */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout must not be null");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, was " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** @return the settings */
        public ProviderSettings build() {
            return new ProviderSettings(baseUrl, timeout);
        }
    }
}
