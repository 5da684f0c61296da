package dev.terminus.springboot;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.springboot.internal.WireJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The {@code terminus} Actuator endpoint: what the agent runs ended with, and the runs waiting for a person.
 * <ul>
 *   <li>{@code GET /actuator/terminus}: {@code runs} (ended since the application started: {@code completed}, and the
 *       counts {@code byTermination} tag and {@code byCategory}) and {@code gates} (each pending gate of the gate
 *       store: {@code gateId}, {@code summary}, {@code agentName}, {@code toolName}).</li>
 *   <li>{@code POST /actuator/terminus/{gateId}} with {@code {"decision": "approve"}} or
 *       {@code {"decision": "reject", "reason": "..."}}: resumes the run from its checkpoint with the application's
 *       {@code Agent} bean, on the request's thread, and answers how the resumed run ended ({@code termination} in the
 *       wire format, {@code category}, {@code outcome}, {@code finalAnswer}, and {@code pausedAt}, the new gate's id,
 *       when it paused at a gate again, whose checkpoint is then in the store). The answered gate's checkpoint is
 *       removed once its run is resumed; a refused decision leaves it where it is.</li>
 * </ul>
 * A bad decision or a missing reason is 400, a gate nobody waits at 404, and 409 when there is no single {@code Agent}
 * bean, when the gate is being answered already, or when the agent refuses the checkpoint (one written by an agent of
 * another name, model or configuration); each answer's {@code message} names the field or the gate.
 *
 * <p>It is exposed and secured as every Actuator endpoint is: {@code management.endpoints.web.exposure.include} must
 * name {@code terminus}, and answering a gate is a write operation, so protect {@code /actuator/**} (Spring Security)
 * or leave it unexposed where the people who may decide cannot be told apart from others.
 */
@Endpoint(id = TerminusEndpoint.ID)
public class TerminusEndpoint {
    /** The endpoint's id. */
    public static final String ID = "terminus";

    private final GateStore<Checkpoint> store;
    private final RunCounts counts;
    private final Supplier<@Nullable Agent> agent;
    private final Set<String> answering = ConcurrentHashMap.newKeySet();

    /**
     * @param store where paused runs wait
     * @param counts the runs ended so far
     * @param agent the agent that resumes a run, or null when there is none (or more than one)
     */
    public TerminusEndpoint(GateStore<Checkpoint> store, RunCounts counts, Supplier<@Nullable Agent> agent) {
        this.store = Preconditions.notNull(store, "store");
        this.counts = Preconditions.notNull(counts, "counts");
        this.agent = Preconditions.notNull(agent, "agent");
    }

    /** @return the runs ended so far and the pending gates */
    @ReadOperation
    public Map<String, Object> status() {
        Map<String, Object> runs = new LinkedHashMap<>();
        runs.put("completed", counts.total());
        runs.put("byTermination", counts.byTermination());
        runs.put("byCategory", counts.byCategory());
        List<Map<String, Object>> gates = new ArrayList<>();
        for (String gateId : store.pending()) {
            gates.add(gate(gateId));
        }
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("runs", runs);
        status.put("gates", gates);
        return status;
    }

    /** One pending gate as listed: what the checkpoint says, or why it cannot be read. */
    private Map<String, Object> gate(String gateId) {
        Map<String, Object> gate = new LinkedHashMap<>();
        gate.put("gateId", gateId);
        try {
            Optional<Checkpoint> checkpoint = store.load(gateId);
            if (checkpoint.isEmpty()) { // answered between the listing and now
                gate.put("error", "no longer pending");
                return gate;
            }
            Termination.HitlGatePending pending = checkpoint.get().gate();
            gate.put("summary", pending.summary());
            gate.put("agentName", checkpoint.get().agentName());
            gate.put("toolName", checkpoint.get().pendingCall().name());
        } catch (GateStoreException e) {
            gate.put("error", e.getMessage());
        }
        return gate;
    }

    /**
     * Answers a gate and resumes its run.
     *
     * @param gateId the gate
     * @param decision {@code approve} or {@code reject}
     * @param reason why, for the model; required to reject
     * @return how the resumed run ended, or why the decision was refused
     */
    @WriteOperation
    public WebEndpointResponse<Map<String, Object>> answer(@Selector String gateId, String decision,
            @Nullable String reason) {
        String kind = decision.strip().toLowerCase(Locale.ROOT);
        if (!kind.equals("approve") && !kind.equals("reject")) {
            return refusal(WebEndpointResponse.STATUS_BAD_REQUEST,
                    "decision must be \"approve\" or \"reject\", was \"" + decision + "\"");
        }
        if (kind.equals("reject") && (reason == null || reason.isBlank())) {
            return refusal(WebEndpointResponse.STATUS_BAD_REQUEST,
                    "reason is required to reject gate \"" + gateId + "\", was " + quoted(reason));
        }
        Agent resuming = agent.get();
        if (resuming == null) {
            return refusal(409, "there is no single Agent bean to resume the run of gate \"" + gateId
                    + "\" with: resume it in the application (Agent.resume with the checkpoint of the gate store)");
        }
        if (!answering.add(gateId)) {
            return refusal(409, "gate \"" + gateId + "\" is being answered already");
        }
        try {
            return resume(resuming, gateId, kind.equals("approve") ? GateDecision.approve(gateId)
                    : GateDecision.reject(gateId, reason));
        } finally {
            answering.remove(gateId);
        }
    }

    private WebEndpointResponse<Map<String, Object>> resume(Agent resuming, String gateId, GateDecision decision) {
        Optional<Checkpoint> checkpoint;
        try {
            checkpoint = store.load(gateId);
        } catch (IllegalArgumentException e) { // an id that cannot name a gate file
            return refusal(WebEndpointResponse.STATUS_BAD_REQUEST, e.getMessage());
        }
        if (checkpoint.isEmpty()) {
            return refusal(WebEndpointResponse.STATUS_NOT_FOUND, "no run waits at gate \"" + gateId + "\"");
        }
        RunResult result;
        try {
            result = resuming.resume(checkpoint.get(), decision);
        } catch (IllegalArgumentException e) { // the checkpoint of another agent, name or configuration
            return refusal(409, "gate \"" + gateId + "\" cannot be resumed by this application's agent: "
                    + e.getMessage());
        }
        Optional<Checkpoint> again = result.checkpoint();
        if (again.isEmpty() || !again.get().gateId().equals(gateId)) {
            store.delete(gateId);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("gateId", gateId);
        body.put("decision", decision instanceof GateDecision.Approve ? "approve" : "reject");
        body.put("termination", WireJson.of(result.termination()));
        body.put("category", result.termination().category().name());
        body.put("outcome", result.outcome().name());
        result.finalAnswer().ifPresent(answer -> body.put("finalAnswer", answer));
        again.ifPresent(next -> body.put("pausedAt", next.gateId()));
        return new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_OK);
    }

    private static WebEndpointResponse<Map<String, Object>> refusal(int status, @Nullable String message) {
        return new WebEndpointResponse<>(Map.of("status", status, "message", String.valueOf(message)), status);
    }

    private static String quoted(@Nullable String value) {
        return value == null ? "absent" : "\"" + value + "\"";
    }
}
