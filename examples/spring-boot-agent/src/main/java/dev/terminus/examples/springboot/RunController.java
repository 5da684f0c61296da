package dev.terminus.examples.springboot;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /runs} with {@code {"task": "..."}}: runs the task with the auto-configured agent and answers its
 * result, 200 however the run ended (the termination says why; a run paused at a gate has its {@code gateId}). A body
 * that is not a JSON object with a non-blank string {@code task} is 400 with {@code {"error": ..., "field": ...}}
 * naming the field.
 */
@RestController
public class RunController {
    private final Agent agent;

    /** @param agent the starter's agent */
    public RunController(Agent agent) {
        this.agent = agent;
    }

    /**
     * @param body the request's body, whatever its content type
     * @return the run's result, or the body's fault
     */
    @PostMapping(path = "/runs", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> run(@RequestBody(required = false) byte @Nullable [] body) {
        JsonNode request;
        try {
            request = RunJson.read(body == null ? new byte[0] : body);
        } catch (JacksonException e) {
            return badRequest(null, "the body is not JSON: " + e.getOriginalMessage());
        }
        if (request == null || request.isMissingNode()) {
            return badRequest(null, "the body is empty; expected {\"task\": \"...\"}");
        }
        if (!request.isObject()) {
            return badRequest(null, "the body must be a JSON object such as {\"task\": \"...\"}, was " + request);
        }
        JsonNode task = request.get("task");
        if (task == null || task.isNull()) {
            return badRequest("task", "task is required: {\"task\": \"...\"}");
        }
        if (!task.isTextual()) {
            return badRequest("task", "task must be a string, was " + task);
        }
        if (task.asText().isBlank()) {
            return badRequest("task", "task must not be blank, was \"" + task.asText() + "\"");
        }
        RunResult result = agent.run(task.asText());
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(RunJson.result(result));
    }

    private static ResponseEntity<String> badRequest(@Nullable String field, String message) {
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(RunJson.error(field, message));
    }
}
