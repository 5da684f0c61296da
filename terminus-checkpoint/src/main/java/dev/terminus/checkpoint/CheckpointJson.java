package dev.terminus.checkpoint;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.terminus.Preconditions;
import dev.terminus.agent.Checkpoint;
import dev.terminus.checkpoint.internal.CheckpointMapper;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@link Checkpoint} as JSON and reads it back to an equal one: the {@linkplain FileGateStore.Codec codec} of
 * {@link FileGateStore#checkpoints(java.nio.file.Path)}. Immutable and thread-safe: take one with {@link #ofDefaults()}
 * and share it.
 *
 * {@snippet :
 * CheckpointJson json = CheckpointJson.ofDefaults();
 * String text = json.write(checkpoint);
 * Checkpoint back = json.read(text);          // equals checkpoint
 * }
 *
 * <h2>Layout</h2>
 * One object, its fields always in this order, indented by two spaces, {@code \n} line ends:
 * {@snippet lang=json :
 * {
 *   "formatVersion": 1,
 *   "gate": {
 *     "$kind": "HitlGatePending",
 *     "gateId": "gate-7",
 *     "proposalId": "call_1",
 *     "summary": "Call refund with {\"order\":42}",
 *     "agentId": "support",
 *     "cycle": 1
 *   },
 *   "agentName": "support",
 *   "modelName": "gpt-4o",
 *   "configFingerprint": "sha256:9f2c",
 *   "pendingCall": {
 *     "id": "call_1",
 *     "name": "refund",
 *     "arguments": {
 *       "order": 42
 *     }
 *   },
 *   "remainingCalls": [],
 *   "transcript": [
 *     {
 *       "role": "user",
 *       "content": "Refund order 42"
 *     }
 *   ],
 *   "iteration": 1,
 *   "toolCalls": 0,
 *   "usage": {
 *     "inputTokens": 120,
 *     "outputTokens": 30,
 *     "cachedInputTokens": 0,
 *     "reasoningTokens": 0
 *   },
 *   "costUsd": 0.012300,
 *   "iterations": [],
 *   "elapsed": "PT0.0123S",
 *   "consecutiveMistakes": 0,
 *   "repairsUsed": 0,
 *   "finalizing": false,
 *   "metadata": {
 *     "tenant": "acme"
 *   }
 * }
 * }
 * <ul>
 *   <li>{@code gate} is the {@link dev.terminus.Termination.HitlGatePending} in the wire format (its {@code $kind}
 *       first); {@code pendingCall}, {@code remainingCalls} and {@code transcript} hold tool calls and messages in the
 *       wire format too ({@code dev.terminus.jackson.TerminusModule}).</li>
 *   <li>{@code costUsd} is a JSON number written from {@link java.math.BigDecimal#toString()} and read from its text:
 *       {@code 0.012300} keeps its scale of 6, {@code 1.2E+3} its scale of -2.</li>
 *   <li>{@code elapsed} and each iteration's {@code duration} are ISO-8601 strings
 *       ({@link java.time.Duration#toString()}), exact to the nanosecond.</li>
 *   <li>{@code usage}, and each element of {@code iterations}, are objects of the record components in declaration
 *       order: {@code {"iteration", "usage", "toolCalls", "finishReason", "duration"}}, {@code finishReason} being an
 *       enum name or {@code null}.</li>
 *   <li>{@code metadata} is an object of strings sorted by key.</li>
 *   <li>Format {@value Checkpoint#INPUT_FORMAT_VERSION} (a gate that waits for a person's input) has two fields
 *       more, last: {@code inputRequest} ({@code message}, {@code requestedSchema} as free JSON, {@code source}) and
 *       {@code inputAnswers}, an array of {@code {"request": ..., "content": {...} | null,
 *       "declinedBecause": "..." | null}}. A checkpoint at an approval gate has format
 *       {@value Checkpoint#FORMAT_VERSION} and neither field.</li>
 *   <li>Format {@value Checkpoint#CHILD_FORMAT_VERSION} (the pending call runs an agent that paused at a gate of its
 *       own) has the fields of format {@value Checkpoint#FORMAT_VERSION} and one more, last: {@code child}, that
 *       agent's checkpoint, written the same way (and so on down a tree of agents).</li>
 *   <li>A run that called agents as tools ({@code Tools.agent}) that ended before the pause has, in any format, one
 *       field more after those of its format and before {@code child}: {@code children}
 *       ({@link Checkpoint#children()}), an array of {@code {"toolName", "iteration", "result": {...}}} in the order
 *       the children ended. A {@code result} holds what a {@link dev.terminus.agent.RunResult} is made of, in this
 *       order: {@code termination} (in the wire format, as the gate), {@code outcome} (an enum name),
 *       {@code transcript} (messages, as the transcript), {@code iterations} (as the checkpoint's), {@code usage},
 *       {@code costUsd}, {@code toolCalls}, {@code duration}, {@code finalAnswer} (a string or {@code null}),
 *       {@code structuredOutput} (free JSON or {@code null}), {@code agentName} (a string or {@code null}) and
 *       {@code children}, the child's own, written the same way (always, {@code []} when it has none). A checkpoint
 *       without children has no {@code children} field, so its layout is the one above, byte for byte.</li>
 * </ul>
 *
 * <h2>Reading</h2>
 * {@code formatVersion} is checked before any other field is interpreted, wherever it stands: when it is missing or
 * none of {@value Checkpoint#FORMAT_VERSION}, {@value Checkpoint#INPUT_FORMAT_VERSION} and
 * {@value Checkpoint#CHILD_FORMAT_VERSION} the checkpoint is refused for its version alone
 * ({@code checkpoint formatVersion 4 is not supported: this version reads 1, 2 and 3}). Then every
 * field of that format is required, an
 * unknown or repeated field is refused, as is trailing content; the order of the fields does not matter. Every
 * problem, including a value the checkpoint's records refuse, is a {@link CheckpointFormatException} naming the field
 * (as {@code Checkpoint.iterations[1].usage}) and the bad value; nothing else escapes, whatever the text.
 *
 * <p>Tool-call arguments are free JSON and read back as a JSON reader's values: an {@code Integer} for a whole
 * number that fits one, a {@code Double} for a fraction. A checkpoint whose arguments hold other number types (a
 * {@code Long} of 5, a {@code BigDecimal}) reads back with those types instead, so it is not {@code equals} to the
 * original although it says the same.
 *
 * <p>A child's structured output is written as Jackson writes its value (a record as an object of its components)
 * and reads back as free JSON the same way: a {@code Map} of plain JSON values (a {@code List}, a {@code String}, an
 * {@code Integer}...), not the typed object the child's output validator made. A checkpoint whose children have a
 * structured output other than such plain JSON values therefore reads back not {@code equals} to the original,
 * although it says the same. A child's termination is written in the wire format of a {@code TerminusModule} without
 * extensions: a child that ended with a {@link dev.terminus.Termination.Extension} cannot be written.
 */
public final class CheckpointJson implements FileGateStore.Codec<Checkpoint> {

    /** What a checkpoint file holds, the middle of its name: {@code <gateId>.checkpoint.json}. */
    public static final String KIND = "checkpoint";

    private final ObjectWriter writer;
    private final ObjectReader reader;

    private CheckpointJson() {
        ObjectMapper mapper = CheckpointMapper.create();
        this.writer = mapper.writerFor(Checkpoint.class).with(CheckpointMapper.prettyPrinter());
        this.reader = mapper.readerFor(Checkpoint.class);
    }

    /**
     * Builds the mapper behind the reader and writer; do it once and share the result.
     *
     * @return a new, immutable instance, in the one layout there is
     */
    public static CheckpointJson ofDefaults() {
        return new CheckpointJson();
    }

    /**
     * @return {@value #KIND}: a {@link FileGateStore} names checkpoint files {@code <gateId>.checkpoint.json}
     */
    @Override
    public String kind() {
        return KIND;
    }

    /**
     * Writes a checkpoint in the layout of this class.
     *
     * @param checkpoint the checkpoint
     * @return its JSON text
     * @throws IllegalArgumentException naming the value when one cannot be written (an iteration record without usage
     *     or duration: {@link dev.terminus.agent.IterationRecord} does not check its components)
     */
    public String write(Checkpoint checkpoint) {
        Preconditions.notNull(checkpoint, "checkpoint");
        try {
            return writer.writeValueAsString(checkpoint);
        } catch (JsonProcessingException e) {
            throw cannotWrite(checkpoint, e);
        }
    }

    /**
     * Writes a checkpoint in the layout of this class, as UTF-8, straight to bytes (the fast way to a file). It is
     * the JSON of {@link #write(Checkpoint)} with one difference of spelling: a character beyond the Basic
     * Multilingual Plane (an emoji) and a lone surrogate (half of one, as a model's broken <code>&#92;ud83d</code>
     * escape leaves, which UTF-8 cannot encode) are written as <code>&#92;uXXXX</code> escapes, so every checkpoint
     * reads back exactly.
     *
     * @param checkpoint the checkpoint
     * @return its JSON text, UTF-8 encoded
     * @throws IllegalArgumentException naming the value when one cannot be written (see {@link #write(Checkpoint)})
     */
    @Override
    public byte[] writeBytes(Checkpoint checkpoint) {
        Preconditions.notNull(checkpoint, "checkpoint");
        try {
            return writer.writeValueAsBytes(checkpoint);
        } catch (JsonProcessingException e) {
            throw cannotWrite(checkpoint, e);
        }
    }

    /**
     * Reads a checkpoint.
     *
     * @param json the JSON text of one checkpoint
     * @return the checkpoint
     * @throws CheckpointFormatException when it is not JSON, of another format version, or not a valid checkpoint;
     *     the message names the field and the bad value
     */
    public Checkpoint read(String json) throws CheckpointFormatException {
        Preconditions.notNull(json, "json");
        try {
            return reader.readValue(json);
        } catch (IOException e) {
            throw refused(e);
        }
    }

    /**
     * Reads a checkpoint from its encoded text (UTF-8, or UTF-16 or UTF-32 with their byte-order marks).
     *
     * @param json the encoded JSON text of one checkpoint
     * @return the checkpoint
     * @throws CheckpointFormatException when it is not JSON, of another format version, or not a valid checkpoint;
     *     the message names the field and the bad value
     */
    @Override
    public Checkpoint read(byte[] json) throws CheckpointFormatException {
        Preconditions.notNull(json, "json");
        try {
            return reader.readValue(json);
        } catch (IOException e) {
            throw refused(e);
        }
    }


    private static IllegalArgumentException cannotWrite(Checkpoint checkpoint, JsonProcessingException e) {
        return new IllegalArgumentException("Cannot write the checkpoint of gate \"" + checkpoint.gateId() + "\": "
                + e.getOriginalMessage(), e);
    }

    /** Jackson's mapping errors already name the field; an error of the JSON text itself gets its line and column. */
    private static CheckpointFormatException refused(IOException e) {
        if (e instanceof DatabindException mapping) {
            return new CheckpointFormatException(orName(mapping.getOriginalMessage(), e), e);
        }
        String message = orName(e instanceof JsonProcessingException json ? json.getOriginalMessage()
                : e.getMessage(), e);
        JsonLocation at = e instanceof JsonProcessingException json ? json.getLocation() : null;
        String where = at == null || at.getLineNr() < 1 ? ""
                : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        return new CheckpointFormatException("checkpoint is not valid JSON: " + message + where, e);
    }

    private static String orName(@Nullable String message, Exception e) {
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
