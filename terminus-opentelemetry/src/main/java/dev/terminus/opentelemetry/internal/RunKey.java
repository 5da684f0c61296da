package dev.terminus.opentelemetry.internal;

import dev.terminus.Outcome;

/**
 * The key of one cached set of run-metric attributes: an already bounded termination tag and category, and an
 * outcome. Bounded, since every part is.
 *
 * @param tag the bounded termination tag
 * @param category the category's name, or {@code _OTHER}
 * @param outcome the outcome
 */
record RunKey(String tag, String category, Outcome outcome) {}
