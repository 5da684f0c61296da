package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.pipeline.internal.PipelineCheckpointCodec;

/**
 * Writes a {@link PipelineCheckpoint} as JSON and reads it back to an equal one, so that another process can resume
 * the pipeline ({@link Pipeline#resume}). Immutable and thread-safe: take one with {@link #ofDefaults()} and share it.
 *
 * {@snippet :
 * // given: PipelineCheckpoint paused
 * PipelineCheckpointJson json = PipelineCheckpointJson.ofDefaults();
 * String text = json.write(paused);
 * PipelineCheckpoint back = json.read(text);   // equals paused
 * }
 *
 * <h2>Layout</h2>
 * One object, its fields in this order, indented by two spaces, {@code \n} line ends:
 * {@snippet lang=json :
 * {
 *   "formatVersion": 1,
 *   "pipelineName": "refunds",
 *   "input": "order 42",
 *   "elapsed": "PT0.25S",
 *   "ended": [
 *     {
 *       "name": "lookup",
 *       "phase": null,
 *       "termination": {
 *         "$kind": "NaturalCompletion"
 *       },
 *       "outcome": "SUCCEEDED",
 *       "attempts": 1,
 *       "usage": {
 *         "inputTokens": 10,
 *         "outputTokens": 5,
 *         "cachedInputTokens": 0,
 *         "reasoningTokens": 0
 *       },
 *       "costUsd": 0.0012,
 *       "duration": "PT0.1S",
 *       "lastRun": {
 *         "termination": {
 *           "$kind": "NaturalCompletion"
 *         },
 *         "outcome": "SUCCEEDED",
 *         "usage": { "inputTokens": 10, "outputTokens": 5, "cachedInputTokens": 0, "reasoningTokens": 0 },
 *         "costUsd": 0.0012,
 *         "toolCalls": 0,
 *         "duration": "PT0.1S",
 *         "finalAnswer": "order 42",
 *         "agentName": "lookup"
 *       }
 *     }
 *   ],
 *   "paused": { "name": "refund", "termination": { "$kind": "HitlGatePending", "gateId": "..." }, "lastRun": null },
 *   "checkpoint": { "formatVersion": 1, "gate": { "$kind": "HitlGatePending", "gateId": "..." } }
 * }
 * }
 * <ul>
 *   <li>{@code ended} holds the stages ended before the pause, {@code paused} the paused stage so far, both with
 *       the fields of a {@link StageResult} (shortened above for {@code paused}); {@code phase} is a string or
 *       {@code null}, {@code outcome} an enum name, {@code lastRun} the kept part of the stage's agent run (see
 *       {@link PipelineCheckpoint}) or {@code null}, always {@code null} for {@code paused}.</li>
 *   <li>Every {@code termination} is in the wire format ({@code dev.terminus.jackson.TerminusModule}, without
 *       extensions): a stage that ended with a {@link dev.terminus.Termination.Extension} cannot be written.</li>
 *   <li>{@code checkpoint} is the paused agent run's {@link dev.terminus.agent.Checkpoint}, exactly as
 *       {@link dev.terminus.checkpoint.CheckpointJson} writes it (shortened above), with its own format version.</li>
 *   <li>{@code costUsd} is a JSON number read back with its scale; {@code elapsed} and {@code duration} are
 *       ISO-8601 strings ({@link java.time.Duration#toString()}).</li>
 * </ul>
 *
 * <h2>Reading</h2>
 * {@code formatVersion} is checked first: when it is missing or not {@value #FORMAT_VERSION} the checkpoint is refused
 * for its version alone. Then every field is required, an unknown or repeated field is refused, as is trailing
 * content. Every problem, including a value the records refuse, is a {@link CheckpointFormatException} naming the
 * field (as {@code PipelineCheckpoint.ended[0].usage.inputTokens}, or
 * {@code PipelineCheckpoint.checkpoint: Checkpoint.iteration} inside the agent run's checkpoint) and the bad value.
 */
public final class PipelineCheckpointJson {

    /** The format version this class writes and reads. */
    public static final int FORMAT_VERSION = PipelineCheckpointCodec.FORMAT_VERSION;

    private final PipelineCheckpointCodec codec;

    private PipelineCheckpointJson() {
        this.codec = new PipelineCheckpointCodec();
    }

    /**
     * Builds the mapper behind the reader and writer; do it once and share the result.
     *
     * @return a new, immutable instance, in the one layout there is
     */
    public static PipelineCheckpointJson ofDefaults() {
        return new PipelineCheckpointJson();
    }

    /**
     * Writes a pipeline checkpoint in the layout of this class.
     *
     * @param checkpoint the checkpoint
     * @return its JSON text
     * @throws IllegalArgumentException naming the value when one cannot be written
     */
    public String write(PipelineCheckpoint checkpoint) {
        return codec.write(Preconditions.notNull(checkpoint, "checkpoint"));
    }

    /**
     * Reads a pipeline checkpoint.
     *
     * @param json the JSON text of one pipeline checkpoint
     * @return the checkpoint
     * @throws CheckpointFormatException when it is not JSON, of another format version, or not a valid pipeline
     *     checkpoint; the message names the field and the bad value
     */
    public PipelineCheckpoint read(String json) throws CheckpointFormatException {
        return codec.read(Preconditions.notNull(json, "json"));
    }
}
