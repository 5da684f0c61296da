package dev.terminus.temporal;

import static dev.terminus.langchain4j.fake.Fault.stream;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.Model;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.langchain4j.LangChain4jModels;
import dev.terminus.langchain4j.ProviderSettings;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import dev.terminus.langchain4j.fake.ProviderWire.Ending;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real provider client's stream reset by its server mid-way (a loopback server speaking OpenAI's wire, which sends
 * two pieces and then a TCP reset): in a model activity, the run ends as the same run in one process does, the two
 * pieces kept as its incomplete answer (ADR 0041).
 */
@Timeout(60)
class ResetStreamWorkflowTest {
    private static final String KEY = "sk-test-0123456789";
    private static final String AGENT = "reset-mid-stream";
    private static final RetryPolicy NO_RETRY = new RetryPolicy(0, Duration.ofMillis(1), Duration.ofMillis(1), 0);

    private static FaultServer server;
    private static Model workerModel;
    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheServerAndTheWorker() {
        ProviderWire wire = ProviderWire.OPENAI;
        server = new FaultServer();
        server.always(stream(wire.streamedText(Ending.DONE, "Wear", " a", " coat.")).resetAfter(
                wire.eventsThroughPiece(2)));
        workerModel = model();
        temporal = new WorkflowHarness(AgentRecipes.builder()
                .agent(AGENT, workerModel, List.of(), ResetStreamWorkflowTest::agent).build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorkerAndTheServer() throws Exception {
        temporal.close();
        ((AutoCloseable) workerModel).close();
        server.close();
    }

    private static Model model() {
        return LangChain4jModels.openAi("gpt-4o-mini", KEY,
                ProviderSettings.custom().baseUrl(ProviderWire.OPENAI.baseUrl(server.origin())).build());
    }

    private static Agent agent(AgentMaterials materials) {
        return Agent.builder(materials.model()).tools(materials.tools()).clock(materials.clock())
                .config(AgentConfig.custom().retryPolicy(NO_RETRY).build()).build();
    }

    @Test
    void aStreamResetByItsServerInItsActivityEndsFailedWithTheTextThatArrivedAsInOneProcess() throws Exception {
        // given
        Model local = model();

        // when
        RunResult inOneProcess;
        try {
            inOneProcess = agent(new AgentMaterials(local, List.of(), RunClock.system())).run("go");
        } finally {
            ((AutoCloseable) local).close();
        }
        AgentWorkflow workflow = temporal.workflow(AGENT);
        AgentRunOutput output = workflow.run(new AgentRunInput(AGENT, "go"));

        // then: the same failure and the same transcript, the two pieces kept as the incomplete answer
        assertThat(inOneProcess.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL));
        assertThat(output.termination()).isEqualTo(inOneProcess.termination());
        assertThat(output.transcript()).isEqualTo(inOneProcess.transcript())
                .containsExactly(new Message.User("go"), Message.Assistant.incomplete("Wear a"));
        assertThat(output.toRunResult().incompleteAnswer()).contains("Wear a")
                .isEqualTo(inOneProcess.incompleteAnswer());
        temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
    }
}
