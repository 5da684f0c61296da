package dev.terminus.architecture;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The length of every function (method, constructor, compact constructor) of some Java sources, in lines as a reader
 * sees them: from its declaration (its annotations and modifiers, not its javadoc) to its closing brace, lambdas and
 * local classes included. The sources are parsed by the JDK's compiler, so strings, text blocks and comments that
 * hold braces count as what they are; nothing is compiled.
 *
 * <p>Read from the sources and not from the class files, because a class file's line table sees neither a function's
 * declaration nor its closing brace, and puts each lambda's lines in a method of its own.
 */
final class FunctionLengths {
    private FunctionLengths() {}

    /**
     * A function and its length.
     *
     * @param where the file and the line it starts at
     * @param name its name ({@code <init>} for a constructor)
     * @param lines its length in lines
     */
    record Function(String where, String name, long lines) {
        @Override
        public String toString() {
            return where + " " + name + ": " + lines + " lines";
        }
    }

    /**
     * @param sources a source root, such as a module's {@code src/main/java}
     * @return every function with a body of every {@code .java} file under it
     */
    static List<Function> of(Path sources) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
            return of(javac, fileManager, fileManager.getJavaFileObjectsFromPaths(files), sources);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param javac the compiler that parses
     * @param fileManager its file manager
     * @param files the sources
     * @param root what names of files are relative to
     * @return every function with a body of the sources
     */
    static List<Function> of(JavaCompiler javac, StandardJavaFileManager fileManager,
            Iterable<? extends JavaFileObject> files, Path root) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavacTask task = (JavacTask) javac.getTask(null, fileManager, diagnostics, List.of("-proc:none"), null, files);
        SourcePositions positions = Trees.instance(task).getSourcePositions();
        List<Function> found = new ArrayList<>();
        try {
            Iterable<? extends CompilationUnitTree> units = task.parse();
            List<String> errors = diagnostics.getDiagnostics().stream()
                    .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
                    .map(diagnostic -> diagnostic.getSource().getName() + ":" + diagnostic.getLineNumber() + ": "
                            + diagnostic.getMessage(null))
                    .toList();
            if (!errors.isEmpty()) {
                throw new IllegalStateException("sources that do not parse: " + errors);
            }
            for (CompilationUnitTree unit : units) {
                String file = name(unit, root);
                LineMap lineMap = unit.getLineMap();
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitMethod(MethodTree method, Void unused) {
                        if (method.getBody() != null) {
                            long first = lineMap.getLineNumber(positions.getStartPosition(unit, method));
                            long last = lineMap.getLineNumber(positions.getEndPosition(unit, method));
                            found.add(new Function(file + ":" + first, method.getName().toString(), last - first + 1));
                        }
                        return super.visitMethod(method, unused);
                    }
                }.scan(unit, null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static String name(CompilationUnitTree unit, Path root) {
        String uri = unit.getSourceFile().toUri().getPath();
        Path path = uri == null ? Path.of(unit.getSourceFile().getName()) : Path.of(uri);
        return path.startsWith(root.toAbsolutePath()) ? root.toAbsolutePath().relativize(path).toString()
                : path.getFileName().toString();
    }
}
