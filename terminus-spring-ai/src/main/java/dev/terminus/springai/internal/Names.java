package dev.terminus.springai.internal;

import java.util.Locale;
import org.springframework.ai.chat.model.ChatModel;

/** The model name and provider name a Spring AI model reports. */
public final class Names {
    private static final String SUFFIX = "ChatModel";
    private static final String UNKNOWN = "unknown";

    private Names() {}

    /**
     * @param model the Spring AI model
     * @param argument the argument's name, for the error
     * @param factory the {@code SpringAiModel} method that names the model, for the error
     * @return the model name of a {@code ChatModel}'s options
     * @throws IllegalArgumentException when the model names none, saying how to name it
     */
    public static String modelName(Object model, String argument, String factory) {
        String name = model instanceof ChatModel chatModel ? chatModel.getOptions().getModel() : null;
        if (name == null || name.isBlank()) {
            String where = model instanceof ChatModel ? "getOptions().getModel() is "
                    + (name == null ? "null" : "\"" + name + "\"") : "it is not a ChatModel, which has options";
            throw new IllegalArgumentException(argument + " reports no model name (" + where + "): name it with "
                    + "SpringAiModel." + factory + "(" + argument + ", modelName, provider)");
        }
        return name;
    }

    /**
     * @param model the Spring AI model
     * @return its class's simple name without {@code ChatModel}, in lower case ({@code OpenAiChatModel} is
     *     {@code openai}); {@code unknown} for a lambda or an anonymous class
     */
    public static String provider(Object model) {
        if (model.getClass().isHidden() || model.getClass().isAnonymousClass()) {
            return UNKNOWN;
        }
        String simple = model.getClass().getSimpleName();
        int proxy = simple.indexOf("$$");
        if (proxy >= 0) {
            simple = simple.substring(0, proxy);
        }
        if (simple.endsWith(SUFFIX) && simple.length() > SUFFIX.length()) {
            simple = simple.substring(0, simple.length() - SUFFIX.length());
        }
        return simple.isBlank() ? UNKNOWN : simple.toLowerCase(Locale.ROOT);
    }
}
