package dev.terminus.cli.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.pipeline.FailureDisposition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One stage of a pipeline file, as read and checked: its name, its agent (the fields of a scenario without its task,
 * its named agents the file's) and its policies.
 *
 * @param index its position in the file's {@code stages}, from 0
 * @param name its name, unique in the file
 * @param agent its agent, as a scenario without task or named agents
 * @param skipWhenAnswerContains skip the stage when the answer it would take as its input contains this text, or null
 * @param onFailure what the pipeline does when the stage fails
 * @param retries how its {@code RETRYABLE} attempts are run again
 * @param tokenBudget its share of the pipeline's and its phase's budgets ({@link TokenBudget#UNLIMITED} for none)
 * @param treatAsSuccess the termination kinds (wire tags) counted as its success
 * @param phase the phase it belongs to, or null
 */
public record StageEntry(int index, String name, Scenario agent, @Nullable String skipWhenAnswerContains,
        FailureDisposition onFailure, RetryPolicy retries, TokenBudget tokenBudget, List<String> treatAsSuccess,
        @Nullable String phase) {

    /** The fields a stage can have: its agent's (a scenario's) and its policies. */
    private static final Set<String> FIELDS;

    /** The tags of the framework's terminations, which {@code treatAsSuccess} may name. */
    static final Set<String> KINDS = Arrays.stream(Termination.class.getPermittedSubclasses())
            .filter(type -> !type.isInterface()).map(Class::getSimpleName)
            .collect(Collectors.toCollection(TreeSet::new));

    static {
        Set<String> fields = new TreeSet<>(PipelineDocument.POLICY_FIELDS);
        Arrays.stream(Scenario.class.getRecordComponents()).map(java.lang.reflect.RecordComponent::getName)
                .forEach(fields::add);
        FIELDS = fields;
    }

    /** Copies the list of kinds. */
    public StageEntry {
        treatAsSuccess = List.copyOf(treatAsSuccess);
    }

    /** @return how errors name the stage: {@code stages[1] (draft)} */
    public String label() {
        return "stages[" + index + "] (" + name + ")";
    }

    /**
     * @param termination how an attempt of the stage ended
     * @return whether the stage counts it as success ({@code treatAsSuccess} names its kind)
     */
    public boolean treatsAsSuccess(Termination termination) {
        return treatAsSuccess.contains(termination.tag());
    }

    /**
     * Reads a stage's object, refusing what cannot work with one line naming the stage, the field and the value.
     *
     * @param node the stage's object
     * @param index its position in {@code stages}
     * @param source how errors name the file
     * @return the stage
     * @throws ScenarioException naming the stage, the field and the bad value
     */
    static StageEntry read(ObjectNode node, int index, String source) throws ScenarioException {
        String at = source + ": stages[" + index + "]";
        JsonNode name = node.get("name");
        if (name == null || name.isNull()) {
            throw new ScenarioException(at + ": \"name\" is required (a stage's name, unique in the file)");
        }
        if (!name.isTextual() || name.asText().isBlank()) {
            throw new ScenarioException(at + ".name: must be a text that is not blank, was " + name);
        }
        at = at + " (" + name.asText() + ")";
        for (Iterator<String> fields = node.fieldNames(); fields.hasNext(); ) {
            String field = fields.next();
            if (!FIELDS.contains(field)) {
                throw new ScenarioException(at + ": unknown field \"" + field + "\" (known here: "
                        + String.join(", ", FIELDS) + ")");
            }
        }
        ObjectNode policyFields = node.objectNode();
        ObjectNode agentFields = node.deepCopy();
        for (String field : PipelineDocument.POLICY_FIELDS) {
            if (node.has(field)) {
                policyFields.set(field, node.get(field));
                agentFields.remove(field);
            }
        }
        PipelineDocument.Policies policies = ScenarioReader.read(policyFields, at, PipelineDocument.Policies.class);
        Scenario agent = ScenarioReader.read(agentFields, at, Scenario.class);
        refuseInStage(agent, at);
        String skip = policies.skipWhen() == null ? null : policies.skipWhen().answerContains();
        if (skip != null && skip.isEmpty()) {
            throw new ScenarioException(at + ".skipWhen.answerContains: must not be empty (every answer contains"
                    + " \"\"), was \"\"");
        }
        return new StageEntry(index, name.asText(), agent, skip, onFailure(policies.onFailure(), at),
                retries(policies, at), PipelineFile.budget(policies.tokenBudget(), at + ".tokenBudget"),
                kinds(policies.treatAsSuccess(), at), phase(policies.phase(), at));
    }

    private static FailureDisposition onFailure(@Nullable String value, String at) throws ScenarioException {
        if (value == null) {
            return FailureDisposition.ABORT;
        }
        for (FailureDisposition disposition : FailureDisposition.values()) {
            if (disposition.name().toLowerCase(Locale.ROOT).equals(value)) {
                return disposition;
            }
        }
        throw new ScenarioException(at + ".onFailure: \"" + value + "\" is not one of abort, continue");
    }

    private static RetryPolicy retries(PipelineDocument.Policies policies, String at) throws ScenarioException {
        if (policies.retries() == null) {
            return RetryPolicy.none();
        }
        try {
            return policies.retries().policy();
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(at + ".retries: " + e.getMessage());
        }
    }

    private static List<String> kinds(@Nullable List<String> kinds, String at) throws ScenarioException {
        if (kinds == null) {
            return List.of();
        }
        List<String> known = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            if (!KINDS.contains(kinds.get(i))) {
                throw new ScenarioException(at + ".treatAsSuccess[" + i + "]: \"" + kinds.get(i) + "\" is not a"
                        + " termination kind (as the wire format spells them, e.g. \"MaxIterationsReached\"; known: "
                        + String.join(", ", KINDS) + ")");
            }
            known.add(kinds.get(i));
        }
        return known;
    }

    private static @Nullable String phase(@Nullable String phase, String at) throws ScenarioException {
        if (phase != null && phase.isBlank()) {
            throw new ScenarioException(at + ".phase: must not be blank, was \"" + phase + "\"");
        }
        return phase;
    }

    /** The fields of a scenario that belong to a run of its own, not to a stage's agent. */
    private static void refuseInStage(Scenario agent, String at) throws ScenarioException {
        if (agent.task() != null) {
            throw new ScenarioException(at + ".task: a stage's input is the previous stage's answer (the first"
                    + " stage's, the file's \"task\"), was \"" + agent.task() + "\"");
        }
        if (agent.agents() != null) {
            throw new ScenarioException(at + ".agents: agents are named at the top of the file only, was "
                    + agent.agents().keySet());
        }
        if (agent.expect() != null) {
            throw new ScenarioException(at + ".expect: the pipeline's expected end is the file's \"expect\", was \""
                    + agent.expect() + "\"");
        }
        if (agent.cancelAfterMs() != null) {
            throw new ScenarioException(at + ".cancelAfterMs: a stage is not cancelled on a timer, was "
                    + agent.cancelAfterMs());
        }
        if (agent.limits() != null && agent.limits().tokenBudget() != null) {
            throw new ScenarioException(at + ".limits.tokenBudget: a stage's budget is its \"tokenBudget\" (its share"
                    + " of the pipeline's), was " + PipelineFile.describe(agent.limits().tokenBudget()));
        }
    }
}
