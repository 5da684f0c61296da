package dev.terminus.cli.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileGateStore;
import dev.terminus.converge.Pause;
import dev.terminus.converge.PauseJson;
import dev.terminus.test.ReliabilityScale;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL while it saves checkpoints and convergence pauses leaves every file decodable (the
 * old version or the new one), and the next save removes the temporary file the killed save left.
 */
class KilledSavesTest {
    private static final int TRIALS = ReliabilityScale.times(200);
    /** What {@link SavingChild} needs of the classpath: the stores, their codecs and what they stand on. */
    private static final List<String> NEEDED = List.of("terminus-core", "terminus-agent", "terminus-jackson",
            "terminus-checkpoint", "terminus-converge", "jackson-", "jspecify");

    @TempDir
    Path dir;

    @TempDir
    Path scratch;

    @Test
    void savesKilledAtRandomInstantsLeaveNoCorruptFileAndTheNextSaveNoTemporaryFile() throws Exception {
        // given: a child that saves a checkpoint and a pause in a loop, reused for many saves before each kill
        ChildJvm jvm = ChildJvm.of(SavingChild.class, entry -> NEEDED.stream().anyMatch(entry::contains), scratch);
        Process training = jvm.startTraining(scratch, scratch.toString());
        assertThat(ChildJvm.awaitLine(training, "ready")).isTrue();
        ChildJvm.stop(training);
        FileGateStore<Checkpoint> checkpoints = FileGateStore.checkpoints(dir);
        FileGateStore<Pause> pauses = checkpoints.beside(PauseJson.ofDefaults());
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int killedMidSave = 0;
        int corrupt = 0;
        int leftAfterNextSave = 0;
        int decoded = 0;
        long start = System.nanoTime();

        for (int trial = 0; trial < TRIALS; trial++) {
            // when: it is killed at a random instant after its first saves
            Process child = jvm.start(dir, dir.toString());
            assertThat(ChildJvm.awaitLine(child, "ready")).as("the child saved once (seed %d)", seed).isTrue();
            Thread.sleep(random.nextInt(12));
            assertThat(ChildJvm.kill(child)).as("SIGKILL ended the child").isEqualTo(ChildJvm.KILLED);

            // then: every file decodes, and the next save leaves no temporary file
            if (!temporaryFiles().isEmpty()) {
                killedMidSave++;
            }
            for (String gateId : checkpoints.pending()) {
                corrupt += decodes(() -> checkpoints.load(gateId)) ? 0 : 1;
                decoded++;
            }
            for (String gateId : pauses.pending()) {
                corrupt += decodes(() -> pauses.load(gateId)) ? 0 : 1;
                decoded++;
            }
            checkpoints.save(SavingChild.checkpoint("gate-next", trial, ""));
            leftAfterNextSave += temporaryFiles().size();
        }

        System.out.printf("KilledSavesTest: %d SIGKILL trials in %d ms (seed %d): %d killed mid-save, %d files decoded,"
                + " %d corrupt, %d temporary files left after the next save%n", TRIALS,
                (System.nanoTime() - start) / 1_000_000, seed, killedMidSave, decoded, corrupt, leftAfterNextSave);
        assertThat(corrupt).as("corrupt files (seed %d)", seed).isZero();
        assertThat(leftAfterNextSave).as("temporary files after the next save (seed %d)", seed).isZero();
        assertThat(killedMidSave).as("kills that landed between a save's temporary file and its rename").isPositive();
    }

    /** A load that decodes a file or says why not. */
    private interface Load {
        Object load() throws IOException;
    }

    private static boolean decodes(Load load) throws IOException {
        try {
            return load.load() != null;
        } catch (GateStoreException e) {
            if (e.getCause() instanceof CheckpointFormatException) {
                return false;
            }
            throw e;
        }
    }

    private List<String> temporaryFiles() throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(entry -> entry.getFileName().toString()).filter(name -> name.endsWith(".tmp")).toList();
        }
    }
}
