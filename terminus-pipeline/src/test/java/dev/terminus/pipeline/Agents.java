package dev.terminus.pipeline;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/** Real agents over scripted models, for the tests: every model call reports 10 input and 5 output tokens. */
final class Agents {
    /** Two loop-level retries of a transient model failure, without waiting. */
    static final RetryPolicy TWO_QUICK_RETRIES = new RetryPolicy(2, Duration.ZERO, Duration.ZERO, 0);

    private Agents() {}

    /** @return an agent whose model answers these texts, one per call (the last repeating) */
    static Agent answering(String... answers) {
        ScriptedModel.Builder model = ScriptedModel.builder();
        for (String answer : answers) {
            model.text(answer);
        }
        return of(model.thenRepeatLast().build(), TokenBudget.UNLIMITED);
    }

    /** @return an agent over the model, with a {@code search} tool, no loop retries and the given token budget */
    static Agent of(Model model, TokenBudget budget) {
        return Agent.builder(model)
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).tokenBudget(budget).build())
                .tool(Tools.of("search", "Searches the web", (arguments, run) -> "a source"))
                .build();
    }

    /** @return the model, counting {@code called} down as each of its calls begins */
    static Model signalling(Model model, CountDownLatch called) {
        return new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) throws Exception {
                called.countDown();
                return model.chat(request);
            }

            @Override
            public String name() {
                return model.name();
            }

            @Override
            public String provider() {
                return model.provider();
            }

            @Override
            public boolean interruptible() {
                return model.interruptible();
            }
        };
    }

    /** @return a model that searches once, then answers */
    static ScriptedModel searchingThenAnswering(String answer) {
        return ScriptedModel.builder().toolCall("search", Map.of()).text(answer).build();
    }

    /** Makes agents over one model for the budgets it is given, and remembers those budgets. */
    static final class Budgeted implements Function<TokenBudget, Agent> {
        final CopyOnWriteArrayList<TokenBudget> given = new CopyOnWriteArrayList<>();
        private final ScriptedModel model;

        Budgeted(ScriptedModel model) {
            this.model = model;
        }

        @Override
        public Agent apply(TokenBudget budget) {
            given.add(budget);
            return of(model, budget);
        }
    }
}
