package dev.terminus.converge;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Preconditions;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.converge.internal.PauseCodec;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;

/**
 * Writes a {@link Pause} as JSON and reads it back to an equal one; as a {@linkplain FileGateStore.Codec codec}, it
 * makes a {@link FileGateStore} of pauses, {@code <gateId>.pause.json}. Immutable and thread-safe: build one with
 * {@link #ofDefaults()} and share it.
 *
 * {@snippet :
 * // given: Pause pause
 * PauseJson json = PauseJson.ofDefaults();
 * String text = json.write(pause);
 * Pause back = json.read(text);          // equals pause
 * FileGateStore<Pause> pauses = FileGateStore.in(Path.of(".terminus/checkpoints"), json);
 * }
 *
 * <h2>Layout</h2>
 * One object, its fields always in this order, indented by two spaces, {@code \n} line ends, like an agent loop's
 * checkpoint ({@code CheckpointJson}):
 * {@snippet lang=json :
 * {
 *   "formatVersion": 1,
 *   "gate": {"$kind": "HitlGatePending", "gateId": "gate-…", "proposalId": "extractor/total@…", "summary": "…",
 *            "agentId": "extractor", "cycle": 2},
 *   "engine": "reconcile",
 *   "agents": ["extractor", "normalizer", "cross-checker"],
 *   "staged": {"id": "extractor/total@…", "key": "total", "value": 119050, "confidence": 0.4, "agent": "extractor"},
 *   "remaining": [],
 *   "changedKeys": ["currency"],
 *   "context": [{"key": "document", "value": "…", "provenance": {"agent": "input", "cycle": 0, "confidence": 1.0}}],
 *   "rejected": [{"proposal": {…}, "reason": "…", "rejectedBy": "GATE"}],
 *   "approved": [],
 *   "factsMerged": 7,
 *   "usage": {"inputTokens": 120, "outputTokens": 30, "cachedInputTokens": 0, "reasoningTokens": 0},
 *   "elapsed": "PT0.0123S"
 * }
 * }
 * {@code gate} is the termination in the wire format ({@code TerminusModule}); fact and proposal values are free
 * JSON; {@code elapsed} is an ISO-8601 duration.
 *
 * <h2>Reading</h2>
 * {@code formatVersion} is checked before anything else: when it is missing or not {@value Pause#FORMAT_VERSION} the
 * pause is refused for its version alone. Then every field is required and an unknown or repeated field is refused,
 * as is trailing content. Every problem, including a value the pause's records refuse, is a
 * {@link CheckpointFormatException} (the agent loop's, so that a store reports a corrupt pause the way it reports a
 * corrupt checkpoint) naming the field, as {@code Pause.context[2].provenance.confidence}, and the bad value.
 */
public final class PauseJson implements FileGateStore.Codec<Pause> {

    /** What a pause file holds, the middle of its name: {@code <gateId>.pause.json}. */
    public static final String KIND = "pause";

    private final ObjectMapper mapper;
    private final ObjectWriter writer;
    private final PauseCodec codec;

    private PauseJson() {
        this.mapper = JsonMapper.builder()
                .addModule(new TerminusModule())
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        this.writer = mapper.writer(new DefaultPrettyPrinter(separators).withObjectIndenter(indenter)
                .withArrayIndenter(indenter));
        this.codec = new PauseCodec(mapper);
    }

    /** @return a new, immutable instance; build it once and share it */
    public static PauseJson ofDefaults() {
        return new PauseJson();
    }

    /** @return {@value #KIND}: a {@link FileGateStore} names pause files {@code <gateId>.pause.json} */
    @Override
    public String kind() {
        return KIND;
    }

    /**
     * @param pause a pause
     * @return its JSON text, in the layout of this class
     */
    public String write(Pause pause) {
        return write(pause, writer::writeValueAsString);
    }

    /**
     * @param pause a pause
     * @return its JSON text as UTF-8 bytes
     */
    @Override
    public byte[] writeBytes(Pause pause) {
        return write(pause, writer::writeValueAsBytes);
    }

    /**
     * @param json the JSON text of one pause
     * @return the pause
     * @throws CheckpointFormatException when it is not JSON, of another format version, or not a valid pause; the
     *     message names the field and the bad value
     */
    public Pause read(String json) throws CheckpointFormatException {
        Preconditions.notNull(json, "json");
        return read(() -> mapper.readTree(json));
    }

    /**
     * @param json the encoded JSON text of one pause (UTF-8, or UTF-16/32 with a byte-order mark)
     * @return the pause
     * @throws CheckpointFormatException as {@link #read(String)}
     */
    @Override
    public Pause read(byte[] json) throws CheckpointFormatException {
        Preconditions.notNull(json, "json");
        return read(() -> mapper.readTree(json));
    }

    /** Writes the pause's tree with one of the writer's outputs (text or bytes). */
    private <T> T write(Pause pause, TreeWriter<T> output) {
        try {
            return output.write(codec.write(Preconditions.notNull(pause, "pause")));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Cannot write the pause of gate \"" + pause.gateId() + "\": "
                    + e.getOriginalMessage(), e);
        }
    }

    /** Reads the pause from the tree one of the mapper's inputs (text or bytes) parses. */
    private Pause read(TreeReader input) throws CheckpointFormatException {
        JsonNode root;
        try {
            root = input.read();
        } catch (IOException e) {
            throw notJson(e);
        }
        return codec.read(root);
    }

    /** @param <T> what it writes to */
    @FunctionalInterface
    private interface TreeWriter<T> {
        T write(JsonNode tree) throws JsonProcessingException;
    }

    @FunctionalInterface
    private interface TreeReader {
        JsonNode read() throws IOException;
    }

    private static CheckpointFormatException notJson(IOException e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        JsonLocation at = e instanceof JsonProcessingException json ? json.getLocation() : null;
        String where = at == null || at.getLineNr() < 1 ? ""
                : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        return new CheckpointFormatException("pause is not valid JSON: " + message + where, e);
    }
}
