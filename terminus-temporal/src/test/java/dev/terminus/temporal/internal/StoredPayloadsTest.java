package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.terminus.temporal.spi.PayloadStore;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodecException;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The claim-check codec: large payloads to the store, their keys in the history, read back and checked. */
class StoredPayloadsTest {

    /** A store in memory. */
    private static final class Blobs implements PayloadStore {
        final Map<String, byte[]> kept = new HashMap<>();

        @Override
        public void put(String key, byte[] blob) {
            kept.put(key, blob);
        }

        @Override
        public byte[] get(String key) throws IOException {
            byte[] blob = kept.get(key);
            if (blob == null) {
                throw new IOException("no blob " + key);
            }
            return blob;
        }
    }

    private static Payload json(String text) {
        return Payload.newBuilder().putMetadata("encoding", ByteString.copyFromUtf8("json/plain"))
                .setData(ByteString.copyFromUtf8(text)).build();
    }

    @Test
    void aPayloadOverTheThresholdGoesToTheStoreAndComesBackEqual() {
        // given
        Blobs store = new Blobs();
        StoredPayloads codec = new StoredPayloads(store, 1_024);
        Payload small = json("\"short\"");
        Payload large = json("\"" + "x".repeat(5_000) + "\"");

        // when
        List<Payload> encoded = codec.encode(List.of(small, large));
        List<Payload> decoded = codec.decode(encoded);

        // then
        assertThat(encoded.get(0)).isEqualTo(small);
        assertThat(encoded.get(1).getMetadataMap().get("encoding").toStringUtf8()).isEqualTo("terminus/stored");
        assertThat(encoded.get(1).getData().toStringUtf8()).isEqualTo(StoredPayloads.key(large.toByteArray()))
                .hasSize(64);
        assertThat(store.kept).hasSize(1);
        assertThat(decoded).containsExactly(small, large);
    }

    @Test
    void aBlobChangedInTheStoreIsRefusedNamingItsKey() {
        // given
        Blobs store = new Blobs();
        StoredPayloads codec = new StoredPayloads(store, 1_024);
        List<Payload> encoded = codec.encode(List.of(json("\"" + "x".repeat(5_000) + "\"")));
        String key = encoded.get(0).getData().toStringUtf8();
        store.kept.put(key, json("\"changed\"").toByteArray());

        // when / then
        assertThatThrownBy(() -> codec.decode(encoded)).isInstanceOf(PayloadCodecException.class)
                .hasMessageContaining("the payload kept under key " + key)
                .hasMessageContaining("does not match its key");
    }

    @Test
    void aMissingBlobFailsTheDecodingNamingItsKey() {
        // given
        StoredPayloads codec = new StoredPayloads(new Blobs(), 1_024);
        Payload reference = Payload.newBuilder()
                .putMetadata("encoding", ByteString.copyFromUtf8(StoredPayloads.ENCODING))
                .setData(ByteString.copyFromUtf8("b".repeat(64))).build();

        // when / then
        assertThatThrownBy(() -> codec.decode(List.of(reference))).isInstanceOf(PayloadCodecException.class)
                .hasMessageContaining("the payload kept under key " + "b".repeat(64) + " could not be read");
    }
}
