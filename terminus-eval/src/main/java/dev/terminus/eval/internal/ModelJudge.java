package dev.terminus.eval.internal;

import dev.terminus.Message;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.EvaluationException;
import dev.terminus.eval.Task;
import dev.terminus.eval.spi.Evaluator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A model judging an answer by a rubric, answering PASS or FAIL and why. */
public final class ModelJudge implements Evaluator {
    private static final String INSTRUCTIONS = "You grade an AI agent's answer to a task against a rubric.\n"
            + "Answer with exactly PASS or FAIL on the first line, then one or two sentences saying why.\n\nRubric:\n";
    /** PASS or FAIL first (after punctuation or a "Verdict:" label), then the reason. */
    private static final Pattern VERDICT = Pattern.compile(
            "^[\\W_]*(?:verdict\\W*)?(PASS|FAIL)(?![A-Za-z])[\\s:.,;\\-*]*(.*)$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private final Model judge;
    private final String rubric;

    /**
     * @param judge the judging model
     * @param rubric what a passing answer must do
     */
    public ModelJudge(Model judge, String rubric) {
        this.judge = judge;
        this.rubric = rubric;
    }

    @Override
    public Evaluation evaluate(Task task, RunResult run) throws Exception {
        String answer = run.finalAnswer().orElse(null);
        if (answer == null) {
            return Answers.noAnswer(run);
        }
        StringBuilder prompt = new StringBuilder("Task:\n").append(task.input()).append("\n\n");
        if (task.expected() != null) {
            prompt.append("Expected answer:\n").append(task.expected()).append("\n\n");
        }
        prompt.append("The agent's run ended: ").append(run.termination().tag()).append("\n\n")
                .append("The agent's answer:\n").append(answer);
        ModelResponse response = judge.chat(new ModelRequest(
                List.of(new Message.System(INSTRUCTIONS + rubric), new Message.User(prompt.toString())), List.of(),
                null));
        return verdict(response.message().content());
    }

    /**
     * @param text the judge's answer
     * @return its verdict
     * @throws EvaluationException when it starts with neither PASS nor FAIL
     */
    static Evaluation verdict(String text) {
        Matcher matcher = VERDICT.matcher(text.strip());
        if (!matcher.matches()) {
            throw new EvaluationException("the judge answered neither PASS nor FAIL: " + Answers.quote(text.strip()));
        }
        boolean passed = matcher.group(1).equalsIgnoreCase("PASS");
        String reason = matcher.group(2).strip();
        if (reason.isEmpty()) {
            reason = "the judge said " + (passed ? "PASS" : "FAIL");
        }
        return passed ? Evaluation.pass(reason) : Evaluation.fail(reason);
    }

    @Override
    public String toString() {
        return "modelJudge(" + judge.name() + ")";
    }
}
