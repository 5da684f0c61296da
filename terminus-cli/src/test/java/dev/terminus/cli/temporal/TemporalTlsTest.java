package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.command.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --tls-cert --tls-key --tls-ca}: runs reach a worker over mutual TLS, or TLS with server authentication
 * only; a file that cannot be used and a handshake that fails are one line naming the option and the file, status 2.
 */
@Timeout(120)
class TemporalTlsTest {
    @RegisterExtension
    static final TlsTemporal temporal = new TlsTemporal();

    @TempDir
    Path dir;

    private Path scenario() throws Exception {
        return Files.writeString(dir.resolve("lookup.json"), """
                {"name": "lookup", "task": "Look order 42 up.",
                 "tools": [{"name": "lookup_order", "results": ["order 42: shipped"]}],
                 "script": [{"toolCalls": [{"name": "lookup_order", "arguments": {"order": 42}}]},
                            {"text": "Order 42 was shipped."}]}
                """);
    }

    private static Cli.Result runScenario(Path file, String address, String... tls) {
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--temporal", address,
                "--task-queue", TlsTemporal.TASK_QUEUE));
        args.addAll(List.of(tls));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void aScenarioRunsOverMutualTlsOnAWorkerThatConnectsOverMutualTls() throws Exception {
        // given
        Path file = scenario();
        TestCertificates pki = temporal.certificates();

        // when
        Cli.Result result = runScenario(file, temporal.mutual().address(), "--tls-cert", pki.client().toString(),
                "--tls-key", pki.clientKey().toString(), "--tls-ca", pki.ca().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("NaturalCompletion").contains("Order 42 was shipped.");
    }

    @Test
    void theCaAloneIsTlsWithServerAuthenticationOnly() throws Exception {
        // given
        Path file = scenario();

        // when
        Cli.Result result = runScenario(file, temporal.serverOnly().address(),
                "--tls-ca", temporal.certificates().ca().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("Order 42 was shipped.");
    }

    @Test
    void aFrontendSignedByAnotherCaFailsInOneLineNamingTheCaWithinTheConnectTimeout() throws Exception {
        // given
        Path file = scenario();
        String other = temporal.certificates().otherCa().toString();
        long start = System.nanoTime();

        // when
        Cli.Result result = runScenario(file, temporal.serverOnly().address(), "--tls-ca", other);

        // then
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --tls-ca " + other
                + ": Temporal at " + temporal.serverOnly().address() + " presented a certificate that this CA does"
                + " not vouch for (");
        assertThat(result.out()).isEmpty();
        assertThat(took).isLessThan(TemporalConnection.CONNECT_TIMEOUT.plusSeconds(3));
    }

    @Test
    void aFrontendThatAsksForAClientCertificateFailsInOneLineSayingSo() throws Exception {
        // given
        Path file = scenario();

        // when
        Cli.Result result = runScenario(file, temporal.mutual().address(),
                "--tls-ca", temporal.certificates().ca().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: --temporal: the TLS handshake with Temporal at " + temporal.mutual().address()
                        + " failed (")
                .endsWith("; it asks for a client certificate: --tls-cert and --tls-key");
    }

    @Test
    void aFrontendWithoutTlsIsOneLineSayingSo() throws Exception {
        // given
        Path file = scenario();
        String ca = temporal.certificates().ca().toString();

        // when
        Cli.Result result = runScenario(file, temporal.plainAddress(), "--tls-ca", ca);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --temporal: Temporal at " + temporal.plainAddress()
                + " does not answer in TLS (a frontend without TLS, such as temporal server start-dev, is reached"
                + " without --tls-ca, --tls-cert and --api-key-env)");
    }

    @Test
    void aMissingFileIsOneLineNamingTheOptionAndTheFile() {
        // given
        String missing = dir.resolve("missing.pem").toString();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.serverOnly().address(),
                "--tls-ca", missing);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-ca " + missing + ": no such file");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void anUnreadableFileIsOneLineNamingTheOptionAndTheFile() {
        // given a directory, which no one reads as a file (root reads files whatever their modes)
        String unreadable = dir.toString();
        TestCertificates pki = temporal.certificates();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.mutual().address(),
                "--tls-cert", unreadable, "--tls-key", pki.clientKey().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-cert " + unreadable + ": is a directory");
    }

    @Test
    void aFileThatIsNotPemIsOneLineNamingTheOptionAndTheFile() throws Exception {
        // given
        String json = scenario().toString();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.serverOnly().address(), "--tls-ca", json);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-ca " + json
                + ": is not a PEM certificate (no -----BEGIN CERTIFICATE----- block)");
    }

    @Test
    void aKeyGivenAsTheCertificateIsOneLineSayingWhatTheFileHolds() {
        // given
        TestCertificates pki = temporal.certificates();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.mutual().address(),
                "--tls-cert", pki.clientKey().toString(), "--tls-key", pki.client().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-cert " + pki.clientKey()
                + ": is not a PEM certificate (it holds a private key)");
    }

    @Test
    void aCertificateGivenAsTheKeyIsOneLineNamingTheKeyOption() {
        // given
        TestCertificates pki = temporal.certificates();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.mutual().address(),
                "--tls-cert", pki.client().toString(), "--tls-key", pki.ca().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-key " + pki.ca()
                + ": is not a PEM private key (no -----BEGIN PRIVATE KEY----- block)");
    }

    @Test
    void anotherCertificatesKeyIsOneLineNamingBothFiles() {
        // given
        TestCertificates pki = temporal.certificates();

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.mutual().address(),
                "--tls-cert", pki.client().toString(), "--tls-key", pki.serverKey().toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-key " + pki.serverKey()
                + ": is not the private key of the certificate in --tls-cert " + pki.client());
    }

    @Test
    void aKeyInPkcs1IsOneLineSayingHowToConvertIt() throws Exception {
        // given
        TestCertificates pki = temporal.certificates();
        Path pkcs1 = Files.writeString(dir.resolve("rsa-key.pem"),
                "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAL8=\n-----END RSA PRIVATE KEY-----\n");

        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.mutual().address(),
                "--tls-cert", pki.client().toString(), "--tls-key", pkcs1.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --tls-key " + pkcs1 + ": holds a key as RSA PRIVATE"
                + " KEY; give it unencrypted in PKCS#8 (BEGIN PRIVATE KEY: openssl pkcs8 -topk8 -nocrypt -in "
                + pkcs1 + ")");
    }
}
