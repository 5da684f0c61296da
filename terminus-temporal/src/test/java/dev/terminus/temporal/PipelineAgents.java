package dev.terminus.temporal;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.pipeline.StageExecutor;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The agents and pipelines of the pipeline workflow tests: a three-stage report (research, summarize, publish with a
 * tool), a stage retried after a failing provider, a skipped stage, a stage whose refusal aborts the pipeline, and a
 * refund stage behind an approval gate.
 */
final class PipelineAgents {
    /** A quick backoff for a stage's retries. */
    static final RetryPolicy STAGE_RETRIES = new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(10), 0.5);

    /** The amounts the refund tool paid, in order. */
    static final List<Object> REFUNDS = new CopyOnWriteArrayList<>();

    private PipelineAgents() {}

    static AgentRecipes agents() {
        Tool publish = Tools.of("publish", "Publishes a text", (arguments, run) -> "published " + arguments.get("id"));
        Tool refund = Tools.of("refund", "Refunds an order", (arguments, run) -> {
            REFUNDS.add(arguments.get("amount"));
            return "refunded " + arguments.get("amount");
        });
        return AgentRecipes.builder()
                .agent("researcher", TranscriptScript.answering("Sources: the 2025 census, the city archive."),
                        List.of(), PipelineAgents::plain)
                .agent("writer", TranscriptScript.answering("Oslo grew by 1.2% in 2025."), List.of(),
                        PipelineAgents::plain)
                .agent("publisher", TranscriptScript.callingThenAnswering("publish", Map.of("id", "report-7"),
                        "Published as report-7."), List.of(publish), PipelineAgents::plain)
                // its first run's only model call fails (503), its second answers
                .agent("flaky", ScriptedModel.builder().serverError(503).text("Fetched on the second try.").build(),
                        List.of(), materials -> Agent.builder(materials.model()).clock(materials.clock())
                                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build())
                // answers by the number of its call in its run: call 0 fails (503), call 1 answers
                .agent("sequenced", request -> {
                    if (ModelCallSequence.current().orElseThrow() == 0) {
                        throw new ModelException.ServerError(503, "503 from the provider", null);
                    }
                    return ModelResponse.text("Answered by call " + ModelCallSequence.current().orElseThrow() + ".",
                            Usage.of(10, 5));
                }, List.of(), materials -> Agent.builder(materials.model()).clock(materials.clock())
                        .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build())
                .agent("refuser", request -> {
                    throw new ModelException.Refused("content_filter", "blocked by the provider's filter", null);
                }, List.of(), PipelineAgents::plain)
                .agent("refunder", TranscriptScript.callingThenAnswering("refund", Map.of("order", "42", "amount", 120),
                        "Order 42 is refunded."), List.of(refund),
                        materials -> Agent.builder(materials.model()).tools(materials.tools())
                                .clock(materials.clock()).requireApproval("refund").build())
                .build();
    }

    private static Agent plain(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock()).build();
    }

    static PipelineRecipes pipelines() {
        return PipelineRecipes.builder()
                .pipeline("report", m -> m.builder("report")
                        .stage(m.agent("research", "researcher", ctx -> "Find sources on " + ctx.input()))
                        .stage(m.agent("summarize", "writer",
                                ctx -> "Summarize: " + ctx.previousAnswer().orElse("")))
                        .stage(m.agent("publish", "publisher", ctx -> "Publish: " + ctx.previousAnswer().orElse("")))
                        .build())
                .pipeline("flaky", m -> m.builder("flaky")
                        .stage(m.agent("fetch", "flaky", ctx -> "Fetch " + ctx.input()).retryPolicy(STAGE_RETRIES))
                        .stage(m.agent("summarize", "writer", ctx -> "Summarize: " + ctx.previousAnswer().orElse("")))
                        .build())
                // a retry goes on numbering its model's calls from where the attempt before it stopped
                .pipeline("continuing", m -> m.builder("continuing")
                        .stage(m.agent("fetch", ctx -> "Fetch " + ctx.input(), (call, previous) -> new AgentRunInput(
                                "sequenced", call.task(), null, null, previous == null ? 0 : previous.modelCalls()))
                                .retryPolicy(STAGE_RETRIES))
                        .build())
                .pipeline("skipping", m -> m.builder("skipping")
                        .stage(m.agent("research", "researcher", ctx -> "Find sources on " + ctx.input()))
                        .stage(m.agent("translate", "writer", ctx -> "Translate: " + ctx.previousAnswer().orElse(""))
                                .skipWhen(ctx -> Optional.of("the sources are in English already")))
                        .stage(m.agent("summarize", "writer", ctx -> "Summarize: " + ctx.answer("research")
                                .orElse("")))
                        .build())
                .pipeline("aborting", m -> m.builder("aborting")
                        .stage(m.agent("research", "researcher", ctx -> "Find sources on " + ctx.input()))
                        .stage(m.agent("review", "refuser", ctx -> "Review: " + ctx.previousAnswer().orElse("")))
                        .stage(m.agent("publish", "publisher", ctx -> "Publish: " + ctx.previousAnswer().orElse("")))
                        .build())
                // a stage naming an agent no worker has
                .pipeline("unknown-agent", m -> m.builder("unknown-agent")
                        .stage(m.agent("research", "nobody", ctx -> "Find sources on " + ctx.input()))
                        .build())
                // a recipe that puts its stages on other threads than the workflow's
                .pipeline("off-thread", m -> m.builder("off-thread").executor(StageExecutor.virtualThreads())
                        .stage(m.agent("research", "researcher", ctx -> "Find sources on " + ctx.input()))
                        .build())
                // a recipe that waits on another clock than the workflow's
                .pipeline("own-clock", m -> m.builder("own-clock").clock(RunClock.system())
                        .stage(m.agent("research", "researcher", ctx -> "Find sources on " + ctx.input()))
                        .build())
                .pipeline("refund", m -> m.builder("refund")
                        .stage(m.agent("draft", "writer", ctx -> "Draft a note on " + ctx.input()))
                        .stage(m.agent("refund", "refunder", ctx -> "Refund " + ctx.input()))
                        .stage(m.agent("notify", "writer", ctx -> "Tell the customer: " + ctx.previousAnswer()
                                .orElse("")))
                        .build())
                .build();
    }
}
