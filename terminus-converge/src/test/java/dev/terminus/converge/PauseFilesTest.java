package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.FileGateStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pauses in a {@link FileGateStore}, written and read by {@link PauseJson}. */
class PauseFilesTest {

    @TempDir
    Path dir;

    private static Pause aPause() {
        return Fixtures.unsureOfTheTotal().build().run(Context.empty()).pause().orElseThrow();
    }

    @Test
    void aSavedPauseIsListedLoadedEqualAndDeleted() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir.resolve("nested/pauses"), PauseJson.ofDefaults());
        Pause pause = aPause();

        // when
        store.save(pause);

        // then
        assertThat(store.pending()).containsExactly(pause.gateId());
        assertThat(store.load(pause.gateId())).contains(pause);
        assertThat(store.delete(pause.gateId())).isTrue();
        assertThat(store.load(pause.gateId())).isEmpty();
        assertThat(store.delete(pause.gateId())).isFalse();
        assertThat(store.pending()).isEmpty();
    }

    @Test
    void besideACheckpointStoreItSharesTheDirectoryAndNeitherListsTheOthersFiles() throws IOException {
        // given
        FileGateStore<dev.terminus.agent.Checkpoint> checkpoints = FileGateStore.checkpoints(dir);
        FileGateStore<Pause> pauses = checkpoints.beside(PauseJson.ofDefaults());
        Pause pause = aPause();

        // when
        pauses.save(pause);

        // then
        assertThat(pauses.directory()).isEqualTo(dir);
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactly(pause.gateId() + ".pause.json");
        assertThat(checkpoints.pending()).isEmpty();
    }

    @Test
    void savingAgainReplacesThePauseAndLeavesNoTemporaryFile() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());
        Pause pause = aPause();
        store.save(pause);

        // when
        store.save(pause);

        // then
        try (var files = Files.list(dir)) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void aCorruptFileIsReportedNamingTheFile() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());
        Files.writeString(dir.resolve("gate-x.pause.json"), "{\"formatVersion\": 1}");

        // when / then
        assertThatThrownBy(() -> store.load("gate-x")).isInstanceOf(GateStoreException.class)
                .hasMessageStartingWith("cannot load the pause of gate \"gate-x\": " + dir.resolve("gate-x.pause.json")
                        + " does not hold a valid pause: ")
                .hasCauseInstanceOf(CheckpointFormatException.class);
    }

    @Test
    void aRenamedFileHoldingAnotherGatesPauseIsRefused() throws IOException {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());
        Pause pause = aPause();
        store.save(pause);
        Files.move(store.pathOf(pause.gateId()), store.pathOf("gate-renamed"));

        // when / then
        assertThatThrownBy(() -> store.load("gate-renamed")).isInstanceOf(GateStoreException.class)
                .hasCauseInstanceOf(CheckpointFormatException.class)
                .hasMessageEndingWith("holds the pause of gate \"" + pause.gateId() + "\", not of \"gate-renamed\"");
    }

    @Test
    void aGateIdThatCannotNameAFileIsRefused() {
        // given
        FileGateStore<Pause> store = FileGateStore.in(dir, PauseJson.ofDefaults());

        // when / then
        assertThatThrownBy(() -> store.load("../escape")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("gate id \"../escape\" cannot name a pause file");
        assertThatThrownBy(() -> store.pathOf(".hidden")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMissingDirectoryHasNoPauses() throws IOException {
        // then
        assertThat(FileGateStore.in(dir.resolve("absent"), PauseJson.ofDefaults()).pending()).isEmpty();
    }
}
