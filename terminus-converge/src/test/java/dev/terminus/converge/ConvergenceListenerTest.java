package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ConvergenceListenerTest {

    @Test
    void aListenerThatThrowsIsSkippedAndTheOthersStillHearEverything() {
        // given
        List<ConvergenceEvent> heard = new CopyOnWriteArrayList<>();
        ConvergenceEngine engine = ConvergenceEngine.builder()
                .agent(Fixtures.constant("a", Map.of("x", 1)))
                .listener(event -> {
                    throw new IllegalStateException("listener broke");
                })
                .listener(heard::add)
                .build();

        // when
        ConvergenceResult result = engine.run(Context.empty());

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Converged(2));
        assertThat(heard).hasSize(7).last().isInstanceOf(ConvergenceEvent.RunFinished.class);
    }
}
