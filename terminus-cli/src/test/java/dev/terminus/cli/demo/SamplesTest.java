package dev.terminus.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.cli.command.GoldenFiles;
import dev.terminus.cli.output.Wire;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The samples: one per framework case, in catalogue order, with the golden vectors' facts. */
class SamplesTest {

    @Test
    void thereIsOneSamplePerFrameworkCaseInCatalogueOrder() {
        // when
        Stream<String> tags = Samples.all().stream().map(Termination::tag);

        // then
        assertThat(tags).containsExactlyElementsOf(TerminusModule.frameworkCaseFields().keySet());
    }

    static Stream<Path> goldenFiles() {
        return GoldenFiles.caseFiles().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void theSampleOfACaseEqualsItsGoldenVector(Path file) throws IOException {
        // given
        Termination golden = Wire.MAPPER.readValue(file.toFile(), Termination.class);

        // when
        Termination sample = Samples.of(GoldenFiles.caseName(file));

        // then
        assertThat(sample).isEqualTo(golden);
    }

    @Test
    void anUnknownCaseHasNoSample() {
        // then
        assertThatThrownBy(() -> Samples.of("Nope")).isInstanceOf(NoSuchElementException.class).hasMessageContaining("Nope");
    }
}
