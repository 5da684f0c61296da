package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.command.Cli;
import dev.terminus.cli.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --api-key-env VAR}: the key is read from the variable, sent as {@code Authorization: Bearer <key>} over TLS
 * by {@code run}, {@code eval}, {@code resume} and {@code worker}, and never printed; an unset or empty variable and
 * a refused key are one line naming the variable, status 2.
 */
@Timeout(120)
class TemporalAuthTest {
    private static final String VARIABLE = "TERMINUS_TEST_TEMPORAL_API_KEY";

    @RegisterExtension
    static final TlsTemporal temporal = new TlsTemporal();

    @TempDir
    Path dir;

    private static Cli.Result withKey(String key, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--task-queue", TlsTemporal.TASK_QUEUE, "--api-key-env", VARIABLE));
        return Cli.withEnvironment(Map.of(VARIABLE, key), all.toArray(String[]::new));
    }

    private String ca() {
        return temporal.certificates().ca().toString();
    }

    private static void assertKeyNeverShown(Cli.Result result) {
        assertThat(result.out()).doesNotContain(TlsTemporal.API_KEY);
        assertThat(result.err()).doesNotContain(TlsTemporal.API_KEY);
    }

    @Test
    void aRunSendsTheKeyAsABearerTokenOverTlsAndReachesTheWorker() throws Exception {
        // given
        Path file = Files.writeString(dir.resolve("hello.json"),
                "{\"task\": \"Say hello.\", \"script\": [{\"text\": \"Hello.\"}]}");
        int before = temporal.apiKey().authorizations().size();

        // when
        Cli.Result result = withKey(TlsTemporal.API_KEY, "run", file.toString(),
                "--temporal", temporal.apiKey().address(), "--tls-ca", ca());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("NaturalCompletion").contains("Hello.");
        List<String> seen = temporal.apiKey().authorizations();
        assertThat(seen.subList(before, seen.size())).isNotEmpty().containsOnly("Bearer " + TlsTemporal.API_KEY);
        assertKeyNeverShown(result);
    }

    @Test
    void anEvaluationOnTemporalSendsTheKeyToo() throws Exception {
        // given
        Path suite = Files.writeString(dir.resolve("suite.json"), """
                {"name": "capitals", "evaluator": {"type": "exact"},
                 "agent": {"system": "Answer with the capital city only.", "script": [{"text": "Oslo"}]},
                 "tasks": [{"id": "norway", "input": "Capital of Norway?", "expected": "Oslo"}]}
                """);

        // when
        Cli.Result result = withKey(TlsTemporal.API_KEY, "eval", suite.toString(),
                "--temporal", temporal.apiKey().address(), "--tls-ca", ca(), "--out", dir.resolve("out").toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Pass rate 100.0%");
        assertKeyNeverShown(result);
    }

    @Test
    void aResumeConnectsWithTheKeyAndTellsAnUnknownWorkflow() {
        // when
        Cli.Result result = withKey(TlsTemporal.API_KEY, "resume", "--temporal", temporal.apiKey().address(),
                "--tls-ca", ca(), "terminus-run-nothing-here", "--approve");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: no workflow terminus-run-nothing-here in namespace"
                + " default at " + temporal.apiKey().address());
        assertKeyNeverShown(result);
    }

    @Test
    void aWorkerConnectsWithTheKeyAndPollsUntilStopped() throws Exception {
        // given
        AtomicReference<Cli.Result> worker = new AtomicReference<>();
        Thread thread = new Thread(() -> worker.set(withKey(TlsTemporal.API_KEY, "worker",
                "--temporal", temporal.apiKey().address(), "--tls-ca", ca())), "terminus-api-key-worker");
        thread.start();
        Thread.sleep(3_000);

        // when
        thread.interrupt();
        thread.join(30_000);

        // then
        assertThat(worker.get().status()).as(worker.get().err()).isZero();
        assertThat(worker.get().out()).startsWith("terminus worker: polling task queue " + TlsTemporal.TASK_QUEUE);
        assertKeyNeverShown(worker.get());
    }

    @Test
    void aKeyTheFrontendRefusesIsOneLineNamingTheVariableNotTheKey() {
        // given
        String wrong = TlsTemporal.API_KEY + "-revoked";

        // when
        Cli.Result result = withKey(wrong, "run", "--demo", "--temporal", temporal.apiKey().address(),
                "--tls-ca", ca());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --api-key-env " + VARIABLE
                + ": Temporal at " + temporal.apiKey().address() + " refused the key: UNAUTHENTICATED");
        assertThat(result.err()).doesNotContain(wrong);
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aKeyWithoutACaIsTlsAgainstTheJdksTrustStore() {
        // when
        Cli.Result result = withKey(TlsTemporal.API_KEY, "run", "--demo", "--temporal", temporal.apiKey().address());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: --temporal: Temporal at "
                + temporal.apiKey().address() + " presented a certificate that the JDK's trust store does not vouch"
                + " for (").endsWith("; give its CA with --tls-ca FILE");
        assertKeyNeverShown(result);
    }

    @Test
    void anUnsetVariableIsOneLineNamingIt() {
        // when
        Cli.Result result = Cli.withEnvironment(Map.of(), "run", "--demo", "--temporal", temporal.apiKey().address(),
                "--api-key-env", VARIABLE);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --api-key-env " + VARIABLE
                + ": the environment variable is not set");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void anEmptyVariableIsOneLineNamingIt() {
        // when
        Cli.Result result = withKey("  ", "eval", "--demo", "--temporal", temporal.apiKey().address(),
                "--out", dir.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --api-key-env " + VARIABLE
                + ": the environment variable is empty");
        assertThat(dir.resolve("report.jsonl")).doesNotExist();
    }

    @Test
    void theKeyGivenInsteadOfTheVariablesNameIsNeverEchoed() {
        // when
        Cli.Result result = Cli.run("run", "--demo", "--temporal", temporal.apiKey().address(),
                "--api-key-env", TlsTemporal.API_KEY);

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: --api-key-env: takes the NAME of an environment"
                + " variable (letters, digits and _, not starting with a digit) that holds the key, never the key"
                + " itself");
        assertKeyNeverShown(result);
    }

    @Test
    void itsTextNamesTheVariableNeverTheKey() throws BadInputException {
        // given
        TemporalOptions options = new TemporalOptions();
        options.temporal = temporal.apiKey().address();
        options.apiKeyEnv = VARIABLE;

        // when
        String text = TemporalAuth.of(options, Map.of(VARIABLE, TlsTemporal.API_KEY)).toString();

        // then
        assertThat(text).contains(VARIABLE).doesNotContain(TlsTemporal.API_KEY);
    }
}
