package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The top-level command: the embedded default, the version, help and usage errors. */
class TerminusCommandTest {

    @Test
    void withoutArgumentsRunsTheDemoScenariosAsOneTable() {
        // when
        Cli.Result result = Cli.run();

        // then
        assertThat(result.status()).isZero();
        assertThat(result.err()).isEmpty();
        List<String> lines = result.out().lines().toList();
        assertThat(lines.get(0)).startsWith("terminus run --demo: 31 scripted scenarios");
        assertThat(result.out()).contains("Every scenario ended as expected.");
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("no-progress").contains("NoProgress").endsWith("ok"));
    }

    @Test
    void printsItsVersion() {
        // when
        Cli.Result result = Cli.run("--version");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).isEqualTo("terminus 0.1.0-SNAPSHOT" + System.lineSeparator());
    }

    @Test
    void helpListsTheCommands() {
        // when
        Cli.Result result = Cli.run("--help");

        // then
        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("Usage: terminus").containsPattern("(?m)^  explain ")
                .containsPattern("(?m)^  cases ").containsPattern("(?m)^  run ");
    }

    @Test
    void anUnknownCommandIsAUsageErrorOnOneLine() {
        // when
        Cli.Result result = Cli.run("frobnicate");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().asString()
                .startsWith("terminus: ").contains("frobnicate").contains("terminus --help");
    }
}
