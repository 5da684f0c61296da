package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class AgentFactoryTest {

    @Test
    void theFactoryIsAskedOncePerAttemptWithTheTaskItsRepeatAndAttempt() {
        // given
        List<String> asked = new CopyOnWriteArrayList<>();
        AgentFactory factory = context -> {
            asked.add(context.task().id() + "/" + context.repeat() + "/" + context.attempt());
            return Fixtures.answering("4");
        };

        // when
        Benchmark.builder().task(Task.of("t1", "2 + 2?").expecting("4")).repeats(2).concurrency(1).agentFactory(factory)
                .evaluator(Evaluators.exactMatch()).build().run();

        // then
        assertThat(asked).containsExactly("t1/0/1", "t1/1/1");
    }

    @Test
    void aSharedFactoryReturnsItsAgentForEveryTask() throws Exception {
        // given
        Agent agent = Fixtures.answering("4");
        AgentFactory shared = AgentFactory.shared(agent);
        TaskContext context = new TaskContext(Task.of("t1", "x"), 0, 1, List.of(), null);

        // when / then
        assertThat(shared.create(context)).isSameAs(agent);
        assertThatThrownBy(() -> AgentFactory.shared(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("agent");
    }
}
