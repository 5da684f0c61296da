package dev.terminus.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;

/** Edits of a checkpoint's JSON through a plain tree, for the tests of what reading refuses. */
final class JsonEdits {
    private static final ObjectMapper TREES = new ObjectMapper();

    private JsonEdits() {}

    /** @return the JSON after the edit of its top-level object */
    static String edit(String json, Consumer<ObjectNode> edit) {
        try {
            ObjectNode root = (ObjectNode) TREES.readTree(json);
            edit.accept(root);
            return TREES.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the plain tree mapper, for tests that build values */
    static ObjectMapper trees() {
        return TREES;
    }
}
