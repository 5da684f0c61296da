package dev.terminus.temporal;

import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.common.SearchAttributeKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The search attributes by which runs are found by how they ended (ADR 0040): a workflow whose worker's recipes turn
 * them on ({@code AgentRecipes.Builder.searchAttributes}, and the pipeline and convergence recipes' alike) upserts
 * {@link #TERMINATION}, {@link #CATEGORY} and {@link #OUTCOME} as it ends, and {@link #GATE} while a gate waits for its
 * answer (unset once answered). All are of type {@code Keyword}. The namespace must have them first: a workflow
 * that upserts an attribute its namespace lacks has its workflow task refused, again and again.
 *
 * {@snippet lang = "shell" :
 * temporal operator search-attribute create --namespace default \
 *     --name TerminusTermination --type Keyword --name TerminusCategory --type Keyword \
 *     --name TerminusOutcome --type Keyword --name TerminusGate --type Keyword
 * temporal workflow list --query "TerminusCategory = 'RETRYABLE'"
 * }
 */
public final class RunSearchAttributes {
    /** The termination's case, as the wire format names it ({@code NaturalCompletion}, {@code Failed}, ...). */
    public static final SearchAttributeKey<String> TERMINATION = SearchAttributeKey.forKeyword("TerminusTermination");
    /** The termination's category ({@code SUCCESS}, {@code RETRYABLE}, {@code CAPACITY}, {@code FATAL}, ...). */
    public static final SearchAttributeKey<String> CATEGORY = SearchAttributeKey.forKeyword("TerminusCategory");
    /** The run's outcome ({@code SUCCEEDED}, {@code FAILED}, {@code CANCELLED}, {@code SUSPENDED}). */
    public static final SearchAttributeKey<String> OUTCOME = SearchAttributeKey.forKeyword("TerminusOutcome");
    /** The id of the gate the run waits at, while it waits. */
    public static final SearchAttributeKey<String> GATE = SearchAttributeKey.forKeyword("TerminusGate");

    /** All of them, in the order above. */
    public static final List<SearchAttributeKey<String>> ALL = List.of(TERMINATION, CATEGORY, OUTCOME, GATE);

    private RunSearchAttributes() {}

    /**
     * @return each attribute's name and its type, for a namespace to register them (Temporal's test server:
     *     {@code TestWorkflowEnvironment.registerSearchAttribute}, or the operator service's
     *     {@code AddSearchAttributes})
     */
    public static Map<String, IndexedValueType> definitions() {
        Map<String, IndexedValueType> definitions = new LinkedHashMap<>();
        ALL.forEach(key -> definitions.put(key.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD));
        return definitions;
    }
}
