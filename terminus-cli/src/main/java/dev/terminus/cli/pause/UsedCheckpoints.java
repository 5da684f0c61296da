package dev.terminus.cli.pause;

import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.FilePaths;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * What {@code terminus resume} does with the checkpoint it resumed once the run has gone on: the used file is removed
 * once the run's next pause (if any) is saved elsewhere, and kept, said so, when that save failed, since resuming it
 * again repeats the calls the run made.
 */
public final class UsedCheckpoints {
    private UsedCheckpoints() {
    }

    /** Saves a resumed run's next pause, if it paused again. */
    @FunctionalInterface
    public interface NextPause {
        /**
         * @return the file the run's new checkpoint was saved to, or null when it did not pause
         * @throws BadInputException when the checkpoint cannot be saved
         */
        @Nullable Path save() throws BadInputException;
    }

    /**
     * Saves the next pause, then removes the used checkpoint unless the new one took its place.
     *
     * @param used the checkpoint that was resumed
     * @param next saves the run's next pause
     * @param err where a failed removal is said
     * @throws BadInputException when the next pause cannot be saved: the used checkpoint is then kept, as it says
     */
    public static void replace(Path used, NextPause next, PrintStream err) throws BadInputException {
        Path saved;
        try {
            saved = next.save();
        } catch (BadInputException e) {
            throw new BadInputException(e.getMessage() + "; the used checkpoint " + used + " is kept (resuming it"
                    + " again repeats the calls this run made)");
        }
        if (saved == null || !FilePaths.sameFile(saved, used)) {
            try {
                Files.deleteIfExists(used);
            } catch (IOException e) {
                err.println("terminus: could not remove the used checkpoint " + used + ": " + e.getMessage());
            }
        }
    }
}
