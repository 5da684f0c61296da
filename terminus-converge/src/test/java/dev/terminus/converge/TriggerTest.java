package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class TriggerTest {

    @Test
    void anAlwaysTriggerFiresOnAnything() {
        // then
        assertThat(Trigger.always().firesOn(Set.of())).isTrue();
        assertThat(Trigger.always().runsAlways()).isTrue();
    }

    @Test
    void aKeyTriggerFiresOnlyWhenOneOfItsKeysChanged() {
        // given
        Trigger trigger = Trigger.on("date.raw", "total.raw");

        // then
        assertThat(trigger.firesOn(Set.of("total.raw", "x", "y", "z"))).isTrue();
        assertThat(trigger.firesOn(Set.of("date.raw"))).isTrue();
        assertThat(trigger.firesOn(Set.of("other"))).isFalse();
        assertThat(trigger.firesOn(Set.of())).isFalse();
        assertThat(trigger.inputs()).containsExactly("date.raw", "total.raw");
    }

    @Test
    void aOnceTriggerNeverFiresAfterTheFirstCycle() {
        // then
        assertThat(Trigger.once().firesOn(Set.of("anything"))).isFalse();
        assertThat(Trigger.once()).isEqualTo(Trigger.on());
    }

    @Test
    void badInputsAreRefused() {
        // when / then
        assertThatThrownBy(() -> Trigger.on("a", " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Trigger.inputs element must not be blank");
        assertThatThrownBy(() -> new Trigger(true, Set.of("a"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Trigger.inputs must be empty when the agent always runs, was [a]");
    }
}
