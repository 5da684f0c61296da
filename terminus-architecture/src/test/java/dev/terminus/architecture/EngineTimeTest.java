package dev.terminus.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The engines read time and wait for it through their run's clock only (ADR 0017): a manual clock then times every
 * wait of a test, and a workflow's clock every wait of a workflow. The clocks themselves are the exception.
 */
class EngineTimeTest {

    @Test
    void theEnginesReadTimeOnlyThroughTheRunsClock() {
        // given
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.terminus");

        // then
        noClasses().that().resideInAnyPackage("dev.terminus.agent..", "dev.terminus.pipeline..",
                        "dev.terminus.converge..", "dev.terminus.eval..", "dev.terminus.checkpoint..",
                        "dev.terminus.temporal.internal..")
                .and().doNotHaveFullyQualifiedName("dev.terminus.agent.control.SystemClock")
                .and().doNotHaveFullyQualifiedName("dev.terminus.agent.control.TimerThread")
                .and().doNotHaveFullyQualifiedName("dev.terminus.agent.control.TimerThread$Entry")
                .and().doNotHaveFullyQualifiedName("dev.terminus.agent.control.ManualClock")
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().callMethod(Thread.class, "sleep", long.class)
                .orShould().callMethod(Thread.class, "sleep", Duration.class)
                .because("an engine reads time through its RunClock, which a test or a workflow drives (ADR 0017)")
                .check(classes);
    }
}
