package dev.terminus.agent.internal;

import dev.terminus.agent.spi.Model;
import org.jspecify.annotations.Nullable;

/**
 * A model's name and provider, read once when a run is made and used for the rest of it (pricing, compaction,
 * events, {@code ProviderAuthFailed}). A model whose {@code name()} or {@code provider()} throws, or answers null,
 * does not make the run throw: the run starts, then ends {@code Failed} with that failure as its cause.
 *
 * @param name the model's name, or {@code "model"} when it could not be read
 * @param provider the provider's name, or {@code "unknown"} when it could not be read
 * @param failure what reading them threw, or null
 */
record ModelIdentity(String name, String provider, @Nullable RuntimeException failure) {

    /** Reads a model's name and provider. */
    static ModelIdentity of(Model model) {
        String name = "model";
        String provider = "unknown";
        try {
            name = requireAnswer(model.name(), "name");
            provider = requireAnswer(model.provider(), "provider");
            return new ModelIdentity(name, provider, null);
        } catch (RuntimeException e) {
            return new ModelIdentity(name, provider, e);
        }
    }

    /** Throws what reading the identity threw, if anything. */
    void check() {
        if (failure != null) {
            throw failure;
        }
    }

    private static String requireAnswer(@Nullable String value, String method) {
        if (value == null) {
            throw new IllegalStateException("the model's " + method + "() returned null");
        }
        return value;
    }
}
