package dev.terminus.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProviderSettingsTest {

    @Test
    void theDefaultsAreTheProvidersOwnApiAndTwoMinutes() {
        // when
        ProviderSettings settings = ProviderSettings.ofDefaults();

        // then
        assertThat(settings.baseUrl()).isEmpty();
        assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(120)).isEqualTo(ProviderSettings.DEFAULT_TIMEOUT);
        assertThat(ProviderSettings.custom().build()).isEqualTo(settings).hasSameHashCodeAs(settings);
    }

    @Test
    void customSettingsKeepWhatWasSet() {
        // when
        ProviderSettings settings = ProviderSettings.custom().baseUrl("https://llm-proxy.internal/v1")
                .timeout(Duration.ofSeconds(30)).build();

        // then
        assertThat(settings.baseUrl()).contains("https://llm-proxy.internal/v1");
        assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings).isNotEqualTo(ProviderSettings.ofDefaults())
                .hasToString("ProviderSettings[baseUrl=https://llm-proxy.internal/v1, timeout=PT30S]");
    }

    @Test
    void aBadValueIsRefusedNamingTheSettingAndTheValue() {
        // given / when / then
        assertThatThrownBy(() -> ProviderSettings.custom().baseUrl("ftp://example.com"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseUrl must be an http(s) URL, was \"ftp://example.com\"");
        assertThatThrownBy(() -> ProviderSettings.custom().baseUrl("http://"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseUrl must be an http(s) URL, was \"http://\"");
        assertThatThrownBy(() -> ProviderSettings.custom().timeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("timeout must be positive, was PT0S");
        assertThatThrownBy(() -> ProviderSettings.custom().baseUrl(null))
                .isInstanceOf(NullPointerException.class).hasMessage("baseUrl must not be null");
        assertThatThrownBy(() -> ProviderSettings.custom().timeout(null))
                .isInstanceOf(NullPointerException.class).hasMessage("timeout must not be null");
    }
}
