package dev.terminus.agent.internal;

import static dev.terminus.agent.internal.ProgressGuard.Verdict.NO_PROGRESS;
import static dev.terminus.agent.internal.ProgressGuard.Verdict.PROGRESS;
import static dev.terminus.agent.internal.ProgressGuard.Verdict.STALL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.internal.ProgressGuard.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressGuardTest {

    private int nextId;

    /** One iteration's observations. */
    private sealed interface Seen {}

    private record Text(String text) implements Seen {}

    private record Call(String name, Map<String, Object> arguments, String result, boolean error) implements Seen {}

    private static Text text(String text) {
        return new Text(text);
    }

    private static Call call(String name, Map<String, Object> arguments, String result) {
        return new Call(name, arguments, result, false);
    }

    private static Call failedCall(String name, Map<String, Object> arguments, String result) {
        return new Call(name, arguments, result, true);
    }

    private Verdict iteration(ProgressGuard guard, Seen... observations) {
        guard.beginIteration();
        for (Seen seen : observations) {
            switch (seen) {
                case Text t -> guard.observeText(t.text());
                case Call c -> {
                    String id = "call_" + nextId++;
                    guard.observeToolResult(new ToolCall(id, c.name(), c.arguments()),
                            new Message.ToolResult(id, c.name(), c.result(), c.error()));
                }
            }
        }
        return guard.endIteration();
    }

    private List<Verdict> repeat(ProgressGuard guard, int times, Seen... observations) {
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            verdicts.add(iteration(guard, observations));
        }
        return verdicts;
    }

    @Test
    void identicalIterationsReachNoProgressAtTheThreshold() {
        // given
        ProgressGuard guard = new ProgressGuard(3, 0);

        // when
        List<Verdict> verdicts = repeat(guard, 3, call("search", Map.of("q", "x"), "nothing found"));

        // then
        assertThat(verdicts).containsExactly(PROGRESS, PROGRESS, NO_PROGRESS);
        assertThat(guard.identicalStreak()).isEqualTo(3);
    }

    @Test
    void identicalTextIterationsReachNoProgressAtTheThreshold() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);

        // when
        List<Verdict> verdicts = repeat(guard, 2, text("Let me think again."));

        // then
        assertThat(verdicts).containsExactly(PROGRESS, NO_PROGRESS);
    }

    @Test
    void callIdsDoNotMakeIdenticalCallsDifferent() {
        // given: every call gets a fresh id from the helper
        ProgressGuard guard = new ProgressGuard(2, 0);

        // when
        List<Verdict> verdicts = repeat(guard, 2, call("search", Map.of("q", "x"), "r"), call("read", Map.of(), "r"));

        // then
        assertThat(verdicts).containsExactly(PROGRESS, NO_PROGRESS);
    }

    @Test
    void noProgressKeepsBeingReportedWhileIterationsStayIdentical() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);

        // when
        List<Verdict> verdicts = repeat(guard, 4, text("same"));

        // then
        assertThat(verdicts).containsExactly(PROGRESS, NO_PROGRESS, NO_PROGRESS, NO_PROGRESS);
        assertThat(guard.identicalStreak()).isEqualTo(4);
    }

    @Test
    void anABABCycleReachesStallAtTheThreshold() {
        // given
        ProgressGuard guard = new ProgressGuard(3, 4);
        Call a = call("search", Map.of("q", "cats"), "page 1");
        Call b = call("search", Map.of("q", "dogs"), "page 2");

        // when
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            verdicts.add(iteration(guard, a));
            verdicts.add(iteration(guard, b));
        }

        // then: two new iterations, then four with nothing new; never twice the same in a row
        assertThat(verdicts).containsExactly(PROGRESS, PROGRESS, PROGRESS, PROGRESS, PROGRESS, STALL);
        assertThat(guard.identicalStreak()).isEqualTo(1);
    }

    @Test
    void newTextResetsTheIdenticalStreak() {
        // given
        ProgressGuard guard = new ProgressGuard(3, 0);
        repeat(guard, 2, text("same"));

        // when
        Verdict afterNewText = iteration(guard, text("something new"));
        Verdict repeatedOnce = iteration(guard, text("something new"));

        // then
        assertThat(afterNewText).isEqualTo(PROGRESS);
        assertThat(repeatedOnce).isEqualTo(PROGRESS);
        assertThat(guard.identicalStreak()).isEqualTo(2);
    }

    @Test
    void newTextBesideTheSameCallsIsProgress() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        Call search = call("search", Map.of("q", "x"), "r");
        iteration(guard, search, text("first thought"));

        // when
        Verdict verdict = iteration(guard, search, text("second thought"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
        assertThat(guard.identicalStreak()).isEqualTo(1);
    }

    @Test
    void newTextResetsTheStallStreak() {
        // given
        ProgressGuard guard = new ProgressGuard(0, 3);
        Call a = call("a", Map.of(), "1");
        Call b = call("b", Map.of(), "2");
        iteration(guard, a);
        iteration(guard, b);
        iteration(guard, a);
        iteration(guard, b);

        // when: one new text, then the cycle again
        Verdict withNewText = iteration(guard, a, text("a new idea"));
        List<Verdict> after = List.of(iteration(guard, b), iteration(guard, a), iteration(guard, b));

        // then: the streak restarts from zero after the new text
        assertThat(withNewText).isEqualTo(PROGRESS);
        assertThat(after).containsExactly(PROGRESS, PROGRESS, STALL);
    }

    @Test
    void aDifferentResultOfTheSameCallIsProgress() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("status", Map.of("job", 7), "running"));

        // when
        Verdict verdict = iteration(guard, call("status", Map.of("job", 7), "done"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void differentArgumentsAreProgress() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("read", Map.of("page", 1), "same text"));

        // when
        Verdict verdict = iteration(guard, call("read", Map.of("page", 2), "same text"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void theSameCallWithAnotherToolNameIsProgress() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("read", Map.of(), "x"));

        // when
        Verdict verdict = iteration(guard, call("open", Map.of(), "x"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void anErrorDiffersFromASuccessWithTheSameContent() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("run", Map.of(), "exit 1"));

        // when
        Verdict verdict = iteration(guard, failedCall("run", Map.of(), "exit 1"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void blankTextIsNotNewText() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);
        Call search = call("search", Map.of("q", "x"), "r");
        iteration(guard, search);

        // when
        Verdict verdict = iteration(guard, search, text("   \n"));

        // then
        assertThat(verdict).isEqualTo(NO_PROGRESS);
    }

    @Test
    void theSameCallsInAnotherOrderAreNotIdenticalButBringNothingNew() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        Call a = call("a", Map.of(), "1");
        Call b = call("b", Map.of(), "2");
        iteration(guard, a, b);

        // when
        Verdict first = iteration(guard, b, a);
        Verdict second = iteration(guard, a, b);

        // then
        assertThat(first).isEqualTo(PROGRESS);
        assertThat(second).isEqualTo(STALL);
        assertThat(guard.identicalStreak()).isEqualTo(1);
    }

    @Test
    void noProgressWinsWhenBothThresholdsAreReachedInTheSameIteration() {
        // given
        ProgressGuard guard = new ProgressGuard(3, 2);

        // when
        List<Verdict> verdicts = repeat(guard, 3, text("same"));

        // then: in the third iteration both streaks reach their thresholds (3 identical, 2 with nothing new)
        assertThat(verdicts).containsExactly(PROGRESS, PROGRESS, NO_PROGRESS);
    }

    @Test
    void zeroThresholdsSwitchBothChecksOff() {
        // given
        ProgressGuard guard = new ProgressGuard(0, 0);

        // when
        List<Verdict> verdicts = repeat(guard, 50, text("same"));

        // then
        assertThat(guard.enabled()).isFalse();
        assertThat(verdicts).containsOnly(PROGRESS);
    }

    @Test
    void aZeroNoProgressThresholdLeavesOnlyTheStallCheck() {
        // given
        ProgressGuard guard = new ProgressGuard(0, 3);

        // when
        List<Verdict> verdicts = repeat(guard, 4, text("same"));

        // then
        assertThat(guard.enabled()).isTrue();
        assertThat(verdicts).containsExactly(PROGRESS, PROGRESS, PROGRESS, STALL);
    }

    @Test
    void aZeroStallThresholdLeavesOnlyTheNoProgressCheck() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);
        Call a = call("a", Map.of(), "1");
        Call b = call("b", Map.of(), "2");

        // when
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            verdicts.add(iteration(guard, i % 2 == 0 ? a : b));
        }

        // then
        assertThat(guard.enabled()).isTrue();
        assertThat(verdicts).containsOnly(PROGRESS);
    }

    @Test
    void aFingerprintIsRememberedForTheWholeWindow() {
        // given: "first", then WINDOW - 1 others: all fit in the window
        ProgressGuard guard = new ProgressGuard(0, 2);
        iteration(guard, text("first"));
        Seen[] others = distinctTexts(ProgressGuard.WINDOW - 1);
        iteration(guard, others);
        iteration(guard, others[others.length - 1]);

        // when
        Verdict verdict = iteration(guard, text("first"));

        // then: "first" is still remembered, so two iterations brought nothing new
        assertThat(verdict).isEqualTo(STALL);
    }

    @Test
    void aFingerprintPushedOutOfTheWindowCountsAsNewAgain() {
        // given: "first", then WINDOW others push it out
        ProgressGuard guard = new ProgressGuard(0, 2);
        iteration(guard, text("first"));
        Seen[] others = distinctTexts(ProgressGuard.WINDOW);
        iteration(guard, others);
        iteration(guard, others[others.length - 1]);

        // when
        Verdict verdict = iteration(guard, text("first"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void memoryStaysBoundedAfterTenThousandDistinctFingerprints() throws Exception {
        // given
        ProgressGuard guard = new ProgressGuard(0, 2);
        iteration(guard, text("long forgotten"));
        for (int i = 0; i < 10_000; i++) {
            iteration(guard, call("fetch", Map.of("page", i), "content " + i));
        }
        iteration(guard, call("fetch", Map.of("page", 9_999), "content 9999"));

        // when
        Verdict verdict = iteration(guard, text("long forgotten"));

        // then: the first fingerprint fell out of the fixed window, and the window did not grow
        assertThat(verdict).isEqualTo(PROGRESS);
        var seen = ProgressGuard.class.getDeclaredField("seen");
        seen.setAccessible(true);
        assertThat((long[]) seen.get(guard)).hasSize(ProgressGuard.WINDOW);
    }

    @Test
    void aLongRunOfNewIterationsNeverStallsOrRepeats() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);

        // when
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            verdicts.add(iteration(guard, text("step " + i)));
        }

        // then
        assertThat(verdicts).containsOnly(PROGRESS);
    }

    @Test
    void textsWithCollidingHashCodesAreStillDifferent() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        iteration(guard, text("Aa"));

        // when
        Verdict verdict = iteration(guard, text("BB"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void resultsWithCollidingHashCodesAreStillDifferent() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("read", Map.of(), "Aa"));

        // when
        Verdict verdict = iteration(guard, call("read", Map.of(), "BB"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    @Test
    void argumentsWithCollidingHashCodesAreStillDifferent() {
        // given: equal 32-bit hashCode()s, as the maps' hashCode()s are too
        ProgressGuard guard = new ProgressGuard(2, 2);
        assertThat(Map.of("q", "Aa").hashCode()).isEqualTo(Map.of("q", "BB").hashCode());
        assertThat(Map.of("Aa", 1).hashCode()).isEqualTo(Map.of("BB", 1).hashCode());
        iteration(guard, call("search", Map.of("q", "Aa"), "r"));
        iteration(guard, call("search", Map.of("Aa", 1), "r"));

        // when
        Verdict first = iteration(guard, call("search", Map.of("q", "BB"), "r"));
        Verdict second = iteration(guard, call("search", Map.of("BB", 1), "r"));

        // then
        assertThat(first).isEqualTo(PROGRESS);
        assertThat(second).isEqualTo(PROGRESS);
    }

    @Test
    void nestedArgumentsAreComparedByContent() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("plot", Map.of("points", List.of(List.of(1, 2), List.of(3, 4))), "ok"));

        // when
        Map<String, Object> swapped = Map.of("points", List.of(List.of(2, 1), List.of(3, 4)));
        Verdict reordered = iteration(guard, call("plot", swapped, "ok"));
        Verdict repeated = iteration(guard, call("plot", swapped, "ok"));

        // then: a list's order matters
        assertThat(reordered).isEqualTo(PROGRESS);
        assertThat(repeated).isEqualTo(NO_PROGRESS);
    }

    @Test
    void theOrderOfAnArgumentsKeysDoesNotMatter() {
        // given: equal maps, as Map.equals sees them
        ProgressGuard guard = new ProgressGuard(2, 0);
        Map<String, Object> ab = new java.util.LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", List.of("x"));
        Map<String, Object> ba = new java.util.LinkedHashMap<>();
        ba.put("b", List.of("x"));
        ba.put("a", 1);
        iteration(guard, call("f", ab, "r"));

        // when
        Verdict verdict = iteration(guard, call("f", ba, "r"));

        // then
        assertThat(verdict).isEqualTo(NO_PROGRESS);
    }

    @Test
    void nestedMapsAreComparedByContentInAnyKeyOrder() {
        // given: a nested map between the entries of its parent
        ProgressGuard guard = new ProgressGuard(2, 0);
        Map<String, Object> inner = new java.util.LinkedHashMap<>();
        inner.put("p", 1);
        inner.put("q", "s");
        Map<String, Object> innerReordered = new java.util.LinkedHashMap<>();
        innerReordered.put("q", "s");
        innerReordered.put("p", 1);
        Map<String, Object> outer = new java.util.LinkedHashMap<>();
        outer.put("a", 1);
        outer.put("inner", inner);
        outer.put("z", 2);
        Map<String, Object> outerReordered = new java.util.LinkedHashMap<>();
        outerReordered.put("z", 2);
        outerReordered.put("inner", innerReordered);
        outerReordered.put("a", 1);
        Map<String, Object> changed = new java.util.LinkedHashMap<>(outer);
        changed.put("inner", Map.of("p", 1, "q", "t"));
        iteration(guard, call("f", outer, "r"));

        // when
        Verdict same = iteration(guard, call("f", outerReordered, "r"));
        Verdict different = iteration(guard, call("f", changed, "r"));

        // then
        assertThat(same).isEqualTo(NO_PROGRESS);
        assertThat(different).isEqualTo(PROGRESS);
    }

    @Test
    void argumentsOfDifferentJsonTypesAreDifferent() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);
        List<Map<String, Object>> variants = new ArrayList<>();
        variants.add(Map.of("v", "1"));
        variants.add(Map.of("v", 1));
        variants.add(Map.of("v", 1.0));
        variants.add(Map.of("v", new java.math.BigDecimal("1.0")));
        variants.add(Map.of("v", List.of(1)));
        variants.add(Map.of("v", Map.of("1", 1)));
        variants.add(Map.of("v", true));
        variants.add(Map.of("v", false));
        variants.add(Map.of("v", List.of()));
        variants.add(Map.of("v", Map.of()));
        variants.add(Map.of("v", ""));
        Map<String, Object> withNull = new java.util.HashMap<>();
        withNull.put("v", null);
        variants.add(withNull);
        variants.add(Map.of());

        // when
        List<Verdict> verdicts = new ArrayList<>();
        for (Map<String, Object> arguments : variants) {
            verdicts.add(iteration(guard, call("f", arguments, "r")));
        }

        // then
        assertThat(verdicts).containsOnly(PROGRESS);
    }

    @Test
    void anIntegerArgumentIsTheSameWhateverItsJavaType() {
        // given: a decoder may give 7 as an Integer, a Long or a BigInteger
        ProgressGuard guard = new ProgressGuard(3, 0);

        // when
        List<Verdict> verdicts = List.of(
                iteration(guard, call("status", Map.of("job", 7), "running")),
                iteration(guard, call("status", Map.of("job", 7L), "running")),
                iteration(guard, call("status", Map.of("job", java.math.BigInteger.valueOf(7)), "running")));

        // then
        assertThat(verdicts).containsExactly(PROGRESS, PROGRESS, NO_PROGRESS);
    }

    @Test
    void bigNumbersAreComparedByValue() {
        // given
        ProgressGuard guard = new ProgressGuard(2, 0);
        java.math.BigInteger big = new java.math.BigInteger("123456789012345678901234567890");
        iteration(guard, call("f", Map.of("n", big), "r"));

        // when
        Verdict same = iteration(guard, call("f", Map.of("n", new java.math.BigInteger(big.toString())), "r"));
        Verdict other = iteration(guard, call("f", Map.of("n", big.add(java.math.BigInteger.ONE)), "r"));

        // then
        assertThat(same).isEqualTo(NO_PROGRESS);
        assertThat(other).isEqualTo(PROGRESS);
    }

    @Test
    void textsThatDifferOnlyInTheirTailOrLengthAreDifferent() {
        // given: the hash packs four chars at a time, so vary the tail and the length around that
        ProgressGuard guard = new ProgressGuard(2, 2);
        List<String> texts = List.of("abcd", "abcde", "abcdf", "abcd\0", "abcd\0\0", "abc", "abcdefgh", "abcdefgi");

        // when
        List<Verdict> verdicts = new ArrayList<>();
        for (String t : texts) {
            verdicts.add(iteration(guard, text(t)));
        }

        // then
        assertThat(verdicts).containsOnly(PROGRESS);
    }

    @Test
    void theToolNameArgumentsAndResultDoNotRunTogether() {
        // given: the same characters, split differently between name and result
        ProgressGuard guard = new ProgressGuard(2, 2);
        iteration(guard, call("ab", Map.of(), "c"));

        // when
        Verdict verdict = iteration(guard, call("a", Map.of(), "bc"));

        // then
        assertThat(verdict).isEqualTo(PROGRESS);
    }

    private static Seen[] distinctTexts(int count) {
        Seen[] texts = new Seen[count];
        for (int i = 0; i < count; i++) {
            texts[i] = text("other " + i);
        }
        return texts;
    }
}
