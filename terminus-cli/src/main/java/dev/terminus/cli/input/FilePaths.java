package dev.terminus.cli.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the commands need to know about paths beyond {@link java.nio.file.Files}. */
public final class FilePaths {
    private FilePaths() {}

    /**
     * Whether two paths name one file, so writing one would replace the other: the same path however spelled
     * ({@code out/./report.jsonl} and {@code report.jsonl} from {@code out}, compared absolute and normalized, which
     * is all there is to compare while one does not exist yet), or, both existing, one file reached through a link.
     *
     * @param a a path
     * @param b another path
     * @return whether they name one file
     */
    public static boolean sameFile(Path a, Path b) {
        if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
