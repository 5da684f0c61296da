package dev.terminus.agent;

import dev.terminus.Preconditions;

/**
 * Thrown by a tool that needs a person's input to go on: the run pauses at a human gate instead of treating the call
 * as failed. The run ends {@link dev.terminus.Termination.HitlGatePending} with the request's question as its
 * summary and the call as its proposal; its {@link Checkpoint} keeps the {@link HumanInputRequest}. When a person
 * answers ({@link GateDecision#answer(String, java.util.Map)}) or declines ({@link GateDecision#reject(String, String)}),
 * the resumed run makes the same call again, and {@link RunContext#humanInput(HumanInputRequest)} gives the tool the
 * answer to the same request. So the tool runs again from its start: it should ask before it acts.
 *
 * {@snippet :
 * // given: Map<String, Object> orderSchema; Map<String, Object> accountSchema
 * // given: String refundTo(Map<String, Object> order, Map<String, Object> account)
 * Tool refund = Tools.of("refund", "Refunds an order", orderSchema, (arguments, run) -> {
 *     HumanInputRequest ask = HumanInputRequest.of("Refund to which account?", accountSchema, "refunds");
 *     HumanInputAnswer answer = run.humanInput(ask).orElseThrow(() -> new HumanInputNeeded(ask));
 *     return answer.answered().map(account -> refundTo(arguments, account)).orElse("Declined: not refunded");
 * });
 * }
 */
public final class HumanInputNeeded extends Exception {
    private static final long serialVersionUID = 1L;

    /** The request; a record of JSON values, serializable in practice though not declared so. */
    @SuppressWarnings("serial")
    private final HumanInputRequest request;

    /**
     * @param request what the tool asks the person
     */
    public HumanInputNeeded(HumanInputRequest request) {
        super("a person's input is needed: " + Preconditions.notNull(request, "request").message(), null, false,
                false);
        this.request = request;
    }

    /** @return what the tool asks */
    public HumanInputRequest request() {
        return request;
    }
}
