package dev.terminus.examples.springboot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The refunds the agent's tool made, in memory: the shop's side of the example, which a real application keeps in its
 * database.
 */
public final class RefundLedger {

    /**
     * A refund made.
     *
     * @param orderId the order
     * @param amountEur how much, in euros
     */
    public record Refund(int orderId, int amountEur) {}

    private final List<Refund> refunds = new CopyOnWriteArrayList<>();

    /**
     * Refunds part or all of an order.
     *
     * @param orderId the order, at least 1
     * @param amountEur how much, in euros, at least 1
     * @return what the model is told
     * @throws IllegalArgumentException naming the argument when one is out of range (the model is told)
     */
    public String refund(int orderId, int amountEur) {
        if (orderId < 1) {
            throw new IllegalArgumentException("orderId must be >= 1, was " + orderId);
        }
        if (amountEur < 1) {
            throw new IllegalArgumentException("amountEur must be >= 1, was " + amountEur);
        }
        refunds.add(new Refund(orderId, amountEur));
        return "Refunded " + amountEur + " EUR on order " + orderId + ".";
    }

    /** @return the refunds made so far, oldest first */
    public List<Refund> refunds() {
        return List.copyOf(refunds);
    }
}
