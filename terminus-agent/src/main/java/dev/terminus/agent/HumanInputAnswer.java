package dev.terminus.agent;

import dev.terminus.JsonTrees;
import dev.terminus.Preconditions;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A person's answer to a {@link HumanInputRequest}: the content they gave, or their refusal with its reason. A run
 * resumed with {@link GateDecision.Answer} or {@link GateDecision.Reject} at a gate that asked for input makes the
 * pending call again and hands it this answer ({@link RunContext#humanInput(HumanInputRequest)}).
 *
 * @param request what was asked
 * @param content the answer, as JSON values, or null when the person declined
 * @param declinedBecause why the person declined, or null when they answered
 */
public record HumanInputAnswer(HumanInputRequest request, @Nullable Map<String, @Nullable Object> content,
        @Nullable String declinedBecause) {

    /** Requires exactly one of the content and the reason, and copies the content deeply. */
    public HumanInputAnswer {
        Preconditions.notNull(request, "HumanInputAnswer.request");
        if ((content == null) == (declinedBecause == null)) {
            throw new IllegalArgumentException("HumanInputAnswer needs exactly one of content and declinedBecause, was "
                    + (content == null ? "neither" : "both"));
        }
        if (content != null) {
            content = JsonTrees.copyObject(content, "HumanInputAnswer.content");
        }
    }

    /**
     * @param request what was asked
     * @param content the person's answer
     * @return an answer
     */
    @SuppressWarnings("unchecked") // only read, and copied deeply by the constructor
    public static HumanInputAnswer accepted(HumanInputRequest request, Map<String, ?> content) {
        return new HumanInputAnswer(request, (Map<String, @Nullable Object>) content, null);
    }

    /**
     * @param request what was asked
     * @param reason why the person declined
     * @return a refusal
     */
    public static HumanInputAnswer declined(HumanInputRequest request, String reason) {
        return new HumanInputAnswer(request, null, Preconditions.notNull(reason, "HumanInputAnswer.declinedBecause"));
    }

    /** @return the content, when the person answered */
    public Optional<Map<String, @Nullable Object>> answered() {
        return Optional.ofNullable(content);
    }
}
