package dev.terminus.temporal.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run's transcript depends on in its agent, as a run that continues as new carries it: the model's name and
 * each tool's argument schema (by a digest). A deploy that changed either under a running workflow is told in words
 * ({@link #changes}), so the run ends naming what changed.
 */
public final class AgentShape {
    private static final String MODEL = "model";
    private static final String TOOL = "tool:";
    private static final ObjectMapper SORTED = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private AgentShape() {}

    /**
     * @param agent an agent
     * @return its model's name under {@code model}, and a digest of each tool's argument schema under
     *     {@code tool:<name>}
     */
    public static Map<String, String> of(Agent agent) {
        Map<String, String> shape = new TreeMap<>();
        shape.put(MODEL, agent.model().name());
        for (Tool tool : agent.tools().values()) {
            shape.put(TOOL + tool.spec().name(), digest(tool.spec().parameters()));
        }
        return Map.copyOf(shape);
    }

    /**
     * @param before the shape a run was carried with
     * @param now the shape of the agent it goes on with
     * @return what changed, in one line (empty when nothing did, or when {@code before} is empty: a run from its start,
     *     or one recorded before shapes were carried)
     */
    public static String changes(Map<String, String> before, Map<String, String> now) {
        if (before.isEmpty()) {
            return "";
        }
        List<String> changes = new ArrayList<>();
        String model = before.get(MODEL);
        if (model != null && !model.equals(now.get(MODEL))) {
            changes.add("the model changed from \"" + model + "\" to \"" + now.get(MODEL) + "\"");
        }
        for (Map.Entry<String, String> tool : new TreeMap<>(before).entrySet()) {
            if (!tool.getKey().startsWith(TOOL)) {
                continue;
            }
            String name = tool.getKey().substring(TOOL.length());
            String current = now.get(tool.getKey());
            if (current == null) {
                changes.add("tool \"" + name + "\" was removed");
            } else if (!current.equals(tool.getValue())) {
                changes.add("the argument schema of tool \"" + name + "\" changed");
            }
        }
        for (String key : new TreeMap<>(now).keySet()) {
            if (key.startsWith(TOOL) && !before.containsKey(key)) {
                changes.add("tool \"" + key.substring(TOOL.length()) + "\" was added");
            }
        }
        return String.join("; ", changes);
    }

    private static String digest(Map<String, ?> schema) {
        try {
            byte[] json = SORTED.writeValueAsBytes(schema);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json), 0, 8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool's schema could not be written as JSON: " + e, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
