package dev.terminus.pipeline;

import dev.terminus.Preconditions;
import dev.terminus.agent.RunResult;
import java.util.List;
import java.util.Optional;

/**
 * What a stage sees of its pipeline when it starts: the pipeline's name and input, and the results of the stages
 * before it, in order. Read-only: a snapshot taken for that stage.
 *
 * {@snippet :
 * // given: Agent writer
 * Stage summarize = Stage.agent("summarize", writer,
 *         ctx -> "Summarize these sources:\n" + ctx.answer("search").orElse("(none found)"));
 * }
 *
 * @param pipelineName the pipeline's name
 * @param input what the pipeline was run with
 * @param results the results of the stages run so far, in order
 */
public record PipelineContext(String pipelineName, String input, List<StageResult> results) {

    /** Validates and copies the results immutably. */
    public PipelineContext {
        Preconditions.notBlank(pipelineName, "PipelineContext.pipelineName");
        Preconditions.notNull(input, "PipelineContext.input");
        results = Preconditions.immutableList(results, "PipelineContext.results");
    }

    /**
     * @param stageName a stage's name
     * @return that stage's result, if it has run
     */
    public Optional<StageResult> result(String stageName) {
        for (StageResult result : results) {
            if (result.name().equals(stageName)) {
                return Optional.of(result);
            }
        }
        return Optional.empty();
    }

    /** @return the result of the stage just before this one, if any */
    public Optional<StageResult> previous() {
        return results.isEmpty() ? Optional.empty() : Optional.of(results.getLast());
    }

    /**
     * @param stageName a stage's name
     * @return that stage's answer (its agent run's final answer), if it ran as an agent and answered
     */
    public Optional<String> answer(String stageName) {
        return result(stageName).flatMap(StageResult::lastRun).flatMap(RunResult::finalAnswer);
    }

    /** @return the answer of the stage just before this one, if it ran as an agent and answered */
    public Optional<String> previousAnswer() {
        return previous().flatMap(StageResult::lastRun).flatMap(RunResult::finalAnswer);
    }
}
