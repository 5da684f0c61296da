package dev.terminus.temporal;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The idempotency key of the tool call running on the current thread in a tool activity:
 * {@code "<workflow id>:<tool call id>"}, the same whenever the same call of the same run is made again (a retry of
 * the activity, a workflow replayed on another worker). In a run of an agent that the workflow's run called as a tool
 * ({@code Tools.agent}), the ids of the calls that started it come between: {@code "<workflow id>:call_1/<tool call
 * id>"}, so two runs of one agent in a tree never share a key. A tool with effects outside (a payment, an e-mail)
 * passes it to the service it calls so that the effect happens once.
 *
 * {@snippet :
 * // given: String charge(String invoiceId, String idempotencyKey)
 * record Invoice(String id) {}
 *
 * Tool pay = Tools.of("pay", "Pays an invoice", Invoice.class, (invoice, run) ->
 *         charge(invoice.id(), IdempotencyKey.current().orElseThrow()));
 * }
 */
public final class IdempotencyKey {
    private static final ThreadLocal<@Nullable String> CURRENT = new ThreadLocal<>();

    private IdempotencyKey() {}

    /** @return the key of the tool call running on this thread; empty outside a tool activity */
    public static Optional<String> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /**
     * Runs a tool call with its key current: what the tool activity does.
     *
     * @param key the call's key
     * @param call the call
     * @param <T> its value
     * @return its value
     * @throws Exception what the call throws
     */
    public static <T extends @Nullable Object> T with(String key, java.util.concurrent.Callable<T> call)
            throws Exception {
        return ThreadValues.with(CURRENT, key, call);
    }
}
