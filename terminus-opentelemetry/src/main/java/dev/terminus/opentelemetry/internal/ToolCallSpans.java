package dev.terminus.opentelemetry.internal;

import dev.terminus.Message;
import dev.terminus.agent.RunContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The tool calls of one run that started and have not ended, each with its open {@code execute_tool} span, so that a
 * run the call starts (an agent offered as a tool, or any agent a tool runs) hangs its span from the call's.
 *
 * <p>A call's span starts at {@code ToolStarted}, on the run's thread, just before the call runs there or on a thread
 * of its own that the run's thread starts (in parallel, under a per-tool timeout, supervised). That thread inherits
 * the call ({@link #IN_PROGRESS} is inheritable); where the call runs on the run's own thread, the run's thread holds
 * it. A run starting on either finds its parent there ({@link #parentOfRunStartingHere}). The calls held by one thread
 * form a chain (a call of a child run inside a call of its parent); a call that has ended is skipped, so a thread that
 * outlives the call (a pool the tool made) does not hang later runs from it. So is a call whose run is gone: an
 * {@code Error} that went through a run ends none of its calls (nor the run), and once nothing holds the run's context
 * any more its call holds no thread; before that, on the run's own thread, a run starting no deeper in the stack than
 * where the call was announced is not inside it.
 *
 * <p>{@code ToolCalled} names the call's tool but not its id: the call it ends is the one whose result the run has just
 * recorded (the transcript's last message, which the loop appends before it publishes the event); a call the run
 * answered without running it (refused, unknown, invalid arguments) had no span open, so none is ended for it.
 */
final class ToolCallSpans {
    /** The tool call in progress on this thread (or on the thread that started it), with the calls it is inside. */
    private static final InheritableThreadLocal<@Nullable OpenCall> IN_PROGRESS = new InheritableThreadLocal<>();

    private static final StackWalker STACK = StackWalker.getInstance();

    /** Guarded by itself; a run rarely has more than a handful of calls open at once. */
    private final List<OpenCall> open = new ArrayList<>(2);

    /**
     * A call started: its span is open, and the runs this thread starts (or the threads it starts) hang from it.
     *
     * @param toolName the tool
     * @param callId the call's id
     * @param span the call's span, started
     * @param run the run
     * @param runContext the run's context, whose child the span is
     */
    void started(RunContext run, String toolName, String callId, Span span, Context runContext) {
        OpenCall enclosing = IN_PROGRESS.get();
        while (enclosing != null && (enclosing.owner == this || !enclosing.isOpen())) {
            enclosing = enclosing.outer(); // a call of this run started before (in parallel) is not around this one
        }
        OpenCall call = new OpenCall(this, new WeakReference<>(run), toolName, callId, span, runContext.with(span),
                Span.current().getSpanContext(), enclosing, Thread.currentThread().threadId(), stackDepth());
        synchronized (open) {
            open.add(call);
        }
        IN_PROGRESS.set(call);
    }

    /**
     * The open call a {@code ToolCalled} ends, removed: the one whose result the run recorded last, or, when the
     * transcript does not tell, the oldest open call of the tool. On the run's thread, which holds the call no more.
     *
     * @param run the run
     * @param toolName the tool that ended
     * @return the call's span, or null when no call of it is open (it was answered without running)
     */
    @Nullable Span ended(RunContext run, String toolName) {
        OpenCall ended;
        synchronized (open) {
            ended = open.isEmpty() ? null : take(run, toolName);
        }
        forget(ended);
        return ended == null ? null : ended.close();
    }

    private @Nullable OpenCall take(RunContext run, String toolName) {
        @Nullable String id = lastResultId(run, toolName);
        for (int i = 0; i < open.size(); i++) {
            OpenCall call = open.get(i);
            if (id == null ? call.toolName.equals(toolName) : call.callId.equals(id)) {
                return open.remove(i);
            }
        }
        return null;
    }

    /** @return the id of the call the run answered last when that answer is the transcript's last message, else null */
    private static @Nullable String lastResultId(RunContext run, String toolName) {
        List<Message> transcript = run.transcript();
        return !transcript.isEmpty() && transcript.getLast() instanceof Message.ToolResult result
                && result.toolName().equals(toolName) ? result.toolCallId() : null;
    }

    /**
     * The run ended: the calls still open (stopped by the run's end) are removed, for their spans to end with it.
     *
     * @return their spans
     */
    List<Span> endAll() {
        List<OpenCall> left;
        synchronized (open) {
            left = List.copyOf(open);
            open.clear();
        }
        List<Span> spans = new ArrayList<>(left.size());
        for (OpenCall call : left) {
            spans.add(call.close());
        }
        forget(null);
        return spans;
    }

    /** Lets this thread hold the innermost call still open, no longer the one that ended. */
    private static void forget(@Nullable OpenCall ended) {
        OpenCall held = IN_PROGRESS.get();
        if (held != null && (held == ended || !held.isOpen())) {
            OpenCall inner = innermostOpen(held);
            if (inner == null) {
                IN_PROGRESS.remove();
            } else {
                IN_PROGRESS.set(inner);
            }
        }
    }

    /**
     * The context a run starting on this thread hangs from: the current context, unless a tool call of a run is in
     * progress here and the tool made no span of its own current since the call started; then that call's span.
     *
     * @return the run's parent context
     */
    static Context parentOfRunStartingHere() {
        Context current = Context.current();
        OpenCall call = innermostOpen(IN_PROGRESS.get());
        long depth = -1;
        while (call != null && call.threadId == Thread.currentThread().threadId()) {
            // a call made on this very thread holds the runs started inside it, deeper in the stack; a run starting
            // no deeper than the call was announced is not inside it: an Error (a workflow thread destroyed) left it
            depth = depth < 0 ? stackDepth() : depth;
            if (depth > call.depth) {
                break;
            }
            call = innermostOpen(call.outer());
        }
        if (call == null) {
            return current;
        }
        SpanContext currentSpan = Span.fromContext(current).getSpanContext();
        @Nullable Context callContext = call.context;
        boolean toolMadeItsOwn = currentSpan.isValid() && !currentSpan.equals(call.outer);
        return toolMadeItsOwn || callContext == null ? current : callContext;
    }

    private static long stackDepth() {
        return STACK.walk(java.util.stream.Stream::count);
    }

    private static @Nullable OpenCall innermostOpen(@Nullable OpenCall call) {
        OpenCall at = call;
        while (at != null && !at.isOpen()) {
            at = at.outer();
        }
        return at;
    }

    /** A call in progress; what it holds is let go of when it ends (a thread may keep the object longer). */
    private static final class OpenCall {
        final ToolCallSpans owner;
        /**
         * The run, weakly: a run that an {@code Error} went through never ends its call, and a thread that ran it
         * must not hang the runs it starts later from that call once the run is gone.
         */
        private final WeakReference<RunContext> run;
        final String toolName;
        final String callId;
        /** The span current on the run's thread when the call started. */
        final SpanContext outer;
        private volatile @Nullable Span span;
        volatile @Nullable Context context;
        private final @Nullable OpenCall enclosing;
        /** The run's thread, which announced the call, and how deep its stack was then. */
        final long threadId;
        final long depth;

        OpenCall(ToolCallSpans owner, WeakReference<RunContext> run, String toolName, String callId, Span span, Context context, SpanContext outer,
                @Nullable OpenCall enclosing, long threadId, long depth) {
            this.owner = owner;
            this.threadId = threadId;
            this.depth = depth;
            this.run = run;
            this.toolName = toolName;
            this.callId = callId;
            this.span = span;
            this.context = context;
            this.outer = outer;
            this.enclosing = enclosing;
        }

        boolean isOpen() {
            return context != null && run.get() != null;
        }

        /** @return the call this thread held before this one */
        @Nullable OpenCall outer() {
            return enclosing;
        }

        /** @return the span, to end; the call holds nothing any more but the calls it is inside */
        Span close() {
            Span closed = span;
            span = null;
            context = null;
            return closed == null ? Span.getInvalid() : closed;
        }
    }
}
