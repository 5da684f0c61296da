package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentExceptionTest {

    @Test
    void anyOtherExceptionOfAnEnvironmentToolIsAnOrdinaryToolErrorTheModelReads() {
        // given
        Environment flaky = task -> List.of(Tools.of("lookup", "Looks up", (arguments, run) -> {
            throw new IllegalArgumentException("no such key");
        }));
        ScriptedModel model = ScriptedModel.builder().toolCall("lookup", Map.of()).text("y").build();

        // when
        ReportRow row = Benchmark.builder().task(Task.of("t1", "x").expecting("y")).environment(flaky)
                .agentFactory(context -> context.agentBuilder(model).build())
                .evaluator(Evaluators.exactMatch()).build().run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.SUCCESS);
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
    }

    @Test
    void itKeepsItsMessageAndCause() {
        // given
        IllegalStateException cause = new IllegalStateException("connection refused");

        // when
        EnvironmentException e = new EnvironmentException("database down", cause);

        // then
        assertThat(e).hasMessage("database down").hasCause(cause);
        assertThat(new EnvironmentException("sandbox died")).hasMessage("sandbox died").hasNoCause();
    }
}
