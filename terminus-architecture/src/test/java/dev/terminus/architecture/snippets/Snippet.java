package dev.terminus.architecture.snippets;

import java.util.List;

/**
 * A Java snippet the project documents: a fenced block of the README, or a javadoc {@code {@snippet}}.
 *
 * @param origin where it is, e.g. {@code README.md:120} or {@code terminus-agent/.../Agent.java:42}
 * @param code its code, as a reader sees it
 * @param imports the imports it is read with: a javadoc snippet's file's own, and its package's
 * @param showsItsExceptions whether it must show the checked exceptions it throws (a README block, read by new users
 *     as a whole: its code is compiled in a method that declares none), or may leave them to its context (javadoc)
 */
public record Snippet(String origin, String code, List<String> imports, boolean showsItsExceptions) {
    public Snippet {
        imports = List.copyOf(imports);
    }
}
