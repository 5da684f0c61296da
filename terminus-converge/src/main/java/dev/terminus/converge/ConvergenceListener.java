package dev.terminus.converge;

/**
 * Hears the events of every run of an engine, in order, on the run's coordinating thread; keep it fast. A listener
 * that throws is logged and skipped: it never changes how a run ends.
 *
 * {@snippet :
 * ConvergenceListener log = event -> {
 *     if (event instanceof ConvergenceEvent.FactMerged merged) {
 *         System.out.println(merged.fact().key() + " = " + merged.fact().value());
 *     }
 * };
 * }
 */
@FunctionalInterface
public interface ConvergenceListener {

    /** @param event what happened */
    void onEvent(ConvergenceEvent event);
}
