package dev.terminus.pipeline.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CancellationTest {

    @Test
    void theFirstRequestWinsAndRunsTheHooksOnce() {
        // given
        Cancellation cancellation = new Cancellation();
        List<String> heard = new ArrayList<>();
        cancellation.onRequest(heard::add);

        // when
        String first = cancellation.request("operator");
        String second = cancellation.request("thread-interrupt");

        // then
        assertThat(first).isEqualTo("operator");
        assertThat(second).isEqualTo("operator");
        assertThat(heard).containsExactly("operator");
        assertThat(cancellation.isRequested()).isTrue();
        assertThat(cancellation.termination()).isEqualTo(new Termination.Cancelled("operator"));
    }

    @Test
    void aHookRegisteredAfterTheRequestRunsAtOnceAndAClosedOneNever() {
        // given
        Cancellation cancellation = new Cancellation();
        List<String> closedHook = new ArrayList<>();
        cancellation.onRequest(closedHook::add).close();
        cancellation.request(null);
        List<String> late = new ArrayList<>();

        // when
        cancellation.onRequest(by -> late.add(String.valueOf(by)));

        // then
        assertThat(closedHook).isEmpty();
        assertThat(late).containsExactly("null");
        assertThat(cancellation.termination()).isEqualTo(new Termination.Cancelled(null));
    }

    @Test
    void nothingIsRequestedAtFirst() {
        assertThat(new Cancellation().isRequested()).isFalse();
    }
}
