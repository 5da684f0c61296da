package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.terminus.agent.AgentTool;
import dev.terminus.agent.StubRunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an {@link AgentTool} method's arguments are named: by the parameters' own names when the class is compiled with
 * {@code -parameters} (as this build compiles every class), by {@link AgentTool.Param#value()} otherwise; a parameter
 * with neither is refused when the tool is made.
 */
class MethodToolParamNamesTest {

    @TempDir
    Path dir;

    public static final class Weather {
        @AgentTool(description = "Temperature in a city")
        public String temperature(@AgentTool.Param(description = "the city's name") String city,
                @AgentTool.Param(required = false) Integer days) {
            return city + " in " + days + " days";
        }
    }

    @Test
    void aParamWithoutAValueNamesTheArgumentAfterTheParameterAndStillDescribesIt() throws Exception {
        // when
        Tool tool = Tools.fromMethods(new Weather()).getFirst();

        // then
        assertThat(tool.spec().parameters()).isEqualTo(Map.of("type", "object",
                "properties", Map.of("city", Map.of("type", "string", "description", "the city's name"),
                        "days", Map.of("type", "integer")),
                "required", List.of("city")));
        assertThat(tool.call(Map.of("city", "Oslo", "days", 2), StubRunContext.INSTANCE)).isEqualTo("Oslo in 2 days");
    }

    @Test
    void aParameterWithNeitherANameNorAValueIsRefusedSayingToCompileWithParametersOrNameIt() throws Exception {
        // given: a class compiled without -parameters, whose second parameter has a @Param without a value
        Object target = compileWithoutParameterNames("""
                package gen;
                import dev.terminus.agent.AgentTool;
                public class Unnamed {
                    @AgentTool(description = "Adds")
                    public long add(@AgentTool.Param("a") long a, @AgentTool.Param(description = "second") long b) {
                        return a + b;
                    }
                }
                """, "gen.Unnamed");

        // when / then
        assertThatThrownBy(() -> Tools.fromMethods(target))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter arg1 of @AgentTool method public long gen.Unnamed.add(long,long) has no name:"
                        + " its class was compiled without -parameters; compile it with -parameters, or name the"
                        + " parameter with @AgentTool.Param(\"name\")");
    }

    @Test
    void aParamValueNamesTheArgumentOfAClassCompiledWithoutParameterNames() throws Exception {
        // given
        Object target = compileWithoutParameterNames("""
                package gen;
                import dev.terminus.agent.AgentTool;
                public class Named {
                    @AgentTool(description = "Adds")
                    public long add(@AgentTool.Param("a") long a, @AgentTool.Param("b") long b) {
                        return a + b;
                    }
                }
                """, "gen.Named");

        // when
        Tool tool = Tools.fromMethods(target).getFirst();

        // then
        assertThat(tool.spec().parameters().get("required")).isEqualTo(List.of("a", "b"));
        assertThat(tool.call(Map.of("a", 2, "b", 3), StubRunContext.INSTANCE)).isEqualTo(5L);
    }

    /** Compiles one class with javac and no {@code -parameters}, and makes an instance of it. */
    private Object compileWithoutParameterNames(String source, String className) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assumeTrue(javac != null, "a JDK's compiler is needed");
        Path file = dir.resolve("src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String classPath = Path.of(AgentTool.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        int status = javac.run(null, null, System.err, "-proc:none", "-cp", classPath, "-d", classes.toString(),
                file.toString());
        assertThat(status).as("javac's exit status").isZero();
        return load(classes, className);
    }

    private static Object load(Path classes, String className) throws ReflectiveOperationException, IOException {
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                MethodToolParamNamesTest.class.getClassLoader());
        return loader.loadClass(className).getConstructor().newInstance();
    }
}
