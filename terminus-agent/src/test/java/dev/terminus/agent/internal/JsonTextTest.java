package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTextTest {

    record Forecast(String city, double celsius, List<String> warnings) {}

    enum Level { LOW, HIGH }

    @Test
    void aStringResultIsTheTextAsIsNotQuoted() {
        // when
        String text = JsonText.resultText("it is \"sunny\"\n");

        // then
        assertThat(text).isEqualTo("it is \"sunny\"\n");
    }

    @Test
    void aNullResultIsTheEmptyText() {
        // when / then
        assertThat(JsonText.resultText(null)).isEmpty();
    }

    @Test
    void aRecordResultIsWrittenAsJson() {
        // given
        Forecast forecast = new Forecast("Oslo", -3.5, List.of("ice"));

        // when
        String text = JsonText.resultText(forecast);

        // then
        assertThat(text).isEqualTo("{\"city\":\"Oslo\",\"celsius\":-3.5,\"warnings\":[\"ice\"]}");
    }

    @Test
    void aMapResultIsWrittenAsJsonInItsOrder() {
        // given
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("b", 1);
        map.put("a", List.of(true, "x"));
        map.put("c", null);

        // when
        String text = JsonText.resultText(map);

        // then
        assertThat(text).isEqualTo("{\"b\":1,\"a\":[true,\"x\"],\"c\":null}");
    }

    @Test
    void numbersBooleansAndEnumsAreWrittenAsJson() {
        // when / then
        assertThat(JsonText.resultText(42)).isEqualTo("42");
        assertThat(JsonText.resultText(2.5)).isEqualTo("2.5");
        assertThat(JsonText.resultText(new BigDecimal("0.10"))).isEqualTo("0.10");
        assertThat(JsonText.resultText(true)).isEqualTo("true");
        assertThat(JsonText.resultText(Level.HIGH)).isEqualTo("\"HIGH\"");
    }

    @Test
    void anEmptyStringStaysEmpty() {
        // when / then
        assertThat(JsonText.resultText("")).isEmpty();
    }

    @Test
    void writeOfNullIsTheJsonNull() {
        // when / then
        assertThat(JsonText.write(null)).isEqualTo("null");
    }

    @Test
    void aValueJacksonCannotWriteIsRefusedNamingItsClass() {
        // given: a bean without properties
        Object opaque = new Opaque();

        // when / then
        assertThatThrownBy(() -> JsonText.resultText(opaque))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot write " + Opaque.class.getName() + " as JSON: ");
    }

    @Test
    void convertTurnsAMapIntoARecord() {
        // given
        Map<String, Object> value = Map.of("city", "Oslo", "celsius", 2, "warnings", List.of());

        // when
        Object converted = JsonText.convert(value, JsonText.type(Forecast.class));

        // then
        assertThat(converted).isEqualTo(new Forecast("Oslo", 2.0, List.of()));
    }

    static final class Opaque {}

    record Timed(String step, java.time.Duration took) {}

    record Noted(String step, java.util.Optional<String> note) {}

    @Test
    void aResultWithAJavaTimeValueIsWrittenAsJson() {
        // given
        Timed timed = new Timed("build", java.time.Duration.ofSeconds(2));

        // when
        String text = JsonText.resultText(timed);

        // then
        assertThat(text).isEqualTo("{\"step\":\"build\",\"took\":\"PT2S\"}");
    }

    @Test
    void aResultWithAnOptionalIsWrittenAsJson() {
        // given
        Noted noted = new Noted("build", java.util.Optional.of("cached"));

        // when
        String text = JsonText.resultText(noted);

        // then
        assertThat(text).isEqualTo("{\"step\":\"build\",\"note\":\"cached\"}");
    }

    record Logged(java.time.Instant at, java.time.LocalDate day, java.time.OffsetDateTime when) {}

    @Test
    void javaTimeValuesAreWrittenAsIsoStrings() {
        // given
        Logged logged = new Logged(java.time.Instant.parse("2025-03-04T05:06:07Z"), java.time.LocalDate.of(2025, 3, 4),
                java.time.OffsetDateTime.parse("2025-03-04T05:06:07+02:00"));

        // when
        String text = JsonText.resultText(logged);

        // then
        assertThat(text).isEqualTo("{\"at\":\"2025-03-04T05:06:07Z\",\"day\":\"2025-03-04\","
                + "\"when\":\"2025-03-04T05:06:07+02:00\"}");
    }

    @Test
    void anEmptyOptionalIsWrittenAsNull() {
        // when
        String text = JsonText.resultText(new Noted("build", java.util.Optional.empty()));

        // then
        assertThat(text).isEqualTo("{\"step\":\"build\",\"note\":null}");
    }

    @Test
    void anIsoStringConvertsToAJavaTimeValue() {
        // when
        Object converted = JsonText.convert("PT1M30S", JsonText.type(java.time.Duration.class));

        // then
        assertThat(converted).isEqualTo(java.time.Duration.ofSeconds(90));
    }

    @Test
    void aFractionalNumberIsNotTruncatedIntoAnInteger() {
        // when / then
        assertThatThrownBy(() -> JsonText.convert(4.5, JsonText.type(int.class)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JsonText.convert(List.of(1, 2.5), JsonText.type(int[].class)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JsonText.convert(Map.of("n", 9.99), JsonText.type(Counted.class)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(JsonText.convert(Map.of("n", 9), JsonText.type(Counted.class))).isEqualTo(new Counted(9L));
    }

    record Counted(long n) {}
}
