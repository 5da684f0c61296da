package dev.terminus.scripted;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.Preconditions;

/**
 * A model whose answer is a function of the request: for tests that react to what the loop sends.
 *
 * {@snippet :
 * FunctionModel model = FunctionModel.of(request -> request.tools().isEmpty()
 *         ? ModelResponse.text("final answer", Usage.of(10, 5))
 *         : ModelResponse.text("tools are on offer", Usage.of(10, 5)));
 * }
 */
public final class FunctionModel implements Model {

    /** The function, which may throw like a model. */
    @FunctionalInterface
    public interface Answer {
        /**
         * @param request what the loop sends
         * @return the answer
         * @throws Exception like a model would
         */
        ModelResponse apply(ModelRequest request) throws Exception;
    }

    private final Answer answer;
    private final String name;

    private FunctionModel(Answer answer, String name) {
        this.answer = answer;
        this.name = name;
    }

    /** @param answer the function @return the model, named {@code function} */
    public static FunctionModel of(Answer answer) {
        return new FunctionModel(Preconditions.notNull(answer, "answer"), "function");
    }

    /** @param name the model's name @param answer the function @return the model */
    public static FunctionModel of(String name, Answer answer) {
        return new FunctionModel(Preconditions.notNull(answer, "answer"), Preconditions.notBlank(name, "name"));
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        return answer.apply(request);
    }

    @Override
    public String name() {
        return name;
    }
}
