package dev.terminus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Bad values of {@code --temporal} and an unreachable Temporal are one line on standard error and status 2. */
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
}
