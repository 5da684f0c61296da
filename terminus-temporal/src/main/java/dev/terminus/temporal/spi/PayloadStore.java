package dev.terminus.temporal.spi;

import java.io.IOException;

/**
 * Where large payloads are kept instead of a workflow's history (the claim-check pattern): a content-addressed store
 * of immutable blobs that every worker and client of a task queue reaches (a shared volume, an object store, a
 * database). {@code TerminusDataConverter.of(module, store, threshold)} puts every payload larger than the threshold
 * here and writes its key in the history in its place; a worker replaying the history reads it back by that key, so
 * a blob, once put, must stay readable for as long as the namespace keeps the workflows' histories.
 *
 * <p>Implementations are called from workers' and clients' threads at once, and must be thread-safe. A failure to put
 * fails the call that made the payload (an activity's completion, a workflow task) and Temporal tries it again; a
 * failure to get fails the workflow task or the client's call that reads it, tried again the same way.
 *
 * {@snippet :
 * PayloadStore store = DirectoryPayloadStore.of(Path.of("/mnt/terminus-payloads"));
 * DataConverter converter = TerminusDataConverter.of(new TerminusModule(), store, 128 * 1024);
 * }
 */
public interface PayloadStore {

    /**
     * Keeps a blob under its content's key. Putting the same bytes again is allowed and changes nothing.
     *
     * @param key the blob's key: the SHA-256 of its bytes, as 64 lowercase hex digits
     * @param blob the bytes
     * @throws IOException when the blob could not be kept
     */
    void put(String key, byte[] blob) throws IOException;

    /**
     * @param key a key a blob was put under
     * @return the blob's bytes
     * @throws IOException when the blob cannot be read, or there is none under the key (naming the key)
     */
    byte[] get(String key) throws IOException;
}
