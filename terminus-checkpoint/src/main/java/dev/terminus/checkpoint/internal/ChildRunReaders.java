package dev.terminus.checkpoint.internal;

import static dev.terminus.checkpoint.internal.ValueReaders.DECIMAL;
import static dev.terminus.checkpoint.internal.ValueReaders.DURATION;
import static dev.terminus.checkpoint.internal.ValueReaders.INT;
import static dev.terminus.checkpoint.internal.ValueReaders.JSON_VALUE;
import static dev.terminus.checkpoint.internal.ValueReaders.STRING;
import static dev.terminus.checkpoint.internal.ValueReaders.enumNamed;
import static dev.terminus.checkpoint.internal.ValueReaders.listOf;
import static dev.terminus.checkpoint.internal.ValueReaders.orNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import java.io.IOException;
import java.util.List;

/**
 * Reads the children of a checkpoint as {@link ChildRunWriter} writes them, strictly: every field of a child and of
 * its result is required (a null one as JSON {@code null}), and the children of a child's result are read the same
 * way, down the tree. A structured output reads back as plain JSON values, not as the type the child's validator made.
 */
final class ChildRunReaders {

    private final ValueReader<List<ChildRun>> children;

    /**
     * @param termination the wire format's reader of a termination
     * @param message the wire format's reader of a message
     */
    private ChildRunReaders(ValueReader<Termination> termination, ValueReader<Message> message) {
        FieldTable resultFields = FieldTable.builder()
                .field("termination", termination)
                .field("outcome", enumNamed(Outcome.class))
                .field("transcript", listOf(message))
                .field("iterations", listOf(RecordReaders.ITERATION))
                .field("usage", RecordReaders.USAGE)
                .field("costUsd", DECIMAL)
                .field("toolCalls", INT)
                .field("duration", DURATION)
                .field("finalAnswer", orNull(STRING))
                .field("structuredOutput", orNull(JSON_VALUE))
                .field("agentName", orNull(STRING))
                .field("children", (ValueReader<List<ChildRun>>) this::readChildren) // down the tree
                .build();
        ValueReader<RunResult> result = resultFields.reader(v -> RunResult.builder()
                .termination(v.get("termination")).outcome(v.get("outcome")).transcript(v.get("transcript"))
                .iterations(v.get("iterations")).usage(v.get("usage")).costUsd(v.get("costUsd"))
                .toolCalls(v.<Integer>get("toolCalls")).duration(v.get("duration")).finalAnswer(v.get("finalAnswer"))
                .structuredOutput(v.get("structuredOutput")).agentName(v.get("agentName"))
                .children(v.get("children")).build());
        FieldTable childFields = FieldTable.builder()
                .field("toolName", STRING)
                .field("iteration", INT)
                .field("result", result)
                .build();
        this.children = listOf(childFields.reader(v -> new ChildRun(v.get("toolName"), v.<Integer>get("iteration"),
                v.get("result"))));
    }

    private List<ChildRun> readChildren(JsonParser p, DeserializationContext ctxt, String path) throws IOException {
        return children.read(p, ctxt, path);
    }

    /**
     * @param termination the wire format's reader of a termination
     * @param message the wire format's reader of a message
     * @return a reader of an array of children
     */
    static ValueReader<List<ChildRun>> children(ValueReader<Termination> termination, ValueReader<Message> message) {
        return new ChildRunReaders(termination, message).children;
    }
}
