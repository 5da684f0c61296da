package dev.terminus.jdbc;

import dev.terminus.Preconditions;
import dev.terminus.agent.RunResult;

/**
 * A run resumed by {@link JdbcDecisions#resume}: the decision that resumed it (who, what, when) and the run's result.
 * The journal records the run with its decision ({@link RunJournal#record(Resumed)}).
 *
 * @param decision the gate's decision
 * @param result the resumed run's result
 */
public record Resumed(Decision decision, RunResult result) {
    /** Refuses nulls. */
    public Resumed {
        Preconditions.notNull(decision, "decision");
        Preconditions.notNull(result, "result");
    }
}
