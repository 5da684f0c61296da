package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.temporal.TranscriptReference;
import dev.terminus.temporal.wire.TranscriptPage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The workflow's side of transcript references: generations, and pages of what it holds. */
class TranscriptLedgerTest {
    private static final Message USER = new Message.User("count to three");
    private static final Message ONE = new Message.ToolResult("call-1", "count", "counted 1", false);
    private static final Message TWO = new Message.ToolResult("call-2", "count", "counted 2", false);

    @Test
    void aTranscriptThatGrowsStaysInItsGeneration() {
        // given
        TranscriptLedger ledger = new TranscriptLedger();

        // when
        TranscriptReference first = ledger.refer(List.of(USER));
        TranscriptReference second = ledger.refer(List.of(USER, ONE));
        TranscriptReference third = ledger.refer(List.of(new Message.User("count to three"), ONE, TWO));

        // then
        assertThat(first).isEqualTo(new TranscriptReference(0, 1));
        assertThat(second).isEqualTo(new TranscriptReference(0, 2));
        assertThat(third).isEqualTo(new TranscriptReference(0, 3));
    }

    @Test
    void aReplacedTranscriptStartsANewGeneration() {
        // given
        TranscriptLedger ledger = new TranscriptLedger();
        ledger.refer(List.of(USER, ONE, TWO));

        // when
        TranscriptReference compacted = ledger.refer(List.of(USER, TWO));
        TranscriptReference shorter = ledger.refer(List.of(USER));

        // then
        assertThat(compacted).isEqualTo(new TranscriptReference(1, 2));
        assertThat(shorter).isEqualTo(new TranscriptReference(2, 1));
    }

    @Test
    void aTranscriptChangedInPlaceAfterItWasReferredToStartsANewGeneration() {
        // given: the loop refers to a live view of the transcript it goes on changing
        TranscriptLedger ledger = new TranscriptLedger();
        List<Message> transcript = new ArrayList<>(List.of(USER, ONE, TWO));
        List<Message> view = java.util.Collections.unmodifiableList(transcript);
        ledger.refer(view);

        // when: a compaction replaces it in place
        transcript.clear();
        transcript.addAll(List.of(USER, TWO));
        TranscriptReference compacted = ledger.refer(view);

        // then
        assertThat(compacted).isEqualTo(new TranscriptReference(1, 2));
        assertThat(ledger.page(1, 0).messages()).containsExactly(USER, TWO);
    }

    @Test
    void aPageHoldsTheMessagesFromItsStartThatFitAMebibyteOfWireFormat() {
        // given
        TranscriptLedger ledger = new TranscriptLedger();
        List<Message> transcript = new ArrayList<>();
        transcript.add(USER);
        for (int i = 0; i < 5; i++) {
            transcript.add(new Message.ToolResult("call-" + i, "fetch", "x".repeat(400_000), false));
        }
        ledger.refer(transcript);

        // when
        TranscriptPage first = ledger.page(0, 0);
        TranscriptPage second = ledger.page(0, first.messages().size());
        TranscriptPage rest = ledger.page(0, first.messages().size() + second.messages().size());

        // then
        assertThat(first.messages()).containsExactlyElementsOf(transcript.subList(0, 3));
        assertThat(second.from()).isEqualTo(3);
        assertThat(second.messages()).containsExactlyElementsOf(transcript.subList(3, 5));
        assertThat(rest.messages()).containsExactlyElementsOf(transcript.subList(5, 6));
    }

    @Test
    void aTranscriptPageIsCappedInUtf8BytesNotCharactersSoOnePageCannotPassGrpcsFourMegabytes() {
        // given: messages of three-byte characters (300,000: 900 KB) and of characters outside the BMP, which the wire
        // writes as two escapes of six bytes (60,000: 720 KB), each under a page
        TranscriptLedger ledger = new TranscriptLedger();
        List<Message> transcript = new ArrayList<>();
        transcript.add(USER);
        for (int i = 0; i < 6; i++) {
            String text = i % 2 == 0 ? "\u8a9e".repeat(300_000) : "\ud83d\ude00".repeat(60_000);
            transcript.add(new Message.ToolResult("call-" + i, "fetch", text, false));
        }
        ledger.refer(transcript);

        // when: the transcript read page by page, as an activity reads it
        List<TranscriptPage> pages = new ArrayList<>();
        List<Message> read = new ArrayList<>();
        while (read.size() < transcript.size()) {
            TranscriptPage page = ledger.page(0, read.size());
            pages.add(page);
            read.addAll(page.messages());
        }

        // then: each page holds at most a mebibyte of wire format (capped at a million characters, the first page held
        // six messages, over 4 MB)
        assertThat(read).containsExactlyElementsOf(transcript);
        assertThat(pages).allSatisfy(page -> assertThat(TranscriptLedger.bytes(page.messages()))
                .isLessThanOrEqualTo(TranscriptPage.MAX_BYTES + 2L * page.messages().size()));
        assertThat(pages).hasSize(6);
    }

    @Test
    void aMessageLargerThanAPageIsAPageOfItsOwn() {
        // given
        TranscriptLedger ledger = new TranscriptLedger();
        Message large = new Message.ToolResult("call-1", "fetch", "x".repeat(TranscriptPage.MAX_BYTES * 2), false);
        ledger.refer(List.of(large, ONE));

        // when
        TranscriptPage page = ledger.page(0, 0);

        // then
        assertThat(page.messages()).containsExactly(large);
    }

    @Test
    void aPageOfAnotherGenerationOrPastTheEndHoldsNoMessages() {
        // given
        TranscriptLedger ledger = new TranscriptLedger();
        ledger.refer(List.of(USER, ONE));
        ledger.refer(List.of(TWO));

        // when
        TranscriptPage stale = ledger.page(0, 0);
        TranscriptPage pastTheEnd = ledger.page(1, 1);

        // then
        assertThat(stale).isEqualTo(new TranscriptPage(1, 0, List.of()));
        assertThat(pastTheEnd).isEqualTo(new TranscriptPage(1, 1, List.of()));
    }

    @Test
    void theBytesOfATranscriptAreThoseOfItsWireFormat() {
        // given
        List<Message> transcript = List.of(USER, ONE);

        // when
        long bytes = TranscriptLedger.bytes(transcript);

        // then
        assertThat(bytes).isBetween(100L, 300L);
        assertThat(TranscriptLedger.bytes(List.of(USER, ONE, TWO))).isGreaterThan(bytes);
    }
}
