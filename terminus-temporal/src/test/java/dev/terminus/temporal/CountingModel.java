package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.Model;
import java.util.List;
import java.util.Map;

/**
 * A model that counts with the {@code count} tool ({@link #TOOL}): it reads the last result ("counted N") and calls the
 * tool with N + 1, then answers once it has counted to its number. It keeps no state, so any worker answers any of
 * its calls, after a crash or a continue-as-new.
 */
final class CountingModel implements Model {
    /** The tool it calls: answers "counted N" for {@code n} N. */
    static final dev.terminus.agent.Tool TOOL =
            dev.terminus.agent.Tools.of("count", "Counts", (arguments, run) -> "counted " + arguments.get("n"));

    private final int rounds;

    private CountingModel(int rounds) {
        this.rounds = rounds;
    }

    /**
     * @param rounds the tool rounds before the answer, or {@link Integer#MAX_VALUE} to count for ever
     * @return the model
     */
    static CountingModel upTo(int rounds) {
        return new CountingModel(rounds);
    }

    @Override
    public ModelResponse chat(ModelRequest request) {
        int done = 0;
        List<Message> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof Message.ToolResult result) {
                done = Integer.parseInt(result.content().substring("counted ".length()));
                break;
            }
        }
        if (done == rounds) {
            return ModelResponse.text("Counted to " + done + ".", Usage.of(40, 5));
        }
        ToolCall call = new ToolCall("call-" + (done + 1), "count", Map.of("n", done + 1));
        return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(40, 5), FinishReason.TOOL_CALLS);
    }

    @Override
    public String name() {
        return "counter";
    }
}
