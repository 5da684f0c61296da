package dev.terminus.temporal;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A model that answers by where its run stands: its n-th answer in a run is the script's n-th, n counted from the
 * assistant messages of the transcript it is given. It keeps no state, so it answers alike in one process and in any
 * activity of any workflow, and every run of it plays the script from its start.
 */
final class TranscriptScript implements Model {
    private final List<ModelResponse> answers;

    private TranscriptScript(List<ModelResponse> answers) {
        this.answers = List.copyOf(answers);
    }

    /** @return a script answering with the text, using 10 input and 5 output tokens */
    static TranscriptScript answering(String text) {
        return new TranscriptScript(List.of(ModelResponse.text(text, Usage.of(10, 5))));
    }

    /** @return a script that calls the tool with the arguments, then answers with the text */
    static TranscriptScript callingThenAnswering(String tool, Map<String, Object> arguments, String text) {
        List<ModelResponse> answers = new ArrayList<>();
        answers.add(new ModelResponse(new Message.Assistant("", List.of(new ToolCall("call_1", tool, arguments))),
                Usage.of(12, 4), FinishReason.TOOL_CALLS));
        answers.add(ModelResponse.text(text, Usage.of(20, 6)));
        return new TranscriptScript(answers);
    }

    @Override
    public ModelResponse chat(ModelRequest request) {
        int answered = (int) request.messages().stream().filter(Message.Assistant.class::isInstance).count();
        if (answered >= answers.size()) {
            throw new IllegalStateException("the script has " + answers.size() + " answers; asked for answer "
                    + (answered + 1));
        }
        return answers.get(answered);
    }
}
