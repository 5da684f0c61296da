package dev.terminus.cli.eval;

import dev.terminus.eval.Progress;
import dev.terminus.eval.ProgressListener;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import java.io.PrintStream;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The progress of an evaluation on one terminal line (standard error), redrawn at most every 100 ms:
 * {@code [#######.......] 120/400  passed 97  failed 14  excluded 4  errors 5  ETA 12s}. The four counts add up to
 * the runs finished. A redraw shorter than the line before it (the ETA went from {@code 12s} to {@code 9s}) is padded
 * with spaces, so nothing of the longer line is left behind.
 */
public final class ProgressBar implements ProgressListener {
    private static final int WIDTH = 30;
    private static final long REDRAW_NANOS = 100_000_000L;

    private final PrintStream err;
    private final LongSupplier nanoClock;
    private long lastDraw;
    private int drawn;

    /** @param err where the line is drawn */
    public ProgressBar(PrintStream err) {
        this(err, System::nanoTime);
    }

    /**
     * @param err where the line is drawn
     * @param nanoClock the time in nanoseconds, as {@link System#nanoTime()} gives it (a test's own clock)
     */
    ProgressBar(PrintStream err, LongSupplier nanoClock) {
        this.err = err;
        this.nanoClock = nanoClock;
    }

    @Override
    public synchronized void taskFinished(Progress progress, ReportRow row) {
        long now = nanoClock.getAsLong();
        if (drawn == 0 || now - lastDraw >= REDRAW_NANOS || progress.finished() == progress.total()) {
            lastDraw = now;
            err.print(redraw(line(progress)));
            err.flush();
        }
    }

    @Override
    public synchronized void benchmarkFinished(Progress progress, Summary summary) {
        err.println(redraw(line(progress)));
        err.flush();
    }

    /** @return the line, from the line's start, padded to cover the line drawn before it */
    private String redraw(String line) {
        String padded = line.length() < drawn ? line + " ".repeat(drawn - line.length()) : line;
        drawn = line.length();
        return "\r" + padded;
    }

    /** @return the line for a progress */
    static String line(Progress p) {
        int done = p.total() == 0 ? WIDTH : (int) ((long) WIDTH * p.finished() / p.total());
        String eta = p.eta().map(ProgressBar::seconds).orElse("-");
        return "[" + "#".repeat(done) + ".".repeat(WIDTH - done) + "] " + p.finished() + "/" + p.total()
                + "  passed " + p.passed() + "  failed " + p.failed() + "  excluded " + p.excluded()
                + "  errors " + p.errors() + "  ETA " + eta;
    }

    private static String seconds(Duration d) {
        return d.toSeconds() + "s";
    }
}
