package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.CompactionStrategy;
import dev.terminus.agent.spi.TokenEstimator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CompactionTest {

    @Test
    void defaultsDropTheOldestTurnsAtThresholdEightyPercentTargetFiftyPercentWithoutWindows() {
        // when
        Compaction compaction = Compaction.custom().build();

        // then
        assertThat(compaction.strategy()).isSameAs(CompactionStrategies.dropOldestTurns());
        assertThat(compaction.threshold()).isEqualTo(0.8);
        assertThat(compaction.target()).isEqualTo(0.5);
        assertThat(compaction.contextWindow("gpt-4o")).isEmpty();
        assertThat(compaction.estimator().estimate(List.of(new dev.terminus.Message.User("12345678"))))
                .isEqualTo(TokenEstimator.ofDefaults().estimate(List.of(new dev.terminus.Message.User("12345678"))))
                .isEqualTo(6);
    }

    @Test
    void ofDefaultsIsWhatCustomBuildsWithoutChanges() {
        // when
        Compaction defaults = Compaction.ofDefaults();

        // then
        assertThat(defaults).hasToString(Compaction.custom().build().toString());
        assertThat(defaults.strategy()).isSameAs(CompactionStrategies.dropOldestTurns());
        assertThat(defaults.contextWindow("gpt-4o")).isEmpty();
    }

    @Test
    void everySetterIsReflectedInTheBuiltSettings() {
        // given
        CompactionStrategy strategy = request -> new CompactionStrategy.Compacted(request.messages(), Usage.ZERO);
        TokenEstimator estimator = messages -> 42;

        // when
        Compaction compaction = Compaction.custom().strategy(strategy).estimator(estimator)
                .contextWindow("gpt-4o-mini", 128_000).defaultContextWindow(8_000L).threshold(0.9).target(0.6)
                .build();

        // then
        assertThat(compaction.strategy()).isSameAs(strategy);
        assertThat(compaction.estimator()).isSameAs(estimator);
        assertThat(compaction.threshold()).isEqualTo(0.9);
        assertThat(compaction.target()).isEqualTo(0.6);
        assertThat(compaction.contextWindow("gpt-4o-mini")).contains(128_000L);
    }

    @Test
    void aModelsOwnWindowWinsOverTheDefaultWhichServesTheOthers() {
        // given
        Compaction compaction = Compaction.custom().contextWindow("small", 8_000).defaultContextWindow(32_000L).build();

        // when / then
        assertThat(compaction.contextWindow("small")).contains(8_000L);
        assertThat(compaction.contextWindow("unknown")).contains(32_000L);
    }

    @Test
    void withoutADefaultAModelWithoutItsOwnWindowHasNone() {
        // given
        Compaction compaction = Compaction.custom().contextWindow("small", 8_000).build();

        // when / then
        assertThat(compaction.contextWindow("small")).contains(8_000L);
        assertThat(compaction.contextWindow("unknown")).isEmpty();
    }

    @Test
    void aDefaultWindowSetTwiceKeepsTheLastValue() {
        // when
        Compaction compaction = Compaction.custom().defaultContextWindow(32_000L).defaultContextWindow(8_000L).build();

        // then
        assertThat(compaction.contextWindow("any")).contains(8_000L);
    }

    @Test
    void aModelsWindowSetTwiceKeepsTheLastValue() {
        // when
        Compaction compaction = Compaction.custom().contextWindow("m", 1_000).contextWindow("m", 2_000).build();

        // then
        assertThat(compaction.contextWindow("m")).contains(2_000L);
    }

    @Test
    void laterBuilderChangesDoNotAffectABuiltCompaction() {
        // given
        Compaction.Builder builder = Compaction.custom().contextWindow("m", 1_000);
        Compaction built = builder.build();

        // when
        builder.contextWindow("m", 2_000).contextWindow("other", 3_000);

        // then
        assertThat(built.contextWindow("m")).contains(1_000L);
        assertThat(built.contextWindow("other")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void aModelWindowBelowOneIsRefusedNamingTheModelAndTheValue(long tokens) {
        // when / then
        assertThatThrownBy(() -> Compaction.custom().contextWindow("gpt-4o", tokens))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("contextWindow(gpt-4o) must be >= 1, was " + tokens);
    }

    @Test
    void aDefaultWindowBelowOneIsRefusedNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> Compaction.custom().defaultContextWindow(0L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("defaultContextWindow must be >= 1, was 0");
    }

    @Test
    void aWindowOfOneTokenIsAllowed() {
        // when
        Compaction compaction = Compaction.custom().contextWindow("m", 1).defaultContextWindow(1L).build();

        // then
        assertThat(compaction.contextWindow("m")).contains(1L);
        assertThat(compaction.contextWindow("other")).contains(1L);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.1, 1.01, Double.NaN, Double.POSITIVE_INFINITY})
    void aThresholdOutsideZeroToOneIsRefusedNamingTheValue(double threshold) {
        // when / then
        assertThatThrownBy(() -> Compaction.custom().threshold(threshold))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threshold must be in (0, 1], was " + threshold);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.5, 1.5, Double.NaN})
    void aTargetOutsideZeroToOneIsRefusedNamingTheValue(double target) {
        // when / then
        assertThatThrownBy(() -> Compaction.custom().target(target))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target must be in (0, 1], was " + target);
    }

    @Test
    void aThresholdAndTargetOfOneAreAllowed() {
        // when
        Compaction compaction = Compaction.custom().threshold(1.0).target(1.0).build();

        // then
        assertThat(compaction.threshold()).isEqualTo(1.0);
        assertThat(compaction.target()).isEqualTo(1.0);
    }

    @Test
    void aTargetAboveTheThresholdIsRefusedNamingBoth() {
        // given
        Compaction.Builder builder = Compaction.custom().threshold(0.6).target(0.7);

        // when / then
        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target (0.7) must not be above threshold (0.6): compaction would start again at once");
    }

    @Test
    void aThresholdBelowTheDefaultTargetIsRefusedAtBuild() {
        // given
        Compaction.Builder builder = Compaction.custom().threshold(0.3);

        // when / then
        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target (0.5) must not be above threshold (0.3): compaction would start again at once");
    }

    @Test
    void aTargetEqualToTheThresholdIsAllowed() {
        // when
        Compaction compaction = Compaction.custom().threshold(0.7).target(0.7).build();

        // then
        assertThat(compaction.target()).isEqualTo(compaction.threshold()).isEqualTo(0.7);
    }

    @Test
    void nullSettingsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> Compaction.custom().strategy(null))
                .isInstanceOf(NullPointerException.class).hasMessage("strategy must not be null");
        assertThatThrownBy(() -> Compaction.custom().estimator(null))
                .isInstanceOf(NullPointerException.class).hasMessage("estimator must not be null");
        assertThatThrownBy(() -> Compaction.custom().contextWindow(null, 1_000))
                .isInstanceOf(NullPointerException.class).hasMessage("modelName must not be null");
    }

    @Test
    void toStringShowsTheStrategyWindowsAndFractions() {
        // when
        String text = Compaction.custom().contextWindow("m", 1_000).defaultContextWindow(2_000L).build().toString();

        // then
        assertThat(text).isEqualTo(
                "Compaction[strategy=dropOldestTurns, windows={m=1000}, default=2000, threshold=0.8, target=0.5]");
    }
}
