package dev.terminus.cli.temporal;

import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.temporal.IdempotencyKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A file to which a worker's scenario tools append the idempotency key of every call they begin, one line each
 * ({@code "<workflow id>:<tool call id>\n"}): how the tests that kill {@code terminus worker} processes count, across
 * the processes, how many times each tool call ran. A worker keeps one only when the system property
 * {@value #PROPERTY} names the file; nothing else sets it, and without it the tools are left as they are.
 *
 * <p>Each line is one {@code write} to the file opened for appending, so the lines of several workers never interleave
 * and a worker killed with SIGKILL leaves every line it wrote (the kernel holds them; a power loss may not).
 */
public final class ToolJournal {
    /** The system property naming the file; absent: no journal. */
    public static final String PROPERTY = "terminus.toolJournal";

    private final @Nullable Path file;

    private ToolJournal(@Nullable Path file) {
        this.file = file;
    }

    /** @return the journal {@value #PROPERTY} names, or none when it is absent or blank */
    public static ToolJournal fromSystemProperty() {
        String file = System.getProperty(PROPERTY, "").strip();
        return new ToolJournal(file.isEmpty() ? null : Path.of(file));
    }

    /**
     * @param file the file the lines are appended to, made when missing
     * @return a journal to that file
     */
    public static ToolJournal to(Path file) {
        return new ToolJournal(file);
    }

    /** @return no journal: {@link #around} leaves tools as they are */
    public static ToolJournal none() {
        return new ToolJournal(null);
    }

    /**
     * @param tools tools of a scenario, called in tool activities
     * @return the tools, each appending its call's key before it runs when there is a journal; else {@code tools}
     */
    List<Tool> around(List<Tool> tools) {
        if (file == null) {
            return tools;
        }
        Path journal = file;
        return tools.stream().<Tool>map(tool -> new Journaled(tool, journal)).toList();
    }

    /** A tool that appends its call's idempotency key to the journal, then runs. */
    private record Journaled(Tool tool, Path journal) implements Tool {
        @Override
        public ToolSpec spec() {
            return tool.spec();
        }

        @Override
        public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
            append(journal, IdempotencyKey.current().orElse("-") + "\n");
            return tool.call(arguments, context);
        }

        @Override
        public boolean interruptible() {
            return tool.interruptible();
        }
    }

    private static void append(Path journal, String line) {
        try (FileChannel channel = FileChannel.open(journal, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the tool journal " + journal, e);
        }
    }
}
