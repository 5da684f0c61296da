package dev.terminus.cli.output;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/** The wire format as the command line reads and writes it: strict decoding, with one-line errors. */
public final class Wire {

    /** Strict, as {@link TerminusModule} is by default. */
    public static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new TerminusModule()).build();

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private Wire() {}

    /**
     * Reads the bytes of a file, or of standard input when {@code file} is null or {@code -}.
     *
     * @throws BadInputException naming the file when it cannot be read
     */
    public static byte[] read(@Nullable String file, InputStream stdin) throws BadInputException {
        String source = sourceName(file);
        try {
            return file == null || file.equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new BadInputException(source + ": no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(source + ": permission denied");
        } catch (IOException e) {
            boolean directory = file != null && Files.isDirectory(Path.of(file));
            throw new BadInputException(source + ": " + (directory ? "is a directory" : "cannot read it: " + e.getMessage()));
        } catch (java.nio.file.InvalidPathException e) {
            throw new BadInputException(source + ": not a valid path (" + e.getReason() + ")");
        }
    }

    /** How errors name an input: the file as given, or {@code standard input}. */
    public static String sourceName(@Nullable String file) {
        return file == null || file.equals("-") ? "standard input" : file;
    }

    /**
     * Decodes exactly one termination.
     *
     * @param json the input
     * @param source how to name the input in an error
     * @throws BadInputException saying what is wrong and where, in one line
     */
    public static Termination decode(byte[] json, String source) throws BadInputException {
        if (new String(json, StandardCharsets.UTF_8).isBlank()) {
            throw new BadInputException(source + ": the input is empty; expected one termination as JSON,"
                    + " such as {\"$kind\":\"Completed\"}");
        }
        try (JsonParser parser = MAPPER.createParser(json)) {
            Termination termination = MAPPER.readValue(parser, Termination.class);
            if (termination == null) {
                throw new BadInputException(source + ": the input is null; expected one termination as JSON,"
                        + " such as {\"$kind\":\"Completed\"}");
            }
            if (parser.nextToken() != null) {
                throw new BadInputException(source + ": more than one JSON value; expected exactly one termination"
                        + where(parser.currentTokenLocation()));
            }
            return termination;
        } catch (JacksonException e) {
            throw new BadInputException(source + ": " + describe(e));
        } catch (IOException e) {
            throw new BadInputException(source + ": cannot read it: " + e.getMessage());
        }
    }

    /** Jackson's own message, without its source excerpt, followed by the line and column when known. */
    public static String describe(JacksonException e) {
        String message = e.getOriginalMessage();
        return (message == null ? e.getClass().getSimpleName() : message) + where(e.getLocation());
    }

    private static String where(@Nullable JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    /** The wire form of a termination, as a tree in wire order. */
    public static ObjectNode encode(Termination termination) {
        try {
            // Through text, so numbers read back as they would from a file.
            return (ObjectNode) MAPPER.readTree(MAPPER.writeValueAsString(termination));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot encode " + termination.tag() + ": " + describe(e), e);
        }
    }

    /** Pretty-printed JSON with two-space indentation and a line feed at the end. */
    public static String pretty(JsonNode node) {
        try {
            return MAPPER.writer(PRETTY).writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compact JSON on one line. */
    public static String compact(@Nullable Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
