package dev.terminus.cli.command;

import dev.terminus.cli.output.Wire;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs {@code terminus} in this process with captured streams. */
public final class Cli {
    private Cli() {}

    /** What a run printed and its exit status. */
    public record Result(int status, String out, String err) {
        /** The lines printed on standard error. */
        public List<String> errLines() {
            return err.lines().toList();
        }

        /** Standard output with every run of whitespace made one space, so wrapped lines compare as one. */
        public String flatOut() {
            return out.replaceAll("\\s+", " ");
        }
    }

    public static Result run(String... args) {
        return withInput("", args);
    }

    public static Result withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = TerminusCommand.run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code terminus} with no input and the environment given (for the API keys of {@code --provider}). */
    public static Result withEnvironment(java.util.Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = TerminusCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]), env);
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A string as a JSON string literal. */
    public static String json(@org.jspecify.annotations.Nullable String text) {
        try {
            return Wire.MAPPER.writeValueAsString(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whitespace runs made one space. */
    public static String flat(String text) {
        return text.replaceAll("\\s+", " ");
    }
}
