package dev.terminus.converge;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/** Agents and engines shared by the tests. */
final class Fixtures {
    private Fixtures() {}

    /** @return an agent that always proposes the same facts (it changes the context once, then nothing) */
    static ConvergenceAgent constant(String name, Map<String, ?> facts) {
        return ConvergenceAgent.of(name, Trigger.always(), (context, cycle) -> Reply.propose(facts));
    }

    /** @return an agent that proposes a new value of {@code key} every cycle, so that nothing ever converges */
    static ConvergenceAgent counter(String name, String key) {
        return ConvergenceAgent.of(name, Trigger.always(), (context, cycle) ->
                Reply.propose(ProposedFact.of(key, cycle)));
    }

    /** @return an agent that proposes one fact with a confidence, every cycle */
    static ConvergenceAgent unsure(String name, String key, Object value, double confidence) {
        return ConvergenceAgent.of(name, Trigger.always(), (context, cycle) ->
                Reply.propose(new ProposedFact(key, value, confidence)));
    }

    /** @return an agent that counts {@code called} down when called and never answers until interrupted */
    static ConvergenceAgent hanging(String name, CountDownLatch called) {
        return ConvergenceAgent.of(name, Trigger.always(), (context, cycle) -> {
            called.countDown();
            new CountDownLatch(1).await();
            throw new AssertionError("unreachable");
        });
    }

    /** @return an agent loop over a scripted model, without loop retries */
    static Agent loop(ScriptedModel model) {
        return Agent.builder(model).config(AgentConfig.custom().name("loop").retryPolicy(RetryPolicy.none()).build())
                .build();
    }

    /** @return an engine of the document-reconciliation agents whose extractor is unsure of the total (0.4) */
    static ConvergenceEngine.Builder unsureOfTheTotal() {
        return ConvergenceEngine.builder().name("hitl")
                .agent(constant("extractor", Map.of("invoice.number", "INV-0042")))
                .agent(unsure("reader", "total.cents", 119050, 0.4))
                .agent(ConvergenceAgent.of("checker", Trigger.on("total.cents"), (context, cycle) ->
                        Reply.propose(ProposedFact.of("checked", context.value("total.cents") != null))))
                .confidenceThreshold(0.7);
    }
}
