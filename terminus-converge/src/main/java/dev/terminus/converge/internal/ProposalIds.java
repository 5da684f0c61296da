package dev.terminus.converge.internal;

import org.jspecify.annotations.Nullable;

/**
 * The id of a proposal: {@code <agent>/<key>@<16 hex digits>}, the digits a 64-bit FNV-1a hash of the value's
 * {@linkplain JsonValues#canonical(Object) canonical text}. The same agent proposing the same value for the same key
 * gets the same id in every cycle and every process, so a rejection can be remembered by id.
 */
public final class ProposalIds {
    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private ProposalIds() {}

    /**
     * @param agent the proposing agent
     * @param key the fact's key
     * @param value the proposed value, normalized
     * @return the proposal's id
     */
    public static String of(String agent, String key, @Nullable Object value) {
        String text = JsonValues.canonical(value);
        long hash = OFFSET;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            hash = (hash ^ (c & 0xff)) * PRIME;
            hash = (hash ^ (c >>> 8)) * PRIME;
        }
        String hex = Long.toHexString(hash);
        return agent + "/" + key + "@" + "0".repeat(16 - hex.length()) + hex;
    }
}
