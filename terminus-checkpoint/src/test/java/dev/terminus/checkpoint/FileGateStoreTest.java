package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileGateStoreTest {

    @TempDir
    Path dir;

    @Test
    void aSavedCheckpointLoadsBackEqualFromItsFileInTheDocumentedLayout() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Checkpoint checkpoint = SampleCheckpoints.refundPending("gate-7f3a");

        // when
        store.save(checkpoint);

        // then
        assertThat(store.pathOf("gate-7f3a")).isEqualTo(dir.resolve("gate-7f3a.checkpoint.json"));
        assertThat(Files.readString(store.pathOf("gate-7f3a"))).isEqualTo(CheckpointJson.ofDefaults().write(checkpoint));
        assertThat(store.load("gate-7f3a")).contains(checkpoint);
    }

    @Test
    void anUnknownGateLoadsAsEmptyAndAMissingDirectoryHasNothingPending() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir.resolve("not-yet"));

        // when / then
        assertThat(store.load("gate-1")).isEmpty();
        assertThat(store.pending()).isEmpty();
        assertThat(store.delete("gate-1")).isFalse();
        assertThat(dir.resolve("not-yet")).doesNotExist();
    }

    @Test
    void theFirstSaveCreatesTheDirectoryWithItsParents() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir.resolve("runs/support"));

        // when
        store.save(SampleCheckpoints.refundPending("gate-1"));

        // then
        assertThat(dir.resolve("runs/support/gate-1.checkpoint.json")).isRegularFile();
    }

    @Test
    void pendingListsTheGateIdsSorted() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        for (String id : List.of("gate-b", "gate-c", "gate-a", "Gate-Z")) {
            store.save(SampleCheckpoints.refundPending(id));
        }

        // when
        List<String> pending = store.pending();

        // then
        assertThat(pending).containsExactly("Gate-Z", "gate-a", "gate-b", "gate-c");
    }

    @Test
    void deleteRemovesTheCheckpointAndSaysWhetherThereWasOne() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        store.save(SampleCheckpoints.refundPending("gate-1"));
        store.save(SampleCheckpoints.refundPending("gate-2"));

        // when
        boolean first = store.delete("gate-1");
        boolean second = store.delete("gate-1");

        // then
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(store.load("gate-1")).isEmpty();
        assertThat(store.pending()).containsExactly("gate-2");
    }

    @Test
    void savingTheSameGateAgainReplacesItsCheckpoint() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Checkpoint first = SampleCheckpoints.refundPending("gate-1");
        Checkpoint second = first.withMetadata("reviewer", "dana");
        store.save(first);

        // when
        store.save(second);

        // then
        assertThat(store.load("gate-1")).contains(second);
        assertThat(filesIn(dir)).containsExactly("gate-1.checkpoint.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "..", ".hidden", "a/b", "a\\b", "", " ", "gate 1", "gäte", "gate-1\n",
            "x/../../y"})
    void aGateIdThatCannotNameAFileInTheDirectoryIsRefusedNamingIt(String gateId) {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir.resolve("store"));

        // when / then
        for (var call : List.<ThrowingCall>of(() -> store.pathOf(gateId), () -> store.load(gateId),
                () -> store.delete(gateId))) {
            assertThatThrownBy(call::run).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("gate id \"" + gateId + "\" cannot name a checkpoint file");
        }
    }

    @Test
    void aCheckpointWhoseGateIdWouldEscapeTheDirectoryIsNotSaved() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir.resolve("store"));
        Checkpoint checkpoint = SampleCheckpoints.refundPending("../escaped");

        // when / then
        assertThatThrownBy(() -> store.save(checkpoint)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"../escaped\"");
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void theLongestAllowedIdAndEveryAllowedCharacterWork() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        List<String> ids = List.of("a".repeat(128), "A.b_c-9", "gate..1");

        // when
        for (String id : ids) {
            store.save(SampleCheckpoints.refundPending(id));
        }

        // then
        assertThat(store.pending()).containsExactlyInAnyOrderElementsOf(ids);
        assertThatThrownBy(() -> store.pathOf("a".repeat(129))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSaveLeavesNoTemporaryFileBehind() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);

        // when
        for (int i = 0; i < 5; i++) {
            store.save(SampleCheckpoints.refundPending("gate-" + i % 2).withMetadata("round", "" + i));
        }

        // then
        assertThat(filesIn(dir)).containsExactly("gate-0.checkpoint.json", "gate-1.checkpoint.json");
    }

    @Test
    void aSaveThatCannotReplaceItsFileFailsNamingTheGateAndTheFileAndDeletesItsTemporaryFile() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Files.createDirectories(dir.resolve("gate-1.checkpoint.json/occupied"));

        // when / then
        assertThatThrownBy(() -> store.save(SampleCheckpoints.refundPending("gate-1")))
                .isInstanceOf(GateStoreException.class)
                .hasMessageStartingWith("cannot save the checkpoint of gate \"gate-1\" to "
                        + dir.resolve("gate-1.checkpoint.json") + ": ")
                .hasCauseInstanceOf(IOException.class);
        assertThat(filesIn(dir)).containsExactly("gate-1.checkpoint.json");
        assertThat(store.pending()).isEmpty();
    }

    @Test
    void aCrashMidSaveLeavesTheOldVersionReadableAndIsNotListed() throws Exception {
        // given: a saved version, then a save of the next that died after writing half of its temporary file
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Checkpoint old = SampleCheckpoints.refundPending("gate-1");
        Checkpoint next = old.withMetadata("reviewer", "dana");
        store.save(old);
        byte[] nextJson = CheckpointJson.ofDefaults().writeBytes(next);
        Files.write(dir.resolve(".gate-18446744073709551615.tmp"), Arrays.copyOf(nextJson, nextJson.length / 2));
        Files.writeString(dir.resolve("notes.txt"), "not a checkpoint");
        Files.writeString(dir.resolve("gate-2.checkpoint.json.tmp"), "{\"formatVersion\": 1, \"gate\"");
        Files.createDirectories(dir.resolve("folder.checkpoint.json"));

        // when
        List<String> pending = store.pending();
        var loaded = store.load("gate-1");
        store.save(next);

        // then
        assertThat(pending).containsExactly("gate-1");
        assertThat(loaded).contains(old);
        assertThat(store.load("gate-1")).contains(next);
    }

    @Test
    void aCorruptCheckpointFileIsListedButFailsToLoadNamingTheFile() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        Files.writeString(dir.resolve("gate-9.checkpoint.json"), "{\"formatVersion\": 1, \"gate\": ",
                StandardCharsets.UTF_8);

        // when / then
        assertThat(store.pending()).containsExactly("gate-9");
        assertThatThrownBy(() -> store.load("gate-9")).isInstanceOf(GateStoreException.class)
                .hasMessageStartingWith("cannot load the checkpoint of gate \"gate-9\": "
                        + dir.resolve("gate-9.checkpoint.json") + " does not hold a valid checkpoint: ")
                .hasMessageContaining("not valid JSON")
                .hasCauseInstanceOf(CheckpointFormatException.class);
    }

    @Test
    void aCheckpointFileRenamedToAnotherGateIsRefused() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        store.save(SampleCheckpoints.refundPending("gate-a"));
        Files.move(store.pathOf("gate-a"), store.pathOf("gate-b"));

        // when / then
        assertThatThrownBy(() -> store.load("gate-b")).isInstanceOf(GateStoreException.class)
                .hasMessage("cannot load the checkpoint of gate \"gate-b\": " + store.pathOf("gate-b")
                        + " holds the checkpoint of gate \"gate-a\", not of \"gate-b\"")
                .hasCauseInstanceOf(CheckpointFormatException.class);
    }

    @Test
    void concurrentSavesOfDifferentGatesFromVirtualThreadsAllLand() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        List<Checkpoint> checkpoints = IntStream.range(0, 100)
                .mapToObj(i -> SampleCheckpoints.refundPending("gate-%03d".formatted(i))).toList();

        // when
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Checkpoint checkpoint : checkpoints) {
                threads.submit(() -> {
                    store.save(checkpoint);
                    return null;
                });
            }
        }

        // then
        assertThat(store.pending()).isEqualTo(checkpoints.stream().map(Checkpoint::gateId).toList());
        for (Checkpoint checkpoint : checkpoints) {
            assertThat(store.load(checkpoint.gateId())).contains(checkpoint);
        }
        assertThat(filesIn(dir)).hasSize(100).allMatch(name -> name.endsWith(".checkpoint.json"));
    }

    @Test
    void concurrentSavesOfOneGateLeaveOneWholeVersion() throws Exception {
        // given
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        List<Checkpoint> versions = IntStream.range(0, 40)
                .mapToObj(i -> SampleCheckpoints.refundPending("gate-1").withMetadata("version", "" + i)).toList();

        // when
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Checkpoint version : versions) {
                threads.submit(() -> {
                    store.save(version);
                    return store.load("gate-1").orElseThrow();
                });
            }
        }

        // then
        assertThat(store.load("gate-1")).hasValueSatisfying(loaded -> assertThat(versions).contains(loaded));
        assertThat(filesIn(dir)).containsExactly("gate-1.checkpoint.json");
    }

    @Test
    void checkpointFilesAreReadableByTheirOwnerOnly() throws Exception {
        // given
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);

        // when
        store.save(SampleCheckpoints.refundPending("gate-1"));

        // then
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.pathOf("gate-1"))))
                .isEqualTo("rw-------");
    }

    @Test
    void aCheckpointStoreNamesItsFilesAfterTheCheckpointKind() {
        // when
        FileGateStore<Checkpoint> store = FileGateStore.checkpoints(dir);

        // then
        assertThat(store.suffix()).isEqualTo(".checkpoint.json");
        assertThat(store.directory()).isEqualTo(dir);
        assertThat(store).hasToString("FileGateStore[" + dir + ", *.checkpoint.json]");
    }

    @Test
    void aStoreOfAnotherKindBesideItSharesTheDirectoryAndNeitherListsTheOthersFiles() throws Exception {
        // given
        FileGateStore<Checkpoint> checkpoints = FileGateStore.checkpoints(dir);
        FileGateStore<Review> reviews = checkpoints.beside(Review.CODEC);
        checkpoints.save(SampleCheckpoints.refundPending("gate-1"));

        // when
        reviews.save(Review.of("gate-2"));

        // then
        assertThat(reviews.directory()).isEqualTo(dir);
        assertThat(filesIn(dir)).containsExactly("gate-1.checkpoint.json", "gate-2.review.json");
        assertThat(checkpoints.pending()).containsExactly("gate-1");
        assertThat(reviews.pending()).containsExactly("gate-2");
        assertThat(reviews.load("gate-2")).contains(Review.of("gate-2"));
        assertThat(reviews.load("gate-1")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Checkpoint", "check.point", "../x", "1st", "-x", "a b"})
    void aCodecKindThatCannotBePartOfAFileNameIsRefusedNamingIt(String kind) {
        // given
        FileGateStore.Codec<Review> codec = Review.codec(kind);

        // when / then
        assertThatThrownBy(() -> FileGateStore.in(dir, codec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("codec.kind() \"" + kind + "\" cannot be part of a file name");
    }

    @Test
    void aRunPausedAtAGateResumesFromTheStoreInAFreshAgentAndStore() throws Exception {
        // given: a run paused before a refund, its checkpoint saved
        var refunds = new AtomicInteger();
        ScriptedModel refundFirst = ScriptedModel.builder().usage(Usage.of(10, 5))
                .toolCall("refund", Map.of("order", 42)).text("refunded").build();
        RunResult paused = refundAgent(refundFirst, refunds).run("refund order 42");
        var gate = (Termination.HitlGatePending) paused.termination();
        FileGateStore.checkpoints(dir).save(paused.checkpoint().orElseThrow());

        // when: another store and agent (as in another process) pick it up and approve it
        GateStore<Checkpoint> later = FileGateStore.checkpoints(dir);
        Checkpoint loaded = later.load(later.pending().getFirst()).orElseThrow();
        ScriptedModel thenAnswer = ScriptedModel.builder().usage(Usage.of(10, 5)).text("refunded").build();
        RunResult done = refundAgent(thenAnswer, refunds).resume(loaded, GateDecision.approve(gate.gateId()));

        // then
        assertThat(loaded).isEqualTo(paused.checkpoint().orElseThrow());
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(refunds).hasValue(1);
        assertThat(done.usage()).isEqualTo(Usage.of(20, 10));
        assertThat(done.duration()).isGreaterThanOrEqualTo(loaded.elapsed());
    }

    private static Agent refundAgent(ScriptedModel model, AtomicInteger refunds) {
        return Agent.builder(model).tools(Tools.of("refund", "Refunds an order", (args, run) -> {
            refunds.incrementAndGet();
            return "refunded " + args.get("order");
        })).requireApproval("refund").build();
    }

    private static List<String> filesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }
}
