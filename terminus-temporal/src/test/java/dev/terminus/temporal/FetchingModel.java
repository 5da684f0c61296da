package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A model that fetches documents with the {@code fetch} tool ({@link #tool}), one a round, each of the same size and
 * each different from the others, and answers once it has read its number of them. It counts the results in the
 * transcript it is sent, so it keeps no state and any worker answers any of its calls.
 */
final class FetchingModel implements Model {
    private final int rounds;

    private FetchingModel(int rounds) {
        this.rounds = rounds;
    }

    /** @return a model that fetches {@code rounds} documents, then answers */
    static FetchingModel upTo(int rounds) {
        return new FetchingModel(rounds);
    }

    /**
     * @param chars the size of each document, in characters
     * @return the tool: document {@code n} is {@code chars} letters and digits drawn from a random seeded with n
     */
    static Tool tool(int chars) {
        return Tools.of("fetch", "Fetches document n", (arguments, run) -> document(
                ((Number) arguments.get("n")).intValue(), chars));
    }

    /** @return document {@code n} of {@code chars} characters */
    static String document(int n, int chars) {
        Random random = new Random(n);
        char[] text = new char[chars];
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        for (int i = 0; i < chars; i++) {
            text[i] = alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return new String(text);
    }

    @Override
    public ModelResponse chat(ModelRequest request) {
        int done = 0;
        for (Message message : request.messages()) {
            if (message instanceof Message.ToolResult) {
                done++;
            }
        }
        if (done >= rounds) {
            return ModelResponse.text("Read " + done + " documents.", Usage.of(40, 5));
        }
        ToolCall call = new ToolCall("call-" + (done + 1), "fetch", Map.of("n", done + 1));
        return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(40, 5), FinishReason.TOOL_CALLS);
    }

    @Override
    public String name() {
        return "fetcher";
    }
}
