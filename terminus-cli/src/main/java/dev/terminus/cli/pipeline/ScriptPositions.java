package dev.terminus.cli.pipeline;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Where the scripts of a file's stages stand: the step each stage's scripted model (and each of its named agents')
 * plays next. A pipeline built with {@link PipelineFile#pipeline(PipelineFile.Materials, ScriptPositions)} reports its
 * stages' positions here as they run, so that a pipeline paused at a gate can be resumed in another process with
 * each script where it stopped ({@link #resumingAt}). Thread-safe.
 */
public final class ScriptPositions {
    private final Map<String, Position> starts;
    private final Map<String, Supplier<Position>> current = new ConcurrentHashMap<>();

    private ScriptPositions(Map<String, Position> starts) {
        this.starts = Map.copyOf(starts);
    }

    /**
     * Where a stage's scripts stand.
     *
     * @param step the step its own scripted model plays next
     * @param agentSteps the step each of its named agents' scripted models plays next, by name (0 for one not given)
     */
    public record Position(int step, Map<String, Integer> agentSteps) {
        /** Every script at its first step. */
        public static final Position START = new Position(0, Map.of());

        /** Validates the step and copies the map. */
        public Position {
            if (step < 0) {
                throw new IllegalArgumentException("Position.step must be >= 0, was " + step);
            }
            agentSteps = Map.copyOf(agentSteps);
        }
    }

    /** @return positions where every stage's scripts start at their first step */
    public static ScriptPositions fromStart() {
        return new ScriptPositions(Map.of());
    }

    /**
     * @param stage the stage whose run paused
     * @param position where its scripts stood at the pause
     * @return positions where that stage's scripts go on from there, every other stage's from their first step
     */
    public static ScriptPositions resumingAt(String stage, Position position) {
        return new ScriptPositions(Map.of(stage, position));
    }

    /**
     * @param stage a stage's name
     * @return where its scripts stand now: after its last attempt, or where it starts when it has not run
     */
    public Position of(String stage) {
        Supplier<Position> now = current.get(stage);
        return now != null ? now.get() : start(stage);
    }

    /** @return where a stage's scripts start */
    Position start(String stage) {
        return starts.getOrDefault(stage, Position.START);
    }

    /** Follows a stage's attempts: {@link #of} asks it where they stand. */
    void track(String stage, Supplier<Position> position) {
        current.put(stage, position);
    }
}
