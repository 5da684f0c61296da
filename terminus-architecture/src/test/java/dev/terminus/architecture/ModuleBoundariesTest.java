package dev.terminus.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The module boundaries the build enforces (ADR 0014): no module's code uses another module's {@code internal}
 * package. What modules share is API or SPI.
 */
class ModuleBoundariesTest {
    /** Each module's root package. The core's is {@code dev.terminus} itself, which has no {@code internal} package. */
    private static final List<String> MODULE_PACKAGES = List.of("dev.terminus.jackson", "dev.terminus.agent",
            "dev.terminus.scripted", "dev.terminus.test", "dev.terminus.jsonschema", "dev.terminus.checkpoint", "dev.terminus.langchain4j",
            "dev.terminus.springai", "dev.terminus.springboot", "dev.terminus.opentelemetry", "dev.terminus.pipeline", "dev.terminus.eval", "dev.terminus.converge",
            "dev.terminus.temporal", "dev.terminus.cli", "dev.terminus.mcp");

    private static JavaClasses classes;

    @BeforeAll
    static void importTheModules() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.terminus");
    }

    @Test
    void everyModuleIsImported() {
        // then: a module missing from this module's dependencies would make its rule vacuous
        for (String module : MODULE_PACKAGES) {
            assertThat(classes.stream().anyMatch(type -> type.getPackageName().startsWith(module)))
                    .as("classes of %s are imported", module).isTrue();
        }
    }

    @TestFactory
    Stream<DynamicTest> noModuleUsesAnotherModulesInternalPackage() {
        return MODULE_PACKAGES.stream().map(module -> DynamicTest.dynamicTest(module + ".internal", () -> {
            ArchRule rule = noClasses().that().resideOutsideOfPackage(module + "..")
                    .should().dependOnClassesThat().resideInAPackage(module + ".internal..")
                    .because(module + ".internal is that module's implementation, not an API (ADR 0014)");
            rule.check(classes);
        }));
    }

    @Test
    void onlyTheCommandLineDependsOnTemporal() {
        // then: Temporal's SDK stays out of every library module (ADR 0018); the command line and the benchmarks may
        // use terminus-temporal (the benchmarks are not imported here, their own build keeps them apart)
        noClasses().that().resideOutsideOfPackages("dev.terminus.temporal..", "dev.terminus.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.terminus.temporal..", "io.temporal..")
                .because("only terminus-cli and the benchmarks may depend on terminus-temporal (ADR 0018)")
                .check(classes);
    }

    @Test
    void onlyTheSpringModulesDependOnSpring() {
        // then: Spring stays out of every other module, so users without Spring get none of it (ADR 0034)
        noClasses().that().resideOutsideOfPackages("dev.terminus.springai..", "dev.terminus.springboot..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("only terminus-spring-ai and terminus-spring-boot-starter may depend on Spring (ADR 0034)")
                .check(classes);
    }

    @Test
    void theCoreHasNoInternalPackage() {
        // then: what the modules share from the core is API (Preconditions, JsonTrees)
        assertThat(classes.stream().filter(type -> type.getPackageName().equals("dev.terminus.internal")))
                .isEmpty();
    }
}
