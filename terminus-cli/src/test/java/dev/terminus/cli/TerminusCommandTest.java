package dev.terminus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The top-level command: the embedded default, the version, help and usage errors. */
class TerminusCommandTest {

    @Test
    void withoutArgumentsShowsABannerTheCatalogueAnExampleExplanationAndWhereToGoNext() {
        // when
        Cli.Result result = Cli.run();

        // then
        assertThat(result.status()).isZero();
        assertThat(result.err()).isEmpty();
        List<String> lines = result.out().lines().toList();
        assertThat(lines.get(0)).startsWith("terminus 0.1.0-SNAPSHOT");
        int table = lines.indexOf(CasesCommand.table().get(0));
        int explanation = lines.indexOf("Case             TokenBudgetExhausted");
        assertThat(table).isPositive();
        assertThat(explanation).isGreaterThan(table + 33);
        assertThat(lines.subList(table, table + 34)).containsExactlyElementsOf(CasesCommand.table());
        assertThat(result.flatOut()).contains(
                "Raise the TOTAL token budget above 2000000 (2260112 were consumed) or reduce the task's scope.");
        assertThat(lines.get(lines.size() - 1)).contains("terminus --help").contains("lists the commands");
    }

    @Test
    void theDefaultExplainsTheSameWayAsExplainDoes() {
        // given
        String explained = Explanation.of(Samples.of("TokenBudgetExhausted")).toText();

        // when
        Cli.Result result = Cli.run();

        // then
        assertThat(result.out()).contains(explained);
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
                .containsPattern("(?m)^  cases ");
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
