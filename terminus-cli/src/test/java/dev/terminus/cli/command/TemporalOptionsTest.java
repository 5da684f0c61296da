package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bad values of {@code --temporal}, an unreachable Temporal, and TLS or API-key options that cannot go together are
 * one line on standard error and status 2.
 */
@Timeout(60)
class TemporalOptionsTest {

    @Test
    void aValueThatIsNeitherHostPortNorEmbeddedNamesTheOptionAndTheValue() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "localhost");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(
                "terminus: --temporal: \"localhost\" is not HOST:PORT (e.g. localhost:7233) or embedded");
    }

    @Test
    void aPortOutOfRangeIsRefusedNamingTheOptionAndTheValue() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "localhost:70000");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --temporal: \"localhost:70000\"");
    }

    @Test
    void anUnreachableAddressIsOneLineAndStatusTwo() {
        // given
        int closed = TemporalServer.freePort();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "localhost:" + closed);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: --temporal: cannot reach Temporal at localhost:" + closed + ": ");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void resumeOnAnUnreachableAddressIsOneLineAndStatusTwo() {
        // given
        int closed = TemporalServer.freePort();

        // when
        Cli.Result result = Cli.run("resume", "--temporal", "localhost:" + closed, "some-workflow", "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: --temporal: cannot reach Temporal at localhost:" + closed + ": ");
    }

    @Test
    void aProviderWithTemporalIsRefused() {
        // when
        Cli.Result result = Cli.run("run", "x.json", "--temporal", "embedded", "--provider", "openai");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --temporal runs scripted scenarios on a worker;"
                + " --provider works without --temporal only");
    }

    @Test
    void theDemoOnTheEmbeddedServerEndsAsExpectedAndShowsTheGateAnsweredThroughTheUpdate() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("Every scenario ended as expected.",
                "approved through the workflow's answer update, the run then ended NaturalCompletion (SUCCEEDED).");
    }

    @Test
    void aTlsOptionWithTheEmbeddedServerNamesTheOptionAndTheFile() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "embedded", "--tls-ca", "ca.pem");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-ca ca.pem: --temporal embedded runs in this"
                + " process, without TLS or API keys; give the HOST:PORT of a Temporal frontend");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void anApiKeyWithTheEmbeddedServerNamesTheOptionAndTheVariable() {
        // when
        Cli.Result result = Cli.run("eval", "--demo", "--temporal", "embedded", "--api-key-env", "TEMPORAL_API_KEY");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --api-key-env TEMPORAL_API_KEY: --temporal embedded"
                + " runs in this process, without TLS or API keys; give the HOST:PORT of a Temporal frontend");
    }

    @Test
    void aTlsOptionWithoutTemporalNamesTheOptionAndTheFile() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--tls-cert", "client.pem", "--tls-key", "client-key.pem");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-cert client.pem: needs --temporal HOST:PORT"
                + " (TLS and API keys are for a Temporal frontend)");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void anApiKeyWithoutTemporalIsRefusedByResumeAndEvalToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        // when
        Cli.Result resume = Cli.run("resume", dir.resolve("paused.json").toString(), "--approve",
                "--api-key-env", "TEMPORAL_API_KEY");
        Cli.Result eval = Cli.run("eval", "--demo", "--out", dir.toString(), "--api-key-env", "TEMPORAL_API_KEY");

        // then
        for (Cli.Result result : java.util.List.of(resume, eval)) {
            assertThat(result.status()).isEqualTo(2);
            assertThat(result.errLines()).containsExactly("terminus: --api-key-env TEMPORAL_API_KEY: needs --temporal"
                    + " HOST:PORT (TLS and API keys are for a Temporal frontend)");
        }
        assertThat(dir.resolve("report.jsonl")).doesNotExist();
    }

    @Test
    void aCertificateWithoutItsKeyNamesTheOptionAndTheFile() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", "localhost:7233", "--tls-cert", "client.pem");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-cert client.pem: needs --tls-key FILE, the"
                + " certificate's private key (PEM, PKCS#8)");
    }

    @Test
    void aKeyWithoutItsCertificateNamesTheOptionAndTheFile() {
        // when
        Cli.Result result = Cli.run("worker", "--temporal", "localhost:7233", "--tls-key", "client-key.pem");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-key client-key.pem: needs --tls-cert FILE, the"
                + " certificate chain (PEM) the key belongs to");
    }
}
