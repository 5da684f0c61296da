package dev.terminus.mcp.internal;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tool result as the model reads it. Text blocks are kept as they are; {@code structuredContent} is kept as JSON
 * (once: not again when a text block already carries the same JSON, as servers are asked to do); images, audio and
 * resources are summarized in one line each (their type, MIME type, size and URI), never dropped without a word.
 * Blocks are separated by a blank line.
 */
public final class Results {
    private static final TypeRef<Object> ANY = new TypeRef<>() {};

    private Results() {}

    /**
     * @param result the server's result
     * @return its text
     */
    public static String text(McpSchema.CallToolResult result) {
        McpJsonMapper json = McpJsonDefaults.getMapper();
        List<String> blocks = new ArrayList<>();
        boolean structuredShown = result.structuredContent() == null;
        for (McpSchema.Content content : result.content()) {
            if (content instanceof McpSchema.TextContent text && !structuredShown
                    && Objects.equals(parse(json, text.text()), result.structuredContent())) {
                structuredShown = true;
            }
            blocks.add(summary(content));
        }
        if (!structuredShown) {
            blocks.add(write(json, result.structuredContent()));
        }
        return String.join("\n\n", blocks);
    }

    /** @return one content block as text: itself when it is text, a summary otherwise */
    static String summary(McpSchema.Content content) {
        return switch (content) {
            case McpSchema.TextContent text -> text.text();
            case McpSchema.ImageContent image -> "[image: " + image.mimeType() + ", " + decodedBytes(image.data())
                    + " bytes]";
            case McpSchema.AudioContent audio -> "[audio: " + audio.mimeType() + ", " + decodedBytes(audio.data())
                    + " bytes]";
            case McpSchema.EmbeddedResource embedded -> resource(embedded.resource());
            case McpSchema.ResourceLink link -> "[resource link: " + link.uri()
                    + (link.mimeType() == null ? "" : ", " + link.mimeType())
                    + (link.size() == null ? "" : ", " + link.size() + " bytes") + "]";
            default -> "[" + content.type() + " content]";
        };
    }

    private static String resource(McpSchema.ResourceContents resource) {
        String mime = resource.mimeType() == null ? "" : ", " + resource.mimeType();
        return switch (resource) {
            case McpSchema.TextResourceContents text -> "[resource: " + text.uri() + mime + ", "
                    + text.text().length() + " characters]";
            case McpSchema.BlobResourceContents blob -> "[resource: " + blob.uri() + mime + ", "
                    + decodedBytes(blob.blob()) + " bytes]";
            default -> "[resource: " + resource.uri() + mime + "]";
        };
    }

    /** @return how many bytes a base64 text decodes to, without decoding it */
    static long decodedBytes(String base64) {
        int length = base64.length();
        int padding = length > 0 && base64.charAt(length - 1) == '=' ? length > 1 && base64.charAt(length - 2) == '=' ? 2 : 1 : 0;
        return length / 4L * 3 - padding;
    }

    private static Object parse(McpJsonMapper json, String text) {
        try {
            return json.readValue(text, ANY);
        } catch (IOException | RuntimeException e) {
            return text; // not JSON
        }
    }

    private static String write(McpJsonMapper json, Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            return String.valueOf(value);
        }
    }
}
