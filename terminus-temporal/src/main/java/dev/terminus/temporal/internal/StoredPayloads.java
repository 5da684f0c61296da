package dev.terminus.temporal.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.terminus.temporal.spi.PayloadStore;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The codec that keeps large payloads in a {@link PayloadStore} (the claim-check pattern): a payload whose serialized
 * size is over the threshold is put in the store under the SHA-256 of its bytes, and the history holds a small payload
 * of encoding {@value #ENCODING} whose data is that key; decoding reads the blob back and checks it against its key.
 */
public final class StoredPayloads implements PayloadCodec {
    /** The encoding of a payload that stands for one kept in the store. */
    public static final String ENCODING = "terminus/stored";

    private final PayloadStore store;
    private final int threshold;

    /**
     * @param store where large payloads go
     * @param threshold the serialized size in bytes over which a payload goes to the store
     */
    public StoredPayloads(PayloadStore store, int threshold) {
        this.store = store;
        this.threshold = threshold;
    }

    @Override
    public List<Payload> encode(List<Payload> payloads) {
        List<Payload> encoded = new ArrayList<>(payloads.size());
        for (Payload payload : payloads) {
            if (payload.getSerializedSize() <= threshold) {
                encoded.add(payload);
                continue;
            }
            byte[] blob = payload.toByteArray();
            String key = key(blob);
            try {
                store.put(key, blob);
            } catch (IOException e) {
                throw new PayloadCodecException("a payload of " + blob.length + " bytes could not be kept in " + store
                        + ": " + e.getMessage(), e);
            }
            encoded.add(Payload.newBuilder()
                    .putMetadata("encoding", ByteString.copyFromUtf8(ENCODING))
                    .setData(ByteString.copyFromUtf8(key))
                    .build());
        }
        return encoded;
    }

    @Override
    public List<Payload> decode(List<Payload> payloads) {
        List<Payload> decoded = new ArrayList<>(payloads.size());
        for (Payload payload : payloads) {
            ByteString encoding = payload.getMetadataMap().get("encoding");
            if (encoding == null || !encoding.toStringUtf8().equals(ENCODING)) {
                decoded.add(payload);
                continue;
            }
            String key = payload.getData().toString(StandardCharsets.UTF_8);
            try {
                byte[] blob = store.get(key);
                if (!key(blob).equals(key)) {
                    throw new PayloadCodecException("the payload kept under key " + key + " in " + store
                            + " does not match its key: it was changed");
                }
                decoded.add(Payload.parseFrom(blob));
            } catch (IOException e) {
                throw new PayloadCodecException("the payload kept under key " + key + " could not be read from "
                        + store + ": " + e.getMessage(), e);
            }
        }
        return decoded;
    }

    /** @return the SHA-256 of the bytes, as 64 lowercase hex digits */
    static String key(byte[] blob) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(blob));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
