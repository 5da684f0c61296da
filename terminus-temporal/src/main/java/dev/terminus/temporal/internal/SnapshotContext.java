package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.wire.RunSnapshot;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * A tool activity's {@link RunContext}: the figures of its {@link RunSnapshot}, its transcript read only when the
 * tool asks for it (once, then kept for the call), and the answers a person gave to the call's requests for input
 * when the call is made again after its run paused for them.
 */
final class SnapshotContext implements RunContext {
    private final RunSnapshot snapshot;
    private final Callable<List<Message>> transcript;
    private @Nullable List<Message> read;

    /**
     * @param snapshot the run as the tool's call carries it
     * @param transcript reads the transcript the snapshot refers to
     */
    SnapshotContext(RunSnapshot snapshot, Callable<List<Message>> transcript) {
        this.snapshot = snapshot;
        this.transcript = transcript;
    }

    @Override
    public String agentName() {
        return snapshot.agentName();
    }

    @Override
    public int iteration() {
        return snapshot.iteration();
    }

    @Override
    public int toolCallCount() {
        return snapshot.toolCallCount();
    }

    @Override
    public Usage usage() {
        return snapshot.usage();
    }

    @Override
    public BigDecimal costUsd() {
        return snapshot.costUsd();
    }

    @Override
    public Duration elapsed() {
        return snapshot.elapsed();
    }

    /**
     * @throws IllegalStateException when the workflow cannot be asked for it, its message saying why
     */
    @Override
    public synchronized List<Message> transcript() {
        if (read == null) {
            try {
                read = transcript.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("the run's transcript could not be read from its workflow: " + e, e);
            }
        }
        return read;
    }

    /** @return the latest answer the snapshot carries to a request equal to this one, as in one process */
    @Override
    public Optional<HumanInputAnswer> humanInput(HumanInputRequest request) {
        List<HumanInputAnswer> answers = snapshot.humanInputs();
        for (int i = answers.size() - 1; i >= 0; i--) {
            if (answers.get(i).request().equals(request)) {
                return Optional.of(answers.get(i));
            }
        }
        return Optional.empty();
    }
}
