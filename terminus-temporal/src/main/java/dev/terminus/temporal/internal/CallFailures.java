package dev.terminus.temporal.internal;

import dev.terminus.agent.HumanInputNeeded;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.spi.ModelException;
import io.temporal.client.ActivityWorkerShutdownException;
import io.temporal.common.converter.Values;
import io.temporal.failure.ApplicationFailure;
import java.lang.reflect.Constructor;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How an exception of a model or tool crosses from its activity to the workflow: as a non-retryable
 * {@link ApplicationFailure} whose type and details let the workflow throw the same exception again, so the loop
 * classifies it exactly as it would in one process (a {@link ModelException} subtype with its status, reason or
 * sizes; a tool's {@link HumanInputNeeded} with its request, so the run pauses for a person's input; any other
 * exception as its own class with its message when the workflow's class path has that class and a constructor taking a
 * message). A streaming model's call cut after some text arrived carries that text as its failure's cause
 * ({@link #partialText}, ADR 0041).
 *
 * <p>The exception's message is carried once, as the failure's message, at most {@link #MAX_MESSAGE_BYTES} bytes of it
 * (UTF-8; a longer one is cut and marked so, {@link #bounded}); the first detail, which failures recorded before
 * carried the message in again, is null. A message read back is the first detail when a failure has one (a history
 * recorded before), else the failure's message: an exception that had none is made again with its class's name.
 */
public final class CallFailures {
    private static final String MODEL = "terminus.model.";
    /** The type of a tool's request for a person's input: details message, schema, source. */
    static final String HUMAN_INPUT = "terminus.humanInput";
    /** The type of the failure of an agent's served tools to start: details its message. */
    public static final String SERVED_TOOLS = "terminus.servedTools";
    /** The type of a call whose run's transcript its workflow did not give within the call's time: retryable. */
    static final String TRANSCRIPT_UNAVAILABLE = "terminus.transcriptUnavailable";
    /** The most of a message a failure carries: UTF-8 bytes, the marker of a cut message not counted. */
    static final int MAX_MESSAGE_BYTES = 32 * 1024;
    /**
     * The type of the cause a model call's failure carries when its stream was cut after some text arrived: details
     * that text (ADR 0041). A workflow that predates it reads the failure's own type and details only.
     */
    static final String PARTIAL_TEXT = "terminus.partialText";
    /** The type of a streamed call's answer to its cancellation by the run, with the text that arrived as its cause. */
    static final String STOPPED = "terminus.stopped";

    private CallFailures() {}

    /**
     * @param e what a model or tool threw
     * @return the failure its activity throws
     */
    public static ApplicationFailure toFailure(Throwable e) {
        return toFailure(e, null);
    }

    /**
     * @param e what a model or tool threw
     * @param partialText the text a streaming model's call gave before it was cut, or null: carried as the
     *     failure's cause of type {@link #PARTIAL_TEXT}, so its type and details stay as a workflow that predates
     *     it reads them (ADR 0041)
     * @return the failure its activity throws
     */
    public static ApplicationFailure toFailure(Throwable e, @Nullable String partialText) {
        String message = e.getMessage();
        String text = bounded(message == null ? e.getClass().getName() : message);
        // the message is the failure's; the first detail, where failures recorded before carried it again, is null
        Object once = null;
        @Nullable ApplicationFailure cut = partialText == null ? null : ApplicationFailure.newNonRetryableFailure(
                "the text that arrived before the call was cut", PARTIAL_TEXT, partialText);
        return switch (e) {
            case ModelException.AuthenticationFailed m ->
                    failure(text, MODEL + "AuthenticationFailed", cut, once, m.status());
            case ModelException.ServerError m -> failure(text, MODEL + "ServerError", cut, once, m.status());
            case ModelException.ClientError m -> failure(text, MODEL + "ClientError", cut, once, m.status());
            case ModelException.RateLimited m -> failure(text, MODEL + "RateLimited", cut, once);
            case ModelException.Timeout m -> failure(text, MODEL + "Timeout", cut, once);
            case ModelException.ContextLengthExceeded m -> failure(text, MODEL + "ContextLengthExceeded", cut, once,
                    m.promptTokens(), m.contextWindow());
            case ModelException.Refused m -> failure(text, MODEL + "Refused", cut, once, m.reason());
            case HumanInputNeeded needed -> ApplicationFailure.newNonRetryableFailure(text, HUMAN_INPUT,
                    needed.request().message(), needed.request().requestedSchema(), needed.request().source());
            // not the model's or tool's failure: the call could not be made; a failure the loop may try again
            case TranscriptQueries.TranscriptUnavailableException unread ->
                    ApplicationFailure.newFailure(text, TRANSCRIPT_UNAVAILABLE, once);
            default -> failure(text, e.getClass().getName(), cut, once);
        };
    }

    /**
     * @param message a message a failure carries
     * @return the message when its UTF-8 form is at most {@link #MAX_MESSAGE_BYTES} bytes; else as many of its first
     *     characters as fit (never half a surrogate pair) and a marker saying how much was cut
     */
    static String bounded(String message) {
        if (message.length() * 3L <= MAX_MESSAGE_BYTES) {
            return message; // fits whatever its characters
        }
        int bytes = 0;
        int end = 0;
        while (end < message.length()) {
            int codePoint = message.codePointAt(end);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (bytes + size > MAX_MESSAGE_BYTES) {
                break;
            }
            bytes += size;
            end += Character.charCount(codePoint);
        }
        if (end == message.length()) {
            return message;
        }
        return message.substring(0, end) + " [... message cut: " + (message.length() - end) + " of its "
                + message.length() + " characters left out, over the " + MAX_MESSAGE_BYTES + " bytes a failure"
                + " carries]";
    }

    /**
     * @param partialText the text a streaming model's call gave before the run stopped it (its activity's
     *     cancellation)
     * @return the failure its activity answers the cancellation with, so a workflow that waits for it gets the text
     */
    public static ApplicationFailure stopped(String partialText) {
        return ApplicationFailure.newNonRetryableFailureWithCause("the call was stopped by its run", STOPPED,
                ApplicationFailure.newNonRetryableFailure("the text that arrived before the call was cut",
                        PARTIAL_TEXT, partialText));
    }

    /**
     * @param failure the failure an activity failed with
     * @return whether the activity answered its cancellation by the run (and carries the text that arrived)
     */
    public static boolean isStopped(ApplicationFailure failure) {
        return STOPPED.equals(failure.getType());
    }

    /**
     * @param failure the failure a model call's activity failed with
     * @return the text its stream gave before it was cut, or null when it carries none (no text arrived, the model
     *     does not stream, or its activity predates ADR 0041)
     */
    public static @Nullable String partialText(ApplicationFailure failure) {
        if (failure.getCause() instanceof ApplicationFailure cause && PARTIAL_TEXT.equals(cause.getType())
                && cause.getDetails().getSize() > 0) {
            return cause.getDetails().get(0, String.class);
        }
        return null;
    }

    /**
     * @param e why an agent's served tools could not be started
     * @return the failure of the activity that lists them, which ends the run {@code Failed}
     */
    public static ApplicationFailure servedToolsFailure(Throwable e) {
        String message = bounded(e.getMessage() == null ? e.getClass().getName() : e.getMessage());
        return ApplicationFailure.newNonRetryableFailure(message, SERVED_TOOLS);
    }

    private static ApplicationFailure failure(String text, String type, @Nullable ApplicationFailure cut,
            @Nullable Object... details) {
        return cut == null ? ApplicationFailure.newNonRetryableFailure(text, type, details)
                : ApplicationFailure.newNonRetryableFailureWithCause(text, type, cut, details);
    }

    /**
     * @param failure the failure an activity failed with
     * @return the exception the model or tool threw, made again
     */
    public static Exception fromFailure(ApplicationFailure failure) {
        String type = failure.getType();
        Values details = failure.getDetails();
        // recorded before, the first detail carried the message again; now the failure's message alone does
        String carried = details.getSize() > 0 ? details.get(0, String.class) : null;
        String message = carried != null ? carried : failure.getOriginalMessage();
        String text = message == null ? "" : message;
        if (type.startsWith(MODEL)) {
            return switch (type.substring(MODEL.length())) {
                case "AuthenticationFailed" -> new ModelException.AuthenticationFailed(status(details), text, null);
                case "ServerError" -> new ModelException.ServerError(status(details), text, null);
                case "ClientError" -> new ModelException.ClientError(status(details), text, null);
                case "RateLimited" -> new ModelException.RateLimited(text, null);
                case "Timeout" -> new ModelException.Timeout(text, null);
                case "ContextLengthExceeded" -> new ModelException.ContextLengthExceeded(
                        details.get(1, Long.class), details.get(2, Long.class), text, null);
                case "Refused" -> new ModelException.Refused(details.get(1, String.class), text, null);
                default -> new RemoteCallException(type, text);
            };
        }
        if (type.equals(HUMAN_INPUT)) {
            @SuppressWarnings("unchecked")
            Map<String, ?> schema = details.get(1, Map.class);
            return new HumanInputNeeded(HumanInputRequest.of(text, schema == null ? Map.of() : schema,
                    String.valueOf(details.get(2, String.class))));
        }
        return remade(type, message);
    }

    /**
     * @param failure the failure an activity failed with
     * @return whether the activity ended because its worker shut down while the call ran (the call's end is unknown)
     */
    public static boolean isWorkerShutdown(ApplicationFailure failure) {
        return ActivityWorkerShutdownException.class.getName().equals(failure.getType());
    }

    /**
     * @param failure the failure an activity failed with
     * @return whether the call could not read its run's transcript from the workflow within its time
     */
    public static boolean isTranscriptUnavailable(ApplicationFailure failure) {
        return TRANSCRIPT_UNAVAILABLE.equals(failure.getType());
    }

    /**
     * @param failure the failure an activity failed with
     * @return whether the model's or tool's call threw an {@code InterruptedException}: on an activity's thread,
     *     the interrupt of its worker
     */
    public static boolean isInterrupt(ApplicationFailure failure) {
        return InterruptedException.class.getName().equals(failure.getType());
    }

    private static int status(Values details) {
        Integer status = details.get(1, Integer.class);
        return status == null ? 0 : status;
    }

    /** The exception of the type's class with the message, when there is such a class; else a stand-in. */
    private static Exception remade(String type, @Nullable String message) {
        try {
            Class<?> found = Class.forName(type, false, CallFailures.class.getClassLoader());
            if (Exception.class.isAssignableFrom(found)) {
                Constructor<?> constructor = found.getConstructor(String.class);
                return (Exception) constructor.newInstance(message);
            }
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // no such class here, or no public constructor taking a message: the stand-in says what it was
        }
        return new RemoteCallException(type, message == null ? "" : message);
    }

    /** An exception whose class the workflow cannot make again: named by its type, with its message. */
    public static final class RemoteCallException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /**
         * @param type the original exception's type
         * @param message its message
         */
        public RemoteCallException(String type, String message) {
            super(type + ": " + message);
        }
    }
}
