package dev.terminus.cli.command;

import dev.terminus.agent.spi.Model;
import dev.terminus.cli.input.BadInputException;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The options that let a real model answer instead of a script, shared by {@code terminus run} and
 * {@code terminus eval}: {@code --provider}, {@code --base-url} and {@code --model}. The API key is read from the
 * environment, never from the command line, and never printed.
 */
final class ProviderOptions {

    @Option(names = "--provider", paramLabel = "NAME",
            description = {"answer with a real model instead of the script: ${COMPLETION-CANDIDATES}.",
                    "The API key is read from the environment: " + Providers.OPENAI_KEY + " (openai), "
                            + Providers.ANTHROPIC_KEY + " (anthropic); ollama needs none. It is never printed."})
    private Providers.@Nullable Provider provider;

    @Option(names = "--base-url", paramLabel = "URL", description = "the provider's base URL (default: its public API)")
    private @Nullable String baseUrl;

    @Option(names = "--model", paramLabel = "NAME",
            description = "the provider's model (default: gpt-4o-mini, claude-3-5-haiku-latest, llama3.1)")
    private @Nullable String modelName;

    /** @return whether a provider was chosen */
    boolean chosen() {
        return provider != null;
    }

    /**
     * Checks the options against each other; call before anything is read or run.
     *
     * @throws BadInputException when {@code --base-url} or {@code --model} comes without {@code --provider}
     */
    void check() throws BadInputException {
        if (provider == null && (baseUrl != null || modelName != null)) {
            throw new BadInputException("--base-url and --model need --provider");
        }
    }

    /**
     * The chosen provider's model, its key read from the environment.
     *
     * @param env the environment
     * @return the model, or null when no provider was chosen
     * @throws BadInputException naming the missing key or the bad option
     */
    @Nullable Model model(Map<String, String> env) throws BadInputException {
        check();
        return provider == null ? null : Providers.model(provider, baseUrl, modelName, env);
    }

    /**
     * Releases a provider's model once the command is done with it: its HTTP client's connections and threads.
     *
     * @param model the model {@link #model} gave, or null
     */
    static void release(@Nullable Model model) {
        if (model instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the model " + model + " failed", e);
            }
        }
    }
}
