package dev.terminus.architecture.snippets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles snippets against the library as built, the way a reader would use them: each in a class of its own that
 * extends {@link SnippetContext} (whose fields stand for what a snippet takes as given: {@code model}, {@code agent},
 * {@code checkpoint}...), first as a method's body, then, if that fails, as a class's members (a snippet that declares
 * methods or types). A snippet is read with the imports it shows, its file's (a javadoc snippet's), and the
 * packages of the library and of the libraries it works with, as a reader's IDE would offer them.
 */
public final class SnippetCompiler {
    /** The packages a README block is read with, besides the imports it shows. */
    private static final List<String> LIBRARY = List.of("dev.terminus.*", "dev.terminus.agent.*",
            "dev.terminus.agent.control.*", "dev.terminus.agent.spi.*", "dev.terminus.scripted.*",
            "dev.terminus.pipeline.*", "dev.terminus.eval.*", "dev.terminus.converge.*", "dev.terminus.checkpoint.*",
            "dev.terminus.jdbc.*",
            "dev.terminus.temporal.*", "dev.terminus.opentelemetry.*", "dev.terminus.mcp.*", "dev.terminus.jackson.*",
            "dev.terminus.langchain4j.*", "dev.terminus.jsonschema.*", "dev.terminus.test.*", "java.math.*",
            "java.nio.file.*", "java.time.*", "java.util.*", "java.util.concurrent.*", "java.util.function.*",
            "io.temporal.client.*", "io.temporal.worker.*", "io.temporal.common.converter.*",
            "io.temporal.serviceclient.*",
            "com.fasterxml.jackson.databind.*", "com.fasterxml.jackson.databind.json.*", "io.opentelemetry.api.*",
            "dev.langchain4j.model.openai.*");

    private SnippetCompiler() {}

    /**
     * @param snippets the snippets
     * @param workDir where classes are written
     * @return the errors of each snippet that compiled neither as a body nor as members (empty when all compile)
     */
    public static Map<Snippet, List<String>> errors(List<Snippet> snippets, Path workDir) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Map<Snippet, List<String>> errors = new LinkedHashMap<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            Files.createDirectories(workDir);
            List<String> context = compile(javac, files, workDir, "SnippetContext", SnippetContext.SOURCE);
            if (!context.isEmpty()) {
                throw new IllegalStateException("the snippets' context does not compile: " + context);
            }
            // one compilation per snippet: javac attributes nothing once any unit of a task fails to parse
            for (int i = 0; i < snippets.size(); i++) {
                Snippet snippet = snippets.get(i);
                String name = "Snippet" + i;
                List<String> asBody = compile(javac, files, workDir, name, unit(name, snippet, false));
                if (!asBody.isEmpty() && !compile(javac, files, workDir, name, unit(name, snippet, true)).isEmpty()) {
                    errors.put(snippet, asBody); // a body's errors say more for the usual snippet
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return errors;
    }

    private static List<String> compile(JavaCompiler javac, StandardJavaFileManager files, Path workDir, String name,
            String code) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        // -parameters, as the README asks of a reader whose tools are annotated methods
        List<String> options = List.of("-proc:none", "-nowarn", "-parameters", "--release", "21",
                "-d", workDir.toString(), "-classpath", classPath() + java.io.File.pathSeparator + workDir);
        javac.getTask(null, files, diagnostics, options, null, List.of(source(name, code))).call();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
            if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
                errors.add("line " + (diagnostic.getLineNumber() - HEADER_LINES) + ": "
                        + diagnostic.getMessage(Locale.ROOT));
            }
        }
        return errors;
    }

    /** The lines before a snippet's first line in its unit: package, imports (one line), class, method. */
    private static final int HEADER_LINES = 4;

    private static String unit(String name, Snippet snippet, boolean asMembers) {
        Set<String> imports = new LinkedHashSet<>();
        StringBuilder body = new StringBuilder();
        StringBuilder given = new StringBuilder(); // the given lines, joined: a declaration may go on over several
        for (String line : snippet.code().split("\n", -1)) {
            Matcher givenLine = GIVEN.matcher(line);
            if (givenLine.matches()) {
                given.append(givenLine.group(1));
                // a line ends its declaration, unless a brace or parenthesis it opened is still open
                given.append(depth(given) == 0 ? ";" : " ");
            }
            if (line.startsWith("import ")) {
                imports.add(line.substring("import ".length()).replace(";", "").strip());
                body.append('\n'); // keeps the snippet's line numbers
            } else {
                body.append(line).append('\n');
            }
        }
        StringBuilder givens = new StringBuilder();
        for (String declaration : declarations(given.toString())) {
            givens.append(member(declaration.strip())).append(' ');
        }
        imports.addAll(snippet.imports()); // a javadoc snippet's file's imports come first: they settle a clash
        imports.addAll(LIBRARY);
        StringBuilder unit = new StringBuilder(header(imports));
        unit.append("@SuppressWarnings(\"all\") abstract class ").append(name).append(" extends SnippetContext { ")
                .append(givens).append('\n');
        String method = snippet.showsItsExceptions() ? "void snippet() {\n" : "void snippet() throws Throwable {\n";
        unit.append(asMembers ? "\n" : method);
        unit.append(body);
        unit.append(asMembers ? "}\n" : "}}\n");
        return unit.toString();
    }

    /** @return the package line and, on one line, the imports of a unit */
    static String header(Set<String> imports) {
        StringBuilder header = new StringBuilder("package snippets;\n");
        imports.forEach(i -> header.append("import ").append(i).append("; "));
        return header.append('\n').toString();
    }

    /** @return the imports a snippet is read with: those it shows, its file's, the library's */
    static Set<String> imports(Snippet snippet) {
        Set<String> imports = new LinkedHashSet<>();
        for (String line : snippet.code().split("\n", -1)) {
            if (line.startsWith("import ")) {
                imports.add(line.substring("import ".length()).replace(";", "").strip());
            }
        }
        imports.addAll(snippet.imports());
        imports.addAll(LIBRARY);
        return imports;
    }

    /**
     * Compiles the snippets' context and one snippet into {@code snippets.<name>}, as {@link #errors} does.
     *
     * @return the errors: empty when it compiled as a method's body or as members
     */
    static List<String> compileOne(Snippet snippet, String name, Path workDir) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            Files.createDirectories(workDir);
            List<String> context = compile(javac, files, workDir, "SnippetContext", SnippetContext.SOURCE);
            if (!context.isEmpty()) {
                return context;
            }
            List<String> asBody = compile(javac, files, workDir, name, unit(name, snippet, false));
            return asBody.isEmpty() || compile(javac, files, workDir, name, unit(name, snippet, true)).isEmpty()
                    ? List.of() : asBody;
        }
    }

    /** Compiles a class of source code against the library and what is in {@code workDir}. */
    static List<String> compileSource(String name, String code, Path workDir) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
            return compile(javac, files, workDir, name, code);
        }
    }

    /**
     * A snippet's {@code // given:} lines: what it takes as given beyond {@link SnippetContext}'s names, as Java member
     * declarations separated by {@code ;} (a line ends a declaration unless it leaves a brace open, so a type's body
     * may go on over several), e.g. {@code // given: Agent researcher; boolean leaksCard(RunContext run);
     * record Forecast(String city, int celsius) {}}. A reader sees what the snippet assumes; the compiler declares it.
     */
    private static final Pattern GIVEN = Pattern.compile("^\\s*// given: (.*)$");

    /** @return how many braces and parentheses the text leaves open */
    private static int depth(CharSequence text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '{' || c == '(' ? 1 : c == '}' || c == ')' ? -1 : 0;
        }
        return depth;
    }

    /** @return the declarations of the given lines: split at each {@code ;} outside braces and parentheses */
    private static List<String> declarations(String given) {
        List<String> declarations = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < given.length(); i++) {
            char c = given.charAt(i);
            if (c == '{' || c == '(') {
                depth++;
            } else if (c == '}' || c == ')') {
                depth--;
            } else if (c == ';' && depth == 0) {
                declarations.add(given.substring(start, i));
                start = i + 1;
            }
        }
        declarations.add(given.substring(start));
        return declarations;
    }

    /** @return the declaration as a member of the snippet's class: a field, an abstract method, or a type as it is */
    private static String member(String declaration) {
        if (declaration.isEmpty()) {
            return "";
        }
        if (declaration.matches("^(record|class|interface|enum) .*")) {
            return declaration.endsWith("}") ? declaration : declaration + " {}";
        }
        boolean method = declaration.contains("(") && !declaration.contains("=");
        return (method ? "abstract " : "") + declaration + ";";
    }

    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private static JavaFileObject source(String name, String code) {
        URI uri = URI.create("string:///snippets/" + name + ".java");
        return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return code;
            }
        };
    }
}
