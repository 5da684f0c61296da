package dev.terminus.agent.internal;

import dev.terminus.Message;
import dev.terminus.ToolCall;

/**
 * Watches whether iterations make progress, in bounded memory whatever the run's length.
 *
 * <p>Each iteration is reduced to fingerprints: one per tool call (name, arguments, result, error) and one for new
 * assistant text. <em>No progress</em> is a streak of iterations whose combined fingerprint equals the previous
 * iteration's: the same calls with the same results and no new text. A <em>stall</em> is a streak of iterations
 * that bring nothing new at all: every fingerprint was already seen among the last {@value #WINDOW} (this catches
 * A-B-A-B cycles that are never identical twice in a row).
 */
final class ProgressGuard {
    static final int WINDOW = 64;

    private final int noProgressThreshold;
    private final int stallThreshold;
    private final long[] seen = new long[WINDOW];
    private int seenCount;
    private int seenNext;

    private long previousIteration;
    private boolean hasPrevious;
    private int identicalStreak;
    private int stallStreak;

    private long iterationPrint;
    private boolean nothingNew;

    /**
     * @param noProgressThreshold identical iterations that count as no progress; 0 switches the check off
     * @param stallThreshold iterations with nothing new that count as a stall; 0 switches the check off
     */
    ProgressGuard(int noProgressThreshold, int stallThreshold) {
        this.noProgressThreshold = noProgressThreshold;
        this.stallThreshold = stallThreshold;
    }

    boolean enabled() {
        return noProgressThreshold > 0 || stallThreshold > 0;
    }

    void beginIteration() {
        iterationPrint = 0x9E3779B97F4A7C15L;
        nothingNew = true;
    }

    void observeText(String text) {
        if (!text.isBlank()) {
            observe(mix(1, text.hashCode()));
        }
    }

    void observeToolResult(ToolCall call, Message.ToolResult result) {
        long print = mix(mix(mix(2, call.name().hashCode()), call.arguments().hashCode()), result.content().hashCode());
        observe(result.error() ? print ^ 0x5bd1e995L : print);
    }

    private void observe(long print) {
        iterationPrint = mix(iterationPrint, print);
        if (!remembered(print)) {
            nothingNew = false;
            seen[seenNext] = print;
            seenNext = (seenNext + 1) % WINDOW;
            seenCount = Math.min(seenCount + 1, WINDOW);
        }
    }

    private boolean remembered(long print) {
        for (int i = 0; i < seenCount; i++) {
            if (seen[i] == print) {
                return true;
            }
        }
        return false;
    }

    /** What the finished iteration showed. */
    enum Verdict { PROGRESS, NO_PROGRESS, STALL }

    Verdict endIteration() {
        identicalStreak = hasPrevious && iterationPrint == previousIteration ? identicalStreak + 1 : 1;
        previousIteration = iterationPrint;
        hasPrevious = true;
        stallStreak = nothingNew ? stallStreak + 1 : 0;
        if (noProgressThreshold > 0 && identicalStreak >= noProgressThreshold) {
            return Verdict.NO_PROGRESS;
        }
        if (stallThreshold > 0 && stallStreak >= stallThreshold) {
            return Verdict.STALL;
        }
        return Verdict.PROGRESS;
    }

    int identicalStreak() {
        return identicalStreak;
    }

    private static long mix(long h, long v) {
        long x = (h ^ v) * 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }

}
