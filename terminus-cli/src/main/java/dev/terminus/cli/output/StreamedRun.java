package dev.terminus.cli.output;

import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import java.io.PrintStream;

/**
 * What {@code terminus run SCENARIO --stream} prints while the run goes on, read from its {@link RunStream} on the
 * command's thread: the answer's text as it arrives, or every event as a line of JSON. An interrupt of the command's
 * thread (Ctrl-C) cancels the run, which still ends with its result ({@code Cancelled("thread-interrupt")}), as
 * {@code Agent.run} does.
 */
public final class StreamedRun {

    private StreamedRun() {}

    /**
     * Prints the text of the model's answers on {@code out} as it arrives, flushed at each piece, each model call's text
     * from a new line. When a call is made again after its text was shown, the line is ended and one line on
     * {@code err} says how many characters above are discarded; the new call's text follows. Ends the last line and
     * leaves an empty one when text was shown, so that the summary follows.
     *
     * @param stream the run's events
     * @param out where the text goes
     * @param err where discards are told
     * @return the run's result
     */
    public static RunResult text(RunStream stream, PrintStream out, PrintStream err) {
        try (stream) {
            boolean shown = false;
            boolean lineOpen = false;
            boolean callEnded = false;
            for (AgentEvent event : stream) {
                switch (event) {
                    case AgentEvent.TextDelta delta -> {
                        if (lineOpen && callEnded) {
                            out.println();
                        }
                        out.print(delta.text());
                        out.flush();
                        shown = true;
                        lineOpen = !delta.text().endsWith("\n");
                        callEnded = false;
                    }
                    case AgentEvent.TextDiscarded discarded -> {
                        if (lineOpen) {
                            out.println();
                            lineOpen = false;
                        }
                        out.flush();
                        err.println(discardNotice(discarded));
                        err.flush();
                    }
                    case AgentEvent.ModelCalled called -> callEnded = true;
                    default -> { }
                }
            }
            if (lineOpen) {
                out.println();
            }
            if (shown) {
                out.println();
            }
            out.flush();
            return stream.result(); // the result its last event carried
        }
    }

    /**
     * Prints every event but the last as one line of JSON ({@link EventJson}), flushed at each; the caller prints the
     * result after them.
     *
     * @param stream the run's events
     * @param out where the lines go
     * @return the run's result
     */
    public static RunResult json(RunStream stream, PrintStream out) {
        try (stream) {
            for (AgentEvent event : stream) {
                if (!(event instanceof AgentEvent.RunTerminated)) {
                    out.println(Wire.compact(EventJson.of(event)));
                    out.flush();
                }
            }
            return stream.result(); // the result its last event carried
        }
    }

    /**
     * The line that tells a discard, e.g. {@code terminus: the last 5 characters above are discarded: the model call
     * failed (ModelException.Timeout) and is made again; the answer restarts on the next line}.
     */
    static String discardNotice(AgentEvent.TextDiscarded discarded) {
        String reason = discarded.reason().substring(discarded.reason().lastIndexOf('.') + 1).replace('$', '.');
        return "terminus: the last " + discarded.characters() + " character" + (discarded.characters() == 1 ? "" : "s")
                + " above " + (discarded.characters() == 1 ? "is" : "are") + " discarded: the model call failed ("
                + reason + ") and is made again; the answer restarts on the next line";
    }
}
