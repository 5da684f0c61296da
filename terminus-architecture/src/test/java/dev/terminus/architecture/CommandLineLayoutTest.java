package dev.terminus.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout of the command line, terminus-cli: one package a part, no cycle between them, the commands on top (a
 * command may use any package, no other package uses a command), every package saying what it holds, and no function
 * over {@value #MAX_LINES} lines.
 */
class CommandLineLayoutTest {
    private static final String CLI = "dev.terminus.cli";
    private static final String COMMANDS = CLI + ".command";
    /** The longest a function of the command line may be, declaration to closing brace. */
    private static final int MAX_LINES = 60;
    private static final Path SOURCES = Path.of("..", "terminus-cli", "src", "main", "java").toAbsolutePath()
            .normalize();

    private static JavaClasses classes;

    @BeforeAll
    static void importTheCommandLine() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(CLI);
    }

    @Test
    void theCommandLinesPackagesDependOnEachOtherWithoutACycle() {
        // then: one slice a package under dev.terminus.cli (command, demo, temporal, pause, output, input, scenario...)
        assertThat(classes.getPackage(CLI).getSubpackages()).as("the command line's packages").hasSizeGreaterThan(8);
        slices().matching(CLI + ".(*)..").namingSlices("$1")
                .should().beFreeOfCycles()
                .because("each part of the command line builds on the ones below it, so it can be read and changed"
                        + " alone")
                .check(classes);
    }

    @Test
    void noPackageButTheCommandsUsesACommand() {
        // then: the commands are the top; what they share lives in the packages below them
        assertThat(classes.getPackage(COMMANDS).getClasses()).as("the commands").isNotEmpty();
        noClasses().that().resideOutsideOfPackage(COMMANDS + "..")
                .should().dependOnClassesThat().resideInAPackage(COMMANDS + "..")
                .because("a command may use any package of the command line, and nothing uses a command")
                .check(classes);
    }

    @Test
    void theCommandLineHasNoClassOutsideItsParts() {
        // then: dev.terminus.cli itself only says how the parts fit (its package-info)
        assertThat(classes.getPackage(CLI).getClasses()).as("classes of %s itself", CLI)
                .allMatch(type -> type.getSimpleName().equals("package-info"));
    }

    @Test
    void everyPackageOfTheCommandLineSaysWhatItHolds() {
        // when
        List<String> undocumented = classes.getPackage(CLI).getSubpackagesInTree().stream()
                .filter(javaPackage -> !javaPackage.getClasses().isEmpty())
                .filter(javaPackage -> javaPackage.tryGetPackageInfo().isEmpty())
                .map(JavaPackage::getName)
                .toList();

        // then
        assertThat(undocumented).as("packages without a package-info.java").isEmpty();
    }

    @Test
    void noFunctionOfTheCommandLineIsLongerThanSixtyLines() {
        // when
        List<FunctionLengths.Function> functions = FunctionLengths.of(SOURCES);

        // then
        assertThat(functions).as("functions of %s", SOURCES).hasSizeGreaterThan(500);
        assertThat(functions).as("functions over %d lines (split them into well-named steps)", MAX_LINES)
                .filteredOn(function -> function.lines() > MAX_LINES).isEmpty();
    }

    @Test
    void aFunctionIsMeasuredFromItsDeclarationToItsClosingBraceWithItsLambdas() {
        // given: 61 lines from the annotation to the closing brace, a lambda, a brace in a string and a text block
        StringBuilder body = new StringBuilder();
        for (int line = 0; line < 50; line++) {
            body.append("        int v").append(line).append(" = 1;\n");
        }
        String source = "class Sample {\n"
                + "    /** Javadoc is not counted. */\n"
                + "    @Deprecated\n"                                                     // line 1 of the function
                + "    static void longOne() {\n"
                + "        String brace = \"}\";\n"
                + "        String block = \"\"\"\n            }\n            \"\"\";\n"     // 3 lines
                + "        Runnable r = () -> {\n            System.out.println();\n        };\n" // 3 lines
                + body                                                                    // 50 lines
                + "        r.run();\n"
                + "    }\n"                                                               // line 61
                + "    Sample() {\n        super();\n    }\n"
                + "}\n";
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

        // when
        List<FunctionLengths.Function> functions;
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
            functions = FunctionLengths.of(javac, fileManager, List.of(source("Sample", source)), SOURCES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        // then
        assertThat(functions).extracting(FunctionLengths.Function::name, FunctionLengths.Function::lines)
                .containsExactly(tuple("longOne", 61L),
                        tuple("<init>", 3L));
    }

    private static JavaFileObject source(String name, String text) {
        return new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
    }
}
