package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.terminus.Message;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.converge.Fact;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.wire.ConvergenceTurn;
import dev.terminus.temporal.wire.ModelCall;
import dev.terminus.temporal.wire.PipelineRunInput;
import dev.terminus.temporal.wire.RunSnapshot;
import dev.terminus.temporal.wire.SuiteInput;
import dev.terminus.temporal.wire.ToolInvocation;
import dev.terminus.temporal.wire.WireVersion;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.common.converter.DataConverter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * Every workflow input and activity input carries its wire version (ADR 0045): this build's when it writes one, the
 * written one when it reads one, and 1 when it reads one written before inputs carried a version (a recorded history,
 * an older client).
 */
class WireVersionInputsTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.of(new TerminusModule());
    private static final RunSnapshot RUN =
            new RunSnapshot("weather", 1, 0, Usage.ZERO, BigDecimal.ZERO, Duration.ZERO, List.of(), null);

    /** Every input type, as this build writes it. */
    private static final List<Input<?>> INPUTS = List.of(
            new Input<>(AgentRunInput.class, new AgentRunInput("weather", "What should I wear?"),
                    AgentRunInput::wireVersion),
            new Input<>(ConvergenceRunInput.class, new ConvergenceRunInput("reconcile", List.of(Fact.input("a", 1))),
                    ConvergenceRunInput::wireVersion),
            new Input<>(PipelineRunInput.class, new PipelineRunInput("report", "Q3"), PipelineRunInput::wireVersion),
            new Input<>(SuiteInput.class, new SuiteInput(List.of(new SuiteInput.Run("t1", 0, "weather", "go", null)),
                    RetryPolicy.none(), 1, null), SuiteInput::wireVersion),
            new Input<>(ModelCall.class, new ModelCall("weather", 0, List.of(new Message.User("go")), null, List.of(),
                    null, null), ModelCall::wireVersion),
            new Input<>(ToolInvocation.class, new ToolInvocation("weather", "echo", "w:c1", Map.of("x", "a"), RUN),
                    ToolInvocation::wireVersion),
            new Input<>(ConvergenceTurn.class, new ConvergenceTurn("reconcile", "checker", List.of(), 1, 0),
                    ConvergenceTurn::wireVersion));

    record Input<T>(Class<T> type, T value, ToIntFunction<T> version) {
        String json() {
            return CONVERTER.toPayload(value).orElseThrow().getData().toStringUtf8();
        }

        int versionRead(String json) {
            Payload payload = CONVERTER.toPayload(value).orElseThrow().toBuilder()
                    .setData(ByteString.copyFrom(json, StandardCharsets.UTF_8)).build();
            return version.applyAsInt(CONVERTER.fromPayload(payload, type, type));
        }
    }

    @Test
    void everyInputIsWrittenWithThisBuildsVersion() {
        for (Input<?> input : INPUTS) {
            // when
            String json = input.json();

            // then
            assertThat(json).as(input.type().getSimpleName()).contains("\"wireVersion\":" + WireVersion.CURRENT);
        }
    }

    @Test
    void anInputWrittenWithoutAVersionReadsAsVersionOne() {
        for (Input<?> input : INPUTS) {
            // given: the input as a client written before inputs carried a version wrote it
            String json = input.json().replace(",\"wireVersion\":" + WireVersion.CURRENT, "");

            // when
            int version = input.versionRead(json);

            // then
            assertThat(json).as(input.type().getSimpleName()).doesNotContain("wireVersion");
            assertThat(version).as(input.type().getSimpleName()).isEqualTo(1);
        }
    }

    @Test
    void anInputOfANewerVersionKeepsItsVersionForTheWorkerToRefuse() {
        for (Input<?> input : INPUTS) {
            // given
            String json = input.json().replace("\"wireVersion\":" + WireVersion.CURRENT, "\"wireVersion\":7");

            // when / then
            assertThat(input.versionRead(json)).as(input.type().getSimpleName()).isEqualTo(7);
        }
    }

    @Test
    void anActivityCallOfOneArgumentWrittenBeforeTheVersionReadsItsVersionAsAbsent() {
        // given: servedToolSpecs(agentName) as an older workflow called it, its one argument
        Payloads older = CONVERTER.toPayloads("weather").orElseThrow();

        // when: the worker reads the version, its second argument
        int version = CONVERTER.fromPayloads(1, Optional.of(older), int.class, int.class);

        // then: 0, which WireVersion.read takes as 1
        assertThat(version).isZero();
        assertThat(WireVersion.read(version, "wireVersion")).isEqualTo(1);
    }

    @Test
    void aNegativeVersionIsRefusedNamingTheField() {
        assertThatThrownBy(() -> new PipelineRunInput("report", "Q3", null, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("PipelineRunInput.wireVersion must be >= 1 (or absent, read as 1), was -1");
    }
}
