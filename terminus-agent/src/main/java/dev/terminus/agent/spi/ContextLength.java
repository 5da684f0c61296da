package dev.terminus.agent.spi;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A provider's refusal of a prompt too long for the model's context window, with the numbers its message gives.
 * Recognized:
 *
 * <ul>
 *   <li>OpenAI and compatible servers (vLLM, ...): {@code code: "context_length_exceeded"}, or "This model's maximum
 *       context length is 128000 tokens. However, your messages resulted in 130532 tokens" (also "... you requested
 *       N tokens (M in the messages, K in the completion)", where the prompt is M), or "Input tokens exceed the
 *       configured limit of 272000 tokens. Your messages resulted in 300000 tokens";</li>
 *   <li>Anthropic: "prompt is too long: 208491 tokens &gt; 200000 maximum", or "input length and `max_tokens` exceed
 *       context limit: 197626 + 8192 &gt; 200000".</li>
 * </ul>
 *
 * @param promptTokens the prompt's size, when the message says
 * @param contextWindow the window, when the message says
 */
record ContextLength(@Nullable Long promptTokens, @Nullable Long contextWindow) {
    private static final String NUMBER = "(\\d[\\d,]*)";
    private static final Pattern OPENAI_WINDOW = Pattern.compile("maximum context length is " + NUMBER + " tokens");
    private static final Pattern OPENAI_LIMIT = Pattern.compile("configured limit of " + NUMBER + " tokens");
    private static final Pattern IN_MESSAGES = Pattern.compile(NUMBER + " in the messages");
    private static final Pattern RESULTED = Pattern.compile("resulted in " + NUMBER + " tokens");
    private static final Pattern REQUESTED = Pattern.compile("requested " + NUMBER + " tokens");
    private static final Pattern ANTHROPIC = Pattern.compile("prompt is too long: " + NUMBER + " tokens > " + NUMBER);
    private static final Pattern ANTHROPIC_LIMIT = Pattern.compile(
            "exceed context limit: " + NUMBER + " \\+ " + NUMBER + " > " + NUMBER);

    /**
     * @param message the provider's error message, or null
     * @param code the provider's error code, or null
     * @return the refusal, or null when the error is not about the context window
     */
    static @Nullable ContextLength of(@Nullable String message, @Nullable String code) {
        String text = message == null ? "" : message;
        String lower = text.toLowerCase(Locale.ROOT);
        Matcher anthropic = ANTHROPIC.matcher(lower);
        if (anthropic.find()) {
            return new ContextLength(number(anthropic.group(1)), number(anthropic.group(2)));
        }
        Matcher limit = ANTHROPIC_LIMIT.matcher(lower);
        if (limit.find()) {
            return new ContextLength(number(limit.group(1)), number(limit.group(3)));
        }
        boolean tooLong = "context_length_exceeded".equals(code) || lower.contains("context_length_exceeded")
                || lower.contains("maximum context length") || lower.contains("input tokens exceed")
                || lower.contains("prompt is too long");
        if (!tooLong) {
            return null;
        }
        Long window = first(lower, OPENAI_WINDOW, OPENAI_LIMIT);
        Long prompt = first(lower, IN_MESSAGES, RESULTED, REQUESTED);
        return new ContextLength(prompt, window);
    }

    private static @Nullable Long first(String text, Pattern... patterns) {
        for (Pattern pattern : patterns) {
            Matcher matcher = pattern.matcher(text);
            if (matcher.find()) {
                return number(matcher.group(1));
            }
        }
        return null;
    }

    private static @Nullable Long number(String digits) {
        try {
            return Long.parseLong(digits.replace(",", ""));
        } catch (NumberFormatException e) {
            return null; // beyond a long: no number rather than a wrong one
        }
    }
}
