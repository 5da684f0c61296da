package dev.terminus.converge.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Pause;
import dev.terminus.converge.Proposal;
import dev.terminus.converge.Provenance;
import dev.terminus.converge.RejectedProposal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A {@link Pause} as a JSON tree and back, field by field, strictly. */
public final class PauseCodec {
    private static final String[] PAUSE = {"formatVersion", "gate", "engine", "agents", "staged", "remaining",
        "changedKeys", "context", "rejected", "approved", "factsMerged", "usage", "elapsed"};
    private static final String[] PROPOSAL = {"id", "key", "value", "confidence", "agent"};
    private static final String[] FACT = {"key", "value", "provenance"};
    private static final String[] PROVENANCE = {"agent", "cycle", "confidence"};
    private static final String[] REJECTION = {"proposal", "reason", "rejectedBy"};
    private static final String[] USAGE = {"inputTokens", "outputTokens", "cachedInputTokens", "reasoningTokens"};

    private final ObjectMapper mapper;

    /** @param mapper a mapper with {@code TerminusModule} registered */
    public PauseCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** @param pause a pause @return its tree, fields in the documented order */
    public ObjectNode write(Pause pause) {
        ObjectNode root = mapper.createObjectNode();
        root.put("formatVersion", pause.formatVersion());
        root.set("gate", mapper.valueToTree(pause.gate()));
        root.put("engine", pause.engine());
        root.set("agents", texts(pause.agents()));
        root.set("staged", proposal(pause.staged()));
        ArrayNode remaining = root.putArray("remaining");
        pause.remaining().forEach(proposal -> remaining.add(proposal(proposal)));
        root.set("changedKeys", texts(pause.changedKeys()));
        ArrayNode context = root.putArray("context");
        for (Fact fact : pause.context().facts()) {
            ObjectNode node = context.addObject().put("key", fact.key());
            node.set("value", value(fact.value()));
            node.putObject("provenance").put("agent", fact.provenance().agent())
                    .put("cycle", fact.provenance().cycle()).put("confidence", fact.provenance().confidence());
        }
        ArrayNode rejected = root.putArray("rejected");
        for (RejectedProposal rejection : pause.rejected()) {
            ObjectNode node = rejected.addObject();
            node.set("proposal", proposal(rejection.proposal()));
            node.put("reason", rejection.reason()).put("rejectedBy", rejection.rejectedBy().name());
        }
        root.set("approved", texts(pause.approved()));
        root.put("factsMerged", pause.factsMerged());
        Usage usage = pause.usage();
        root.putObject("usage").put("inputTokens", usage.inputTokens()).put("outputTokens", usage.outputTokens())
                .put("cachedInputTokens", usage.cachedInputTokens()).put("reasoningTokens", usage.reasoningTokens());
        root.put("elapsed", pause.elapsed().toString());
        return root;
    }

    private ArrayNode texts(List<String> texts) {
        ArrayNode array = mapper.createArrayNode();
        texts.forEach(array::add);
        return array;
    }

    private ObjectNode proposal(Proposal proposal) {
        ObjectNode node = mapper.createObjectNode().put("id", proposal.id()).put("key", proposal.key());
        node.set("value", value(proposal.value()));
        return node.put("confidence", proposal.confidence()).put("agent", proposal.agent());
    }

    private JsonNode value(@Nullable Object value) {
        return value == null ? mapper.getNodeFactory().nullNode() : mapper.valueToTree(value);
    }

    /**
     * @param root the tree of one pause
     * @return the pause
     * @throws CheckpointFormatException naming the field and the bad value; the format version is checked first
     */
    public Pause read(JsonNode root) throws CheckpointFormatException {
        if (!root.isObject()) {
            throw new CheckpointFormatException("Pause: expected an object, got " + JsonFields.describe(root));
        }
        JsonNode version = root.get("formatVersion");
        if (version == null || !version.isInt() || version.intValue() != Pause.FORMAT_VERSION) {
            throw new CheckpointFormatException("pause formatVersion " + (version == null ? "(missing)" : version)
                    + " is not supported: this version reads " + Pause.FORMAT_VERSION);
        }
        JsonFields fields = JsonFields.of(root, "Pause", PAUSE);
        Termination.HitlGatePending gate = gate(fields);
        List<Proposal> remaining = new ArrayList<>();
        ArrayNode remainingNodes = fields.array("remaining");
        for (int i = 0; i < remainingNodes.size(); i++) {
            remaining.add(proposal(remainingNodes.get(i), "Pause.remaining[" + i + "]"));
        }
        List<Fact> facts = new ArrayList<>();
        ArrayNode contextNodes = fields.array("context");
        for (int i = 0; i < contextNodes.size(); i++) {
            facts.add(fact(contextNodes.get(i), "Pause.context[" + i + "]"));
        }
        List<RejectedProposal> rejected = new ArrayList<>();
        ArrayNode rejectedNodes = fields.array("rejected");
        for (int i = 0; i < rejectedNodes.size(); i++) {
            rejected.add(rejection(rejectedNodes.get(i), "Pause.rejected[" + i + "]"));
        }
        JsonFields usage = fields.object("usage", USAGE);
        try {
            Usage used = new Usage(usage.longInteger("inputTokens"), usage.longInteger("outputTokens"),
                    usage.longInteger("cachedInputTokens"), usage.longInteger("reasoningTokens"));
            return new Pause(Pause.FORMAT_VERSION, gate, fields.text("engine"), List.of(fields.texts("agents")),
                    proposal(fields.get("staged"), "Pause.staged"), remaining, List.of(fields.texts("changedKeys")),
                    Context.ofFacts(facts), rejected, List.of(fields.texts("approved")), fields.integer("factsMerged"),
                    used, duration(fields));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException("Pause: " + e.getMessage(), e);
        }
    }

    private Termination.HitlGatePending gate(JsonFields fields) throws CheckpointFormatException {
        Termination gate;
        try {
            gate = mapper.treeToValue(fields.get("gate"), Termination.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new CheckpointFormatException("Pause.gate: " + message(e), e);
        }
        if (!(gate instanceof Termination.HitlGatePending pending)) {
            throw new CheckpointFormatException("Pause.gate: expected a HitlGatePending, got " + gate);
        }
        return pending;
    }

    private static Duration duration(JsonFields fields) throws CheckpointFormatException {
        String text = fields.text("elapsed");
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new CheckpointFormatException("Pause.elapsed: expected an ISO-8601 duration, got \"" + text + "\"", e);
        }
    }

    private Proposal proposal(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, PROPOSAL);
        try {
            return new Proposal(fields.text("id"), fields.text("key"), value(fields, "value"), fields.number("confidence"),
                    fields.text("agent"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private Fact fact(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, FACT);
        JsonFields provenance = fields.object("provenance", PROVENANCE);
        try {
            return new Fact(fields.text("key"), value(fields, "value"), new Provenance(provenance.text("agent"),
                    provenance.integer("cycle"), provenance.number("confidence")));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CheckpointFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private RejectedProposal rejection(JsonNode node, String path) throws CheckpointFormatException {
        JsonFields fields = JsonFields.of(node, path, REJECTION);
        String by = fields.text("rejectedBy");
        RejectedProposal.By rejectedBy;
        try {
            rejectedBy = RejectedProposal.By.valueOf(by);
        } catch (IllegalArgumentException e) {
            throw new CheckpointFormatException(fields.path("rejectedBy") + ": expected GATE or PERSON, got \"" + by
                    + "\"", e);
        }
        return new RejectedProposal(proposal(fields.get("proposal"), fields.path("proposal")), fields.text("reason"),
                rejectedBy);
    }

    private @Nullable Object value(JsonFields fields, String name) throws CheckpointFormatException {
        try {
            return mapper.treeToValue(fields.get(name), Object.class);
        } catch (JsonProcessingException e) {
            throw new CheckpointFormatException(fields.path(name) + ": " + message(e), e);
        }
    }

    private static String message(Exception e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
