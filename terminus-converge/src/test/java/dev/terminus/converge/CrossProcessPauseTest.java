package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.GateDecision;
import dev.terminus.checkpoint.FileGateStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pause written by one JVM survives it and is resumed in another. */
class CrossProcessPauseTest {

    @TempDir
    Path dir;

    @Test
    void aPauseSavedByAnotherProcessIsResumedHereToConvergence() throws IOException, InterruptedException {
        // given: another JVM runs the engine until it pauses, saves the pause and exits
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                PauseWriter.class.getName(), dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String gateId = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(child.exitValue()).isZero();
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());
        ConvergenceEngine engine = Fixtures.unsureOfTheTotal().pauseStore(store).build();

        // when
        Pause pause = store.load(gateId).orElseThrow();
        ConvergenceResult result = engine.resume(pause, GateDecision.approve(gateId));

        // then
        assertThat(pause.gate().agentId()).isEqualTo("reader");
        assertThat(result.termination()).isEqualTo(new Termination.Converged(3));
        assertThat(result.context().value("total.cents")).isEqualTo(119050);
        assertThat(store.pending()).isEmpty();
    }
}
