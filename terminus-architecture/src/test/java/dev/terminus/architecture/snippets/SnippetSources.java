package dev.terminus.architecture.snippets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Finds the snippets: the README's {@code ```java} blocks and the inline {@code {@snippet :}}s of main sources. */
public final class SnippetSources {
    private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+(\\.\\*)?);", Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    private SnippetSources() {}

    /**
     * @param readme the README
     * @return its Java blocks
     */
    public static List<Snippet> readme(Path readme) {
        List<String> lines = read(readme);
        List<Snippet> snippets = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("```java")) {
                int start = i + 1;
                StringBuilder code = new StringBuilder();
                for (i = start; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
                    code.append(lines.get(i)).append('\n');
                }
                snippets.add(new Snippet(readme.getFileName() + ":" + start, code.toString(), List.of(), true));
            }
        }
        return snippets;
    }

    /**
     * @param root the repository's root
     * @return the inline javadoc snippets of every module's main sources
     */
    public static List<Snippet> javadoc(Path root) {
        List<Snippet> snippets = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> file.toString().contains("/src/main/java/"))
                    .sorted()
                    .forEach(file -> snippets.addAll(javadoc(root, file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return snippets;
    }

    private static List<Snippet> javadoc(Path root, Path file) {
        List<String> lines = read(file);
        String text = String.join("\n", lines);
        List<String> imports = new ArrayList<>();
        Matcher own = PACKAGE.matcher(text);
        if (own.find()) {
            imports.add(own.group(1) + ".*");
        }
        Matcher matcher = IMPORT.matcher(text);
        while (matcher.find()) {
            imports.add((matcher.group(1) == null ? "" : "static ") + matcher.group(2));
        }
        List<Snippet> snippets = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).contains("{@snippet :")) {
                continue;
            }
            int start = i + 1;
            StringBuilder code = new StringBuilder();
            int depth = 1; // the snippet tag's own brace
            for (i = start; i < lines.size(); i++) {
                String line = lines.get(i).replaceFirst("^\\s*\\* ?", "");
                int open = count(line, '{');
                int close = count(line, '}');
                if (depth + open - close <= 0) {
                    break; // the line that closes the tag, a lone '}' by the project's habit
                }
                depth += open - close;
                code.append(line.replace("@&#64;", "@").replace("&#64;", "@")).append('\n');
            }
            snippets.add(new Snippet(root.relativize(file) + ":" + start, code.toString(), imports, false));
        }
        return snippets;
    }

    private static int count(String line, char c) {
        return (int) line.chars().filter(ch -> ch == c).count();
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
