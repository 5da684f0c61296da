package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceAgentTest {

    @Test
    void aFunctionAgentAnswersWithItsBodyAndKeepsItsNameAndTrigger() throws Exception {
        // given
        ConvergenceAgent agent = ConvergenceAgent.of("doubler", Trigger.on("n"), (context, cycle) ->
                Reply.propose(ProposedFact.of("twice", context.value("n", Integer.class).orElse(0) * 2 + cycle)));

        // when
        Reply reply = agent.propose(Context.of(Map.of("n", 4)), 1);

        // then
        assertThat(reply).isEqualTo(Reply.propose(ProposedFact.of("twice", 9)));
        assertThat(agent.name()).isEqualTo("doubler");
        assertThat(agent.trigger()).isEqualTo(Trigger.on("n"));
        assertThat(agent).hasToString("ConvergenceAgent[doubler]");
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> ConvergenceAgent.of("", Trigger.always(), (context, cycle) -> Reply.nothing()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("name must not be blank");
        assertThatThrownBy(() -> ConvergenceAgent.of("a", null, (context, cycle) -> Reply.nothing()))
                .isInstanceOf(NullPointerException.class).hasMessage("trigger must not be null");
    }

    @Test
    void anAgentReadsTheContextAsItWasAtTheStartOfTheCycle() {
        // given: "late" reads x in the same cycle "early" proposes it
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("early", Map.of("x", 1)))
                .agent(ConvergenceAgent.of("late", Trigger.on("x"), (context, cycle) ->
                        Reply.propose(ProposedFact.of("saw-x-in-" + cycle, context.contains("x")))))
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.context().values()).containsEntry("saw-x-in-1", false).containsEntry("saw-x-in-2", true);
    }
}
