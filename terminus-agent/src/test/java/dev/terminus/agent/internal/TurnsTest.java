package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TurnsTest {

    private static final Message SYSTEM = new Message.System("You are a support agent.");
    private static final Message POLICY = new Message.System("Refunds need a reason.");
    private static final Message TASK = new Message.User("Refund order 42");
    private static final Message CALLS = Message.Assistant.of("",
            new ToolCall("c1", "lookup", Map.of()), new ToolCall("c2", "stock", Map.of()));
    private static final Message RESULT_1 = new Message.ToolResult("c1", "lookup", "80 EUR", false);
    private static final Message RESULT_2 = new Message.ToolResult("c2", "stock", "none", true);
    private static final Message TEXT = Message.Assistant.of("Refunding now.");
    private static final Message FOLLOW_UP = new Message.User("Thanks");
    private static final Message DONE = Message.Assistant.of("Done.");

    @Test
    void theLeadingSystemMessagesAndTheFirstUserMessageAreTheHead() {
        // when
        Turns turns = Turns.of(List.of(SYSTEM, POLICY, TASK, TEXT, FOLLOW_UP, DONE));

        // then
        assertThat(turns.head()).containsExactly(SYSTEM, POLICY, TASK);
        assertThat(turns.turns()).containsExactly(List.of(TEXT), List.of(FOLLOW_UP), List.of(DONE));
    }

    @Test
    void anAssistantMessageAndTheResultsOfItsCallsAreOneTurn() {
        // when
        Turns turns = Turns.of(List.of(SYSTEM, TASK, CALLS, RESULT_1, RESULT_2, TEXT));

        // then
        assertThat(turns.turns()).containsExactly(List.of(CALLS, RESULT_1, RESULT_2), List.of(TEXT));
    }

    @Test
    void aUserMessageAfterTheTaskIsATurnOfItsOwn() {
        // when
        Turns turns = Turns.of(List.of(TASK, new Message.User("More detail"), FOLLOW_UP));

        // then
        assertThat(turns.head()).containsExactly(TASK);
        assertThat(turns.turns()).containsExactly(List.of(new Message.User("More detail")), List.of(FOLLOW_UP));
    }

    @Test
    void withoutASystemPromptTheHeadIsTheTask() {
        // when
        Turns turns = Turns.of(List.of(TASK, DONE));

        // then
        assertThat(turns.head()).containsExactly(TASK);
        assertThat(turns.turns()).containsExactly(List.of(DONE));
    }

    @Test
    void withoutATaskTheHeadIsTheSystemMessagesAndTheFirstAssistantMessageStartsATurn() {
        // when
        Turns turns = Turns.of(List.of(SYSTEM, DONE, FOLLOW_UP));

        // then
        assertThat(turns.head()).containsExactly(SYSTEM);
        assertThat(turns.turns()).containsExactly(List.of(DONE), List.of(FOLLOW_UP));
    }

    @Test
    void aSystemMessageAfterTheTaskIsATurnNotPartOfTheHead() {
        // when
        Turns turns = Turns.of(List.of(SYSTEM, TASK, POLICY, DONE));

        // then
        assertThat(turns.head()).containsExactly(SYSTEM, TASK);
        assertThat(turns.turns()).containsExactly(List.of(POLICY), List.of(DONE));
    }

    @Test
    void aToolResultRightAfterTheHeadStartsATurn() {
        // when
        Turns turns = Turns.of(List.of(TASK, RESULT_1, RESULT_2, DONE));

        // then
        assertThat(turns.turns()).containsExactly(List.of(RESULT_1, RESULT_2), List.of(DONE));
    }

    @Test
    void anEmptyTranscriptHasNoHeadAndNoTurns() {
        // when
        Turns turns = Turns.of(List.of());

        // then
        assertThat(turns.head()).isEmpty();
        assertThat(turns.turns()).isEmpty();
    }

    @Test
    void aTranscriptOfOnlyTheHeadHasNoTurns() {
        // when
        Turns turns = Turns.of(List.of(SYSTEM, TASK));

        // then
        assertThat(turns.head()).containsExactly(SYSTEM, TASK);
        assertThat(turns.turns()).isEmpty();
    }

    @Test
    void keepingFromTheFirstTurnGivesBackTheTranscript() {
        // given
        List<Message> messages = List.of(SYSTEM, TASK, CALLS, RESULT_1, RESULT_2, TEXT, FOLLOW_UP, DONE);

        // when
        List<Message> kept = Turns.of(messages).keepFrom(0, List.of());

        // then
        assertThat(kept).isEqualTo(messages);
    }

    @Test
    void keepFromPutsTheMessagesInBetweenAfterTheHeadAndDropsTheEarlierTurns() {
        // given
        Turns turns = Turns.of(List.of(SYSTEM, TASK, CALLS, RESULT_1, RESULT_2, TEXT, FOLLOW_UP, DONE));
        Message summary = new Message.User("Summary: looked up the order");

        // when
        List<Message> kept = turns.keepFrom(2, List.of(summary));

        // then
        assertThat(kept).containsExactly(SYSTEM, TASK, summary, FOLLOW_UP, DONE);
    }

    @Test
    void keepingFromPastTheLastTurnKeepsTheHeadAndTheMessagesInBetween() {
        // given
        Turns turns = Turns.of(List.of(SYSTEM, TASK, TEXT, DONE));
        Message summary = new Message.User("Summary");

        // when / then
        assertThat(turns.keepFrom(2, List.of(summary))).containsExactly(SYSTEM, TASK, summary);
        assertThat(turns.keepFrom(2, List.of())).containsExactly(SYSTEM, TASK);
    }

    @Test
    void keepFromLeavesTheTurnsUnchanged() {
        // given
        Turns turns = Turns.of(List.of(SYSTEM, TASK, TEXT, DONE));

        // when
        List<Message> first = turns.keepFrom(1, List.of(FOLLOW_UP));
        first.clear();
        List<Message> second = turns.keepFrom(1, List.of(FOLLOW_UP));

        // then
        assertThat(second).containsExactly(SYSTEM, TASK, FOLLOW_UP, DONE);
        assertThat(turns.head()).containsExactly(SYSTEM, TASK);
        assertThat(turns.turns()).containsExactly(List.of(TEXT), List.of(DONE));
    }
}
