package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PriceTableTest {

    private static final ModelPrice GPT_4O = ModelPrice.of("2.50", "10.00");
    private static final ModelPrice MINI = ModelPrice.of("0.15", "0.60");

    @Test
    void priceOfFindsAPriceByModelName() {
        // given
        PriceTable table = PriceTable.builder().price("gpt-4o", GPT_4O).price("gpt-4o-mini", MINI).build();

        // when / then
        assertThat(table.priceOf("gpt-4o")).contains(GPT_4O);
        assertThat(table.priceOf("gpt-4o-mini")).contains(MINI);
    }

    @Test
    void priceOfAnUnknownModelIsEmpty() {
        // given
        PriceTable table = PriceTable.builder().price("gpt-4o", GPT_4O).build();

        // when / then
        assertThat(table.priceOf("claude")).isEmpty();
    }

    @Test
    void lookupIsExactNotByPrefixOrCase() {
        // given
        PriceTable table = PriceTable.builder().price("gpt-4o", GPT_4O).build();

        // when / then
        assertThat(table.priceOf("GPT-4O")).isEmpty();
        assertThat(table.priceOf("gpt-4o-mini")).isEmpty();
        assertThat(table.priceOf("gpt-4")).isEmpty();
    }

    @Test
    void emptyTableHasNoPrices() {
        // when / then
        assertThat(PriceTable.EMPTY.prices()).isEmpty();
        assertThat(PriceTable.EMPTY.priceOf("gpt-4o")).isEmpty();
    }

    @Test
    void aLaterPriceForTheSameModelReplacesTheEarlierOne() {
        // given
        PriceTable.Builder builder = PriceTable.builder().price("gpt-4o", GPT_4O);

        // when
        PriceTable table = builder.price("gpt-4o", MINI).build();

        // then
        assertThat(table.priceOf("gpt-4o")).contains(MINI);
        assertThat(table.prices()).hasSize(1);
    }

    @Test
    void pricesAreUnmodifiable() {
        // given
        PriceTable table = PriceTable.builder().price("gpt-4o", GPT_4O).build();

        // when / then
        assertThatThrownBy(() -> table.prices().put("other", MINI))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(table.prices()).containsOnlyKeys("gpt-4o");
    }

    @Test
    void changingTheBuilderAfterBuildLeavesTheTableUnchanged() {
        // given
        PriceTable.Builder builder = PriceTable.builder().price("gpt-4o", GPT_4O);
        PriceTable table = builder.build();

        // when
        builder.price("gpt-4o-mini", MINI);

        // then
        assertThat(table.priceOf("gpt-4o-mini")).isEmpty();
        assertThat(builder.build().priceOf("gpt-4o-mini")).contains(MINI);
    }

    @Test
    void blankModelNameIsRefusedNamingTheSetting() {
        // when / then
        assertThatThrownBy(() -> PriceTable.builder().price(" ", GPT_4O))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("model must not be blank, was \" \"");
    }

    @Test
    void nullModelNameOrPriceIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> PriceTable.builder().price(null, GPT_4O))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("model must not be null");
        assertThatThrownBy(() -> PriceTable.builder().price("gpt-4o", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("price must not be null");
    }

    @Test
    void priceOfANullModelIsRefusedNamingIt() {
        // given
        PriceTable table = PriceTable.builder().price("gpt-4o", GPT_4O).build();

        // when / then
        assertThatThrownBy(() -> table.priceOf(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("model must not be null");
        assertThatThrownBy(() -> PriceTable.EMPTY.priceOf(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("model must not be null");
    }
}
