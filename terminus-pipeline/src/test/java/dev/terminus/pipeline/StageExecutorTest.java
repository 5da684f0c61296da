package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StageExecutorTest {

    private static Thread threadOfStage(StageExecutor executor) {
        AtomicReference<Thread> thread = new AtomicReference<>();
        Pipeline.builder().executor(executor).stage(Stage.of("where", ctx -> {
            thread.set(Thread.currentThread());
            return new Termination.Completed();
        })).build().run("");
        return thread.get();
    }

    @Test
    void theCallerThreadExecutorRunsStagesOnTheThreadThatRunsThePipeline() {
        assertThat(threadOfStage(StageExecutor.callerThread())).isSameAs(Thread.currentThread());
    }

    @Test
    void theVirtualThreadExecutorRunsEachStageOnANewVirtualThread() {
        Thread thread = threadOfStage(StageExecutor.virtualThreads());
        assertThat(thread).isNotSameAs(Thread.currentThread());
        assertThat(thread.isVirtual()).isTrue();
    }

    @Test
    void anExecutorServiceRunsTheStagesOnItsThreads() {
        ExecutorService service = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "mine"));
        try {
            assertThat(threadOfStage(StageExecutor.of(service)).getName()).isEqualTo("mine");
        } finally {
            service.shutdownNow();
        }
    }

    @Test
    void aNullExecutorServiceIsRefused() {
        assertThatThrownBy(() -> StageExecutor.of(null))
                .isInstanceOf(NullPointerException.class).hasMessage("executorService must not be null");
    }

    @Test
    void theExecutorsSayWhatTheyAre() {
        assertThat(StageExecutor.callerThread()).hasToString("StageExecutor.callerThread");
        assertThat(StageExecutor.virtualThreads()).hasToString("StageExecutor.virtualThreads");
    }
}
