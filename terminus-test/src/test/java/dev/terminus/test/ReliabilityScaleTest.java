package dev.terminus.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

@ResourceLock("system-properties")
class ReliabilityScaleTest {
    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(ReliabilityScale.PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(ReliabilityScale.PROPERTY);
        } else {
            System.setProperty(ReliabilityScale.PROPERTY, saved);
        }
    }

    @Test
    void withoutThePropertyEveryCountIsAsWritten() {
        // given
        System.clearProperty(ReliabilityScale.PROPERTY);
        // when
        int count = ReliabilityScale.times(10_000);
        // then
        assertThat(count).isEqualTo(10_000);
    }

    @Test
    void thePropertyMultipliesEveryCount() {
        // given
        System.setProperty(ReliabilityScale.PROPERTY, " 10 ");
        // when
        int count = ReliabilityScale.times(2_000);
        // then
        assertThat(count).isEqualTo(20_000);
    }

    @Test
    void aValueThatIsNotAPositiveIntegerIsRefusedByName() {
        for (String bad : new String[] {"0", "-3", "ten", "1.5"}) {
            // given
            System.setProperty(ReliabilityScale.PROPERTY, bad);
            // when / then
            assertThatThrownBy(() -> ReliabilityScale.times(1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("terminus.reliability.scale must be a positive integer, was '" + bad + "'");
        }
    }

    @Test
    void aProductBeyondAnIntIsRefusedInsteadOfWrappingAround() {
        // given
        System.setProperty(ReliabilityScale.PROPERTY, "1000000");
        // when / then
        assertThatThrownBy(() -> ReliabilityScale.times(10_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overflows");
    }
}
