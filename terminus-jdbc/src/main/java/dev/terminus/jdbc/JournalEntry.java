package dev.terminus.jdbc;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One ended run as the journal keeps it; its transcript is kept apart ({@link RunJournal#transcript(String)}).
 *
 * @param runId the journal's id of the run
 * @param parentRunId the run that called it (an agent called as a tool, a pipeline's stage), or null
 * @param kind what kind of run
 * @param agent the agent's name (a pipeline's or engine's name for those)
 * @param termination how it ended
 * @param outcome the dashboard outcome
 * @param usage the tokens consumed
 * @param costUsd the money spent
 * @param duration how long it took
 * @param endedAt when the journal recorded its end
 * @param decision the decision that resumed it (a run resumed at a gate), or null
 */
public record JournalEntry(String runId, @Nullable String parentRunId, RunKind kind, String agent,
        Termination termination, Outcome outcome, Usage usage, BigDecimal costUsd, Duration duration, Instant endedAt,
        @Nullable Decided decision) {

    /** Refuses nulls where a value is required. */
    public JournalEntry {
        Preconditions.notBlank(runId, "runId");
        Preconditions.notNull(kind, "kind");
        Preconditions.notNull(agent, "agent");
        Preconditions.notNull(termination, "termination");
        Preconditions.notNull(outcome, "outcome");
        Preconditions.notNull(usage, "usage");
        Preconditions.notNull(costUsd, "costUsd");
        Preconditions.notNull(duration, "duration");
        Preconditions.notNull(endedAt, "endedAt");
    }

    /** @return what the caller should do next: the termination's category */
    public Category category() {
        return termination.category();
    }

    /**
     * Who resumed a run at a gate, and when.
     *
     * @param gateId the gate decided
     * @param decidedBy who decided
     * @param decidedAt when
     */
    public record Decided(String gateId, String decidedBy, Instant decidedAt) {
        /** Refuses nulls. */
        public Decided {
            Preconditions.notBlank(gateId, "gateId");
            Preconditions.notBlank(decidedBy, "decidedBy");
            Preconditions.notNull(decidedAt, "decidedAt");
        }
    }
}
