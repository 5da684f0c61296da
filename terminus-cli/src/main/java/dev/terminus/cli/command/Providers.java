package dev.terminus.cli.command;

import dev.terminus.agent.spi.Model;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.langchain4j.LangChain4jModels;
import dev.terminus.langchain4j.ProviderSettings;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The real model providers {@code terminus run --provider} can use, through LangChain4j. The API key comes from an
 * environment variable and is never printed or logged; a missing key is reported before any call is made.
 */
final class Providers {
    /** The environment variable holding the OpenAI API key. */
    static final String OPENAI_KEY = "OPENAI_API_KEY";
    /** The environment variable holding the Anthropic API key. */
    static final String ANTHROPIC_KEY = "ANTHROPIC_API_KEY";

    /** A provider, with its default model. */
    enum Provider {
        OPENAI("gpt-4o-mini"),
        ANTHROPIC("claude-3-5-haiku-latest"),
        OLLAMA("llama3.1");

        final String defaultModel;

        Provider(String defaultModel) {
            this.defaultModel = defaultModel;
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private Providers() {}

    /**
     * @param provider the provider
     * @param baseUrl its base URL, or null for the provider's own
     * @param modelName the model, or null for the provider's default
     * @param env the environment
     * @return the model
     * @throws BadInputException when the provider's API key variable is unset or blank
     */
    static Model model(Provider provider, @Nullable String baseUrl, @Nullable String modelName, Map<String, String> env)
            throws BadInputException {
        String model = modelName != null ? modelName : provider.defaultModel;
        try {
            ProviderSettings settings = baseUrl == null ? ProviderSettings.ofDefaults()
                    : ProviderSettings.custom().baseUrl(baseUrl).build();
            return switch (provider) {
                case OPENAI -> LangChain4jModels.openAi(model, key(env, OPENAI_KEY, provider), settings);
                case ANTHROPIC -> LangChain4jModels.anthropic(model, key(env, ANTHROPIC_KEY, provider), settings);
                case OLLAMA -> LangChain4jModels.ollama(model, settings);
            };
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--provider " + provider + ": " + e.getMessage());
        }
    }

    private static String key(Map<String, String> env, String variable, Provider provider) throws BadInputException {
        String key = env.get(variable);
        if (key == null || key.isBlank()) {
            throw new BadInputException("--provider " + provider + " needs an API key in the environment variable "
                    + variable + ", which is not set; nothing was sent");
        }
        return key;
    }
}
