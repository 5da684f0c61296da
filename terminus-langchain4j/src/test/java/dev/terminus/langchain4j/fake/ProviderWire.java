package dev.terminus.langchain4j.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.terminus.langchain4j.fake.FakeServer.Canned;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire formats the {@link FaultServer} speaks: where a client's base URL points, the provider's bodies, and its
 * streams of server-sent events ({@link Fault#stream}).
 */
public enum ProviderWire {
    /** OpenAI's chat completions: {@code POST /v1/chat/completions}. */
    OPENAI("openai", "/v1") {
        @Override
        public Canned answer(String text) {
            return FakeOpenAiServer.text(text, "stop", new FakeOpenAiServer.Tokens(21, 7, 0, 0));
        }

        @Override
        public Canned error(int status, String message) {
            return FakeOpenAiServer.error(status, message, status == 401 ? "invalid_request_error" : "server_error",
                    status == 401 ? "invalid_api_key" : "error");
        }

        @Override
        String finish(Ending ending) {
            return switch (ending) {
                case DONE -> "stop";
                case LENGTH -> "length";
                case FILTERED -> "content_filter";
                case TOOL_CALLS -> "tool_calls";
            };
        }

        @Override
        List<String> events(Sse.Answer answer) {
            return Sse.openAi(answer);
        }

        @Override
        int firstAfterText(int pieces) {
            return 1 + pieces; // after the role's chunk and the pieces
        }

        @Override
        String malformedChunk() {
            return Sse.openAiMalformed();
        }
    },
    /** Anthropic's messages: {@code POST /v1/messages}. */
    ANTHROPIC("anthropic", "/v1/") {
        @Override
        public Canned answer(String text) {
            return FakeAnthropicServer.text(text, "end_turn", new FakeAnthropicServer.Tokens(21, 7, 0, 0));
        }

        @Override
        public Canned error(int status, String message) {
            return FakeAnthropicServer.error(status, status == 401 ? "authentication_error"
                    : status == 429 ? "rate_limit_error" : status == 400 ? "invalid_request_error" : "api_error",
                    message);
        }

        @Override
        String finish(Ending ending) {
            return switch (ending) {
                case DONE -> "end_turn";
                case LENGTH -> "max_tokens";
                case FILTERED -> "refusal"; // Anthropic's streaming classifiers stop an answer so
                case TOOL_CALLS -> "tool_use";
            };
        }

        @Override
        List<String> events(Sse.Answer answer) {
            return Sse.anthropic(answer);
        }

        @Override
        int firstAfterText(int pieces) {
            return 3 + pieces; // after message_start, content_block_start, ping and the pieces
        }

        @Override
        String malformedChunk() {
            return Sse.anthropicMalformed();
        }
    };

    /** How a streamed answer ends, in the words of each wire. */
    public enum Ending {
        /** The answer is done: {@code stop}, {@code end_turn}. */
        DONE,
        /** The output cap cut it: {@code length}, {@code max_tokens}. */
        LENGTH,
        /** The provider's filter stopped it: {@code content_filter}, Anthropic's {@code refusal}. */
        FILTERED,
        /** It calls tools: {@code tool_calls}, {@code tool_use}. */
        TOOL_CALLS
    }

    private final String provider;
    private final String path;

    ProviderWire(String provider, String path) {
        this.provider = provider;
        this.path = path;
    }

    /** @return the provider's name, as {@code --provider} takes it */
    public String provider() {
        return provider;
    }

    /** @return the base URL a client of this provider takes to reach the server at {@code origin} */
    public String baseUrl(String origin) {
        return origin + path;
    }

    /** @return a text answer, 21 tokens in and 7 out */
    public abstract Canned answer(String text);

    /** @return an error of the provider's own shape */
    public abstract Canned error(int status, String message);

    /**
     * @param ending how the answer ends
     * @param pieces its text, in the pieces it streams in
     * @return the events of a streamed text answer, 21 tokens in and 7 out
     */
    public List<String> streamedText(Ending ending, String... pieces) {
        return events(new Sse.Answer(List.of(new Sse.Text(List.of(pieces))), finish(ending), usage()));
    }

    /**
     * @param id the call's id
     * @param name the tool's name
     * @param argumentPieces its arguments' JSON text, in the pieces it streams in
     * @return the events of a streamed answer that calls one tool, 21 tokens in and 7 out
     */
    public List<String> streamedToolCall(String id, String name, String... argumentPieces) {
        return events(new Sse.Answer(List.of(new Sse.ToolCall(id, name, List.of(argumentPieces))),
                finish(Ending.TOOL_CALLS), usage()));
    }

    /**
     * @param piecesBefore the text that streams before the bad chunk
     * @return the events of a streamed text answer with a chunk that is not JSON after the pieces; the stream then
     *     ends as it would have
     */
    public List<String> streamedWithMalformedChunk(String... piecesBefore) {
        List<String> events = new ArrayList<>(streamedText(Ending.DONE, piecesBefore));
        events.add(firstAfterText(piecesBefore.length), malformedChunk());
        return events;
    }

    /**
     * @param pieces how many of a text answer's pieces are out
     * @return how many events of {@link #streamedText} carry them and what comes before them
     */
    public int eventsThroughPiece(int pieces) {
        return firstAfterText(pieces);
    }

    /** @return the events of the answer, as this wire streams it */
    abstract List<String> events(Sse.Answer answer);

    /** @return the wire's finish reason for the ending */
    abstract String finish(Ending ending);

    /** @return the index of the first event after a text answer's pieces */
    abstract int firstAfterText(int pieces);

    /** @return a chunk cut off inside its JSON */
    abstract String malformedChunk();

    private JsonNode usage() {
        try {
            return FakeServer.JSON.readTree(answer("").body()).get("usage");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
