package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.converge.Context;
import dev.terminus.converge.Fact;
import dev.terminus.converge.Provenance;
import dev.terminus.temporal.wire.FactPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A turn activity worker's copies of a convergence run's contexts: the workflow's log of facts refers to each cycle's
 * context by a number of entries, and a worker reads only the entries its copy lacks, replaying them by key.
 */
class ContextCacheTest {

    /** A workflow's ledger, counting the pages asked of it. */
    private static final class Workflow implements ContextCache.Source {
        final ContextLedger ledger = new ContextLedger();
        final List<Integer> asked = new ArrayList<>();

        @Override
        public FactPage page(int from) {
            asked.add(from);
            return ledger.page(from);
        }
    }

    private static Fact merged(String key, Object value, int cycle) {
        return new Fact(key, value, new Provenance("writer", cycle, 1.0));
    }

    @Test
    void aTurnReadsOnlyTheEntriesItsCopyLacksAndReplaysThemByKey() throws Exception {
        // given
        ContextCache cache = new ContextCache(ContextCache.DEFAULT_MAX_BYTES);
        Workflow workflow = new Workflow();
        Context first = Context.of(Map.of("document", "INV-0042"));
        Context second = first.with(merged("total", 100, 1)).with(merged("currency", "EUR", 1));
        Context third = second.with(merged("total", 119, 2));

        // when
        Context readFirst = cache.resolve("wf", "run-1", workflow.ledger.refer(first), workflow);
        Context readSecond = cache.resolve("wf", "run-1", workflow.ledger.refer(second), workflow);
        int entries = workflow.ledger.refer(third);
        Context readThird = cache.resolve("wf", "run-1", entries, workflow);
        Context again = cache.resolve("wf", "run-1", entries, workflow);

        // then
        assertThat(readFirst).isEqualTo(first);
        assertThat(readSecond).isEqualTo(second);
        assertThat(readThird).isEqualTo(third);
        assertThat(readThird.keys()).containsExactly("document", "total", "currency");
        assertThat(again).isEqualTo(third);
        assertThat(entries).as("the log holds every version of a key").isEqualTo(4);
        assertThat(workflow.asked).as("each entry read once").containsExactly(0, 1, 3);
    }

    @Test
    void anotherExecutionOfTheRunIsReadWholeOnce() throws Exception {
        // given
        ContextCache cache = new ContextCache(ContextCache.DEFAULT_MAX_BYTES);
        Workflow before = new Workflow();
        Context context = Context.of(Map.of("document", "INV-0042", "total", 119));
        cache.resolve("wf", "run-1", before.ledger.refer(context), before);
        Workflow continued = new Workflow();

        // when
        Context read = cache.resolve("wf", "run-2", continued.ledger.refer(context), continued);

        // then
        assertThat(read).isEqualTo(context);
        assertThat(continued.asked).containsExactly(0);
        assertThat(cache.size()).isEqualTo(2);
    }

    @Test
    void aContextLargerThanTheBoundIsReadEachTimeInsteadOfKept() throws Exception {
        // given
        ContextCache cache = new ContextCache(100);
        Workflow workflow = new Workflow();
        int entries = workflow.ledger.refer(Context.of(Map.of("essay", "e".repeat(1_000))));

        // when
        cache.resolve("wf", "run-1", entries, workflow);
        cache.resolve("wf", "run-1", entries, workflow);

        // then
        assertThat(workflow.asked).containsExactly(0, 0);
        assertThat(cache.size()).isZero();
    }
}
