package dev.terminus.agent;

/**
 * When the loop asks a completion predicate whether the work is done.
 */
public enum CompletionCheck {
    /** Right after every tool call; true ends the run {@code CompletedEarlyAfterToolCall}, skipping the rest of the round. */
    AFTER_EACH_TOOL_CALL,
    /** After each round of tool calls; true ends the run {@code CompletedEarlyAfterToolCall} naming the round's last tool. */
    AFTER_TOOL_ROUND,
    /** Only at the end of an iteration; true ends the run {@code Completed}. */
    AFTER_ITERATION
}
