package dev.terminus.eval.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportRow;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Writes and reads one report row as one JSON object, with Jackson's streaming API (no tree, no reflection); the
 * termination goes through {@link TerminusModule}. One mapper per codec, shared by every thread.
 */
public final class RowCodec {
    private static final String EXCLUDED = "EXCLUDED";

    private final ObjectMapper mapper;
    private final ObjectWriter terminationWriter;
    private final ObjectReader terminationReader;

    /** @param module the wire format of the terminations */
    public RowCodec(TerminusModule module) {
        this.mapper = JsonMapper.builder().addModule(module).enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .build();
        this.terminationWriter = mapper.writerFor(Termination.class);
        this.terminationReader = mapper.readerFor(Termination.class);
    }

    /**
     * @param row a row
     * @return its JSON, on one line
     * @throws IllegalArgumentException when the termination cannot be written (an unregistered extension)
     */
    public String write(ReportRow row) {
        StringWriter out = new StringWriter(384);
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("task", row.task());
            g.writeNumberField("repeat", row.repeat());
            g.writeStringField("status", row.status().name());
            g.writeFieldName("termination");
            if (row.termination() == null) {
                g.writeNull();
            } else {
                // as the wire format writes it: a decimal such as 1E+2147483647 has no plain form to write
                g.disable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN.mappedFeature());
                terminationWriter.writeValue(g, row.termination());
                g.enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN.mappedFeature());
            }
            g.writeFieldName("category");
            writeNullable(g, row.category() == null ? null : row.category().name());
            g.writeFieldName("outcome");
            writeNullable(g, row.outcome() == null ? null : row.outcome().name());
            g.writeFieldName("eval");
            writeEval(g, row);
            writeUsage(g, row.usage());
            g.writeNumberField("costUsd", row.costUsd());
            g.writeNumberField("durationMs", row.durationMs());
            g.writeNumberField("iterations", row.iterations());
            g.writeNumberField("toolCalls", row.toolCalls());
            g.writeNumberField("attempt", row.attempt());
            g.writeFieldName("error");
            if (row.error() == null) {
                g.writeNull();
            } else {
                g.writeStartObject();
                g.writeStringField("type", row.error().type());
                g.writeStringField("message", row.error().message());
                g.writeStringField("component", row.error().component().name());
                g.writeEndObject();
            }
            g.writeFieldName("agent");
            writeNullable(g, row.agent());
            g.writeFieldName("stoppedByStage");
            writeNullable(g, row.stoppedByStage());
            g.writeEndObject();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the row of task \"" + row.task() + "\" (repeat "
                    + row.repeat() + "): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void writeNullable(JsonGenerator g, String value) throws IOException {
        if (value == null) {
            g.writeNull();
        } else {
            g.writeString(value);
        }
    }

    private static void writeEval(JsonGenerator g, ReportRow row) throws IOException {
        Evaluation eval = row.eval();
        if (row.excluded()) {
            g.writeString(EXCLUDED);
        } else if (eval == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeBooleanField("passed", eval.passed());
            g.writeFieldName("score");
            if (eval.score() == null) {
                g.writeNull();
            } else {
                g.writeNumber(eval.score());
            }
            g.writeStringField("reason", eval.reason());
            g.writeEndObject();
        }
    }

    private static void writeUsage(JsonGenerator g, Usage usage) throws IOException {
        g.writeObjectFieldStart("usage");
        g.writeNumberField("inputTokens", usage.inputTokens());
        g.writeNumberField("outputTokens", usage.outputTokens());
        g.writeNumberField("cachedInputTokens", usage.cachedInputTokens());
        g.writeNumberField("reasoningTokens", usage.reasoningTokens());
        g.writeEndObject();
    }

    /**
     * @param line one row's JSON
     * @return the row
     * @throws JsonProcessingException when the line is not a row: broken JSON, a missing or mistyped field (named),
     *     a termination the module refuses, or values the row refuses
     */
    public ReportRow read(String line) throws JsonProcessingException {
        try (JsonParser p = mapper.createParser(line)) {
            RowFields fields = new RowFields(p);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw JsonMappingException.from(p, "a report row must be a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if ("termination".equals(name)) {
                    fields.termination = p.currentToken() == JsonToken.VALUE_NULL ? null : readTermination(p);
                } else {
                    fields.read(name);
                }
            }
            if (p.nextToken() != null) {
                throw JsonMappingException.from(p, "unexpected content after the row's object");
            }
            return fields.build();
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // parsing a String does not fail on I/O
        }
    }

    private Termination readTermination(JsonParser p) throws IOException {
        try {
            return terminationReader.readValue(p);
        } catch (JsonMappingException e) {
            e.prependPath(ReportRow.class, "termination");
            throw e;
        }
    }
}
