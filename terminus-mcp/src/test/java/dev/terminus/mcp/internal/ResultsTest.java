package dev.terminus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultsTest {

    private static McpSchema.CallToolResult result(List<McpSchema.Content> content, Object structured) {
        return new McpSchema.CallToolResult(content, false, structured, null);
    }

    @Test
    void textBlocksAreKeptAndSeparatedByABlankLine() {
        // when
        String text = Results.text(result(List.of(new McpSchema.TextContent("one"), new McpSchema.TextContent("two")),
                null));

        // then
        assertThat(text).isEqualTo("one\n\ntwo");
    }

    @Test
    void structuredContentIsAddedAsJsonWhenNoTextBlockCarriesIt() {
        // when
        String text = Results.text(result(List.of(new McpSchema.TextContent("the weather")), Map.of("t", 3)));

        // then
        assertThat(text).isEqualTo("the weather\n\n{\"t\":3}");
    }

    @Test
    void structuredContentAlreadyInATextBlockIsNotRepeated() {
        // when
        String text = Results.text(result(List.of(new McpSchema.TextContent("{\"t\": 3}")), Map.of("t", 3)));

        // then
        assertThat(text).isEqualTo("{\"t\": 3}");
    }

    @Test
    void imagesAudioAndResourcesAreSummarizedWithTypeSizeAndUri() {
        // given
        List<McpSchema.Content> content = List.of(
                new McpSchema.ImageContent(null, "AAAA", "image/png"),
                new McpSchema.AudioContent(null, "AAAAAA==", "audio/wav"),
                new McpSchema.EmbeddedResource(null,
                        new McpSchema.TextResourceContents("file:///a.txt", "text/plain", "hello")),
                new McpSchema.EmbeddedResource(null,
                        new McpSchema.BlobResourceContents("file:///b.bin", "application/octet-stream", "AAA=")),
                McpSchema.ResourceLink.builder().name("c").uri("file:///c.pdf").mimeType("application/pdf")
                        .size(1024L).build());

        // when
        String text = Results.text(result(content, null));

        // then
        assertThat(text.split("\n\n")).containsExactly(
                "[image: image/png, 3 bytes]",
                "[audio: audio/wav, 4 bytes]",
                "[resource: file:///a.txt, text/plain, 5 characters]",
                "[resource: file:///b.bin, application/octet-stream, 2 bytes]",
                "[resource link: file:///c.pdf, application/pdf, 1024 bytes]");
    }
}
