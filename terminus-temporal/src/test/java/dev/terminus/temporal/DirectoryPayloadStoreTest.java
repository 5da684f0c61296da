package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Blobs kept in a directory, one file a key, written whole, never changed. */
class DirectoryPayloadStoreTest {
    private static final String KEY = "a".repeat(64);

    @TempDir
    Path dir;

    @Test
    void aBlobPutIsReadBackByItsKeyAndLeavesNoPartialFile() throws Exception {
        // given
        DirectoryPayloadStore store = DirectoryPayloadStore.of(dir.resolve("payloads"));

        // when
        store.put(KEY, "a transcript".getBytes(StandardCharsets.UTF_8));

        // then
        assertThat(new String(store.get(KEY), StandardCharsets.UTF_8)).isEqualTo("a transcript");
        try (Stream<Path> files = Files.list(dir.resolve("payloads"))) {
            assertThat(files).extracting(file -> file.getFileName().toString()).containsExactly(KEY);
        }
    }

    @Test
    void aBlobOnceWrittenIsNeverChanged() throws Exception {
        // given
        DirectoryPayloadStore store = DirectoryPayloadStore.of(dir);
        store.put(KEY, new byte[] {1, 2, 3});

        // when
        store.put(KEY, new byte[] {1, 2, 3});

        // then
        assertThat(store.get(KEY)).containsExactly(1, 2, 3);
    }

    @Test
    void aMissingBlobIsAnErrorNamingItsKey() throws IOException {
        // given
        DirectoryPayloadStore store = DirectoryPayloadStore.of(dir);

        // when / then
        assertThatThrownBy(() -> store.get(KEY)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("no payload is stored under key " + KEY);
    }

    @Test
    void aKeyThatIsNotADigestIsRefusedNamingIt() throws IOException {
        // given
        DirectoryPayloadStore store = DirectoryPayloadStore.of(dir);

        // when / then
        assertThatThrownBy(() -> store.get("../etc/passwd")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a payload key is 64 lowercase hex digits (a SHA-256), was \"../etc/passwd\"");
    }
}
