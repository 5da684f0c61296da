package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.temporal.TranscriptReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An activity worker's copies of transcripts: filled incrementally from the workflow, and bounded. */
class TranscriptCacheTest {

    /** A workflow's ledger, counting the pages asked of it. */
    private static final class Workflow implements TranscriptCache.Source {
        final TranscriptLedger ledger = new TranscriptLedger();
        final List<Integer> asked = new ArrayList<>();

        @Override
        public dev.terminus.temporal.wire.TranscriptPage page(long generation, int from) {
            asked.add(from);
            return ledger.page(generation, from);
        }
    }

    private static List<Message> results(int count, int chars) {
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            messages.add(new Message.ToolResult("call-" + i, "fetch", String.valueOf(i).repeat(chars), false));
        }
        return messages;
    }

    @Test
    void aCallReadsOnlyTheMessagesItsCopyLacks() throws Exception {
        // given
        TranscriptCache cache = new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS);
        Workflow workflow = new Workflow();
        List<Message> transcript = results(5, 10);
        TranscriptReference three = workflow.ledger.refer(transcript.subList(0, 3));
        cache.resolve("wf", "run", three, workflow);
        TranscriptReference five = workflow.ledger.refer(transcript);

        // when
        List<Message> resolved = cache.resolve("wf", "run", five, workflow);
        List<Message> again = cache.resolve("wf", "run", five, workflow);

        // then
        assertThat(resolved).isEqualTo(transcript);
        assertThat(again).isEqualTo(transcript);
        assertThat(workflow.asked).containsExactly(0, 3);
    }

    @Test
    void aReferenceToFewerMessagesThanTheCopyHoldsIsAnsweredFromTheCopy() throws Exception {
        // given
        TranscriptCache cache = new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS);
        Workflow workflow = new Workflow();
        List<Message> transcript = results(4, 10);
        cache.resolve("wf", "run", workflow.ledger.refer(transcript), workflow);

        // when
        List<Message> two = cache.resolve("wf", "run", new TranscriptReference(0, 2), workflow);

        // then
        assertThat(two).isEqualTo(transcript.subList(0, 2));
        assertThat(workflow.asked).containsExactly(0);
    }

    @Test
    void aNewGenerationOrAnotherExecutionIsReadWhole() throws Exception {
        // given
        TranscriptCache cache = new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS);
        Workflow workflow = new Workflow();
        cache.resolve("wf", "run", workflow.ledger.refer(results(3, 10)), workflow);
        List<Message> compacted = results(2, 20);

        // when
        List<Message> resolved = cache.resolve("wf", "run", workflow.ledger.refer(compacted), workflow);
        List<Message> elsewhere = cache.resolve("wf", "next-run", new TranscriptReference(1, 2), workflow);

        // then
        assertThat(resolved).isEqualTo(compacted);
        assertThat(elsewhere).isEqualTo(compacted);
        assertThat(workflow.asked).containsExactly(0, 0, 0);
    }

    @Test
    void aWorkflowThatNoLongerHoldsTheReferencedTranscriptFailsTheCallNamingIt() {
        // given
        TranscriptCache cache = new TranscriptCache(TranscriptCache.DEFAULT_MAX_CHARS);
        Workflow workflow = new Workflow();
        TranscriptReference old = workflow.ledger.refer(results(3, 10));
        workflow.ledger.refer(results(1, 30));

        // when / then
        assertThatThrownBy(() -> cache.resolve("wf", "run", old, workflow))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("workflow wf (run run) no longer holds the 3 messages of generation 0 of its transcript"
                        + " that the call refers to: it holds generation 1 and answered 0 messages from 0");
    }

    @Test
    void theCopiesStayWithinTheirCharactersLeastRecentlyUsedFirst() throws Exception {
        // given
        TranscriptCache cache = new TranscriptCache(250);
        Workflow a = new Workflow();
        Workflow b = new Workflow();
        Workflow c = new Workflow();
        TranscriptReference ofA = a.ledger.refer(results(1, 100));
        TranscriptReference ofB = b.ledger.refer(results(1, 100));
        TranscriptReference ofC = c.ledger.refer(results(1, 100));
        cache.resolve("a", "run", ofA, a);
        cache.resolve("b", "run", ofB, b);
        cache.resolve("a", "run", ofA, a); // a is now the most recently used

        // when
        cache.resolve("c", "run", ofC, c);

        // then
        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.chars()).isEqualTo(200);
        cache.resolve("a", "run", ofA, a);
        cache.resolve("b", "run", ofB, b);
        assertThat(a.asked).containsExactly(0);
        assertThat(b.asked).containsExactly(0, 0);
    }

    @Test
    void aTranscriptLargerThanTheBoundIsReadWholeEachTimeAndNotKept() throws Exception {
        // given
        TranscriptCache cache = new TranscriptCache(50);
        Workflow workflow = new Workflow();
        TranscriptReference large = workflow.ledger.refer(results(1, 100));

        // when
        cache.resolve("wf", "run", large, workflow);
        cache.resolve("wf", "run", large, workflow);

        // then
        assertThat(cache.size()).isZero();
        assertThat(workflow.asked).containsExactly(0, 0);
    }

    @Test
    void aNegativeBoundIsRefusedNamingIt() {
        assertThatThrownBy(() -> new TranscriptCache(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxChars must be >= 0, was -1");
    }
}
