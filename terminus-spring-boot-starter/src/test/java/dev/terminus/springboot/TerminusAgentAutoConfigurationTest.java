package dev.terminus.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class TerminusAgentAutoConfigurationTest {
    @TempDir
    Path checkpoints;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(TerminusAutoConfiguration.class,
                        TerminusMetricsAutoConfiguration.class, TerminusEndpointAutoConfiguration.class))
                .withPropertyValues("terminus.checkpoints.dir=" + checkpoints,
                        "management.endpoints.web.exposure.include=terminus");
    }

    @Test
    void noAgentBeanIsMadeWithoutAModelBean() {
        // when / then
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(Agent.class);
            assertThat(context).hasSingleBean(GateStore.class);
            assertThat(context).hasSingleBean(TerminusEndpoint.class);
        });
    }

    @Test
    void twoModelBeansMakeNoAgentBeanAndAnApplicationsOwnBeansWin() {
        // given
        ApplicationContextRunner twoModels = runner().withUserConfiguration(RefundApplication.class, OwnBeans.class);

        // when / then
        twoModels.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(Agent.class);
            assertThat(context.getBean(dev.terminus.agent.AgentConfig.class).name()).isEqualTo("own");
        });
    }

    @Test
    void theAgentBeanRunsTheModelWithTheToolBeansAndCountsTheRunInTheMetrics() {
        // given
        ApplicationContextRunner withModel = runner().withUserConfiguration(RefundApplication.class);

        // when / then
        withModel.run(context -> {
            RunResult result = context.getBean(Agent.class).run("Where is order 42?");

            assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(result.finalAnswer()).contains("order 42 is on its way");
            assertThat(context.getBean(RefundApplication.class).lookups).hasValue(1);
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.get(TerminusRunMetrics.RUN_COMPLETED)
                    .tags(TerminusRunMetrics.TERMINATION, "NaturalCompletion", TerminusRunMetrics.CATEGORY, "SUCCESS",
                            TerminusRunMetrics.OUTCOME, "SUCCEEDED")
                    .counter().count()).isEqualTo(1.0);
            assertThat(meters.get(TerminusRunMetrics.RUN_DURATION)
                    .tags(TerminusRunMetrics.TERMINATION, "NaturalCompletion").timer().count()).isEqualTo(1);
            assertThat(context.getBean(RunCounts.class).byTermination()).containsExactly(
                    Map.entry("NaturalCompletion", 1L));
        });
    }

    @Test
    void aPausedRunWaitsInTheStoreAndTheEndpointListsItThenApprovesItAndTheRunCompletes() {
        // given
        ApplicationContextRunner gated = runner().withUserConfiguration(RefundApplication.class)
                .withPropertyValues("terminus.agent.require-approval=refund");

        gated.run(context -> {
            // when
            RunResult paused = context.getBean(Agent.class).run("Refund order 42");

            // then
            Termination.HitlGatePending gate = (Termination.HitlGatePending) paused.termination();
            @SuppressWarnings("unchecked")
            GateStore<Checkpoint> store = context.getBean(GateStore.class);
            assertThat(store.pending()).containsExactly(gate.gateId());
            TerminusEndpoint endpoint = context.getBean(TerminusEndpoint.class);
            assertThat(endpoint.status().get("gates")).isEqualTo(List.of(Map.of("gateId", gate.gateId(),
                    "summary", gate.summary(), "agentName", "agent", "toolName", "refund")));

            // when
            WebEndpointResponse<Map<String, Object>> answer = endpoint.answer(gate.gateId(), "approve", null);

            // then
            assertThat(answer.getStatus()).isEqualTo(200);
            assertThat(answer.getBody()).containsEntry("termination", Map.of("$kind", "NaturalCompletion"))
                    .containsEntry("outcome", "SUCCEEDED")
                    .containsEntry("finalAnswer", "order 42 is refunded");
            assertThat(context.getBean(RefundApplication.class).refunds).hasValue(1);
            assertThat(store.pending()).isEmpty();
            assertThat(endpoint.status().get("runs")).isEqualTo(Map.of("completed", 2L,
                    "byTermination", Map.of("HitlGatePending", 1L, "NaturalCompletion", 1L),
                    "byCategory", Map.of("SUSPENDED", 1L, "SUCCESS", 1L)));
        });
    }

    @Test
    void aRejectedGateTellsTheModelWhyAndTheToolNeverRuns() {
        // given
        ApplicationContextRunner gated = runner().withUserConfiguration(RefundApplication.class)
                .withPropertyValues("terminus.agent.require-approval=refund");

        gated.run(context -> {
            RunResult paused = context.getBean(Agent.class).run("Refund order 42");
            String gateId = paused.checkpoint().orElseThrow().gateId();

            // when
            WebEndpointResponse<Map<String, Object>> answer = context.getBean(TerminusEndpoint.class)
                    .answer(gateId, "reject", "refunds need a manager");

            // then
            assertThat(answer.getStatus()).isEqualTo(200);
            assertThat(answer.getBody()).containsEntry("decision", "reject");
            assertThat((String) answer.getBody().get("finalAnswer")).startsWith("no refund: ")
                    .contains("refunds need a manager");
            assertThat(context.getBean(RefundApplication.class).refunds).hasValue(0);
        });
    }

    @Test
    void aDecisionTheEndpointCannotTakeIsRefusedNamingTheFieldAndTheGateStaysPending() {
        // given
        ApplicationContextRunner gated = runner().withUserConfiguration(RefundApplication.class)
                .withPropertyValues("terminus.agent.require-approval=refund");

        gated.run(context -> {
            String gateId = context.getBean(Agent.class).run("Refund order 42").checkpoint().orElseThrow().gateId();
            TerminusEndpoint endpoint = context.getBean(TerminusEndpoint.class);

            // when
            WebEndpointResponse<Map<String, Object>> unknown = endpoint.answer(gateId, "maybe", null);
            WebEndpointResponse<Map<String, Object>> noReason = endpoint.answer(gateId, "reject", " ");
            WebEndpointResponse<Map<String, Object>> nobody = endpoint.answer("gate-nobody", "approve", null);
            WebEndpointResponse<Map<String, Object>> badId = endpoint.answer("../x", "approve", null);

            // then
            assertThat(unknown.getStatus()).isEqualTo(400);
            assertThat(unknown.getBody().get("message"))
                    .isEqualTo("decision must be \"approve\" or \"reject\", was \"maybe\"");
            assertThat(noReason.getStatus()).isEqualTo(400);
            assertThat((String) noReason.getBody().get("message")).startsWith("reason is required to reject gate");
            assertThat(nobody.getStatus()).isEqualTo(404);
            assertThat(nobody.getBody().get("message")).isEqualTo("no run waits at gate \"gate-nobody\"");
            assertThat(badId.getStatus()).isEqualTo(400);
            assertThat((String) badId.getBody().get("message")).contains("../x");
            assertThat(context.getBean(GateStore.class).pending()).containsExactly(gateId);
        });
    }

    @Test
    void withoutAnAgentBeanTheEndpointListsTheGateButLeavesItToTheApplication() {
        // given: a run paused by an agent the application built itself, its checkpoint in the store
        ApplicationContextRunner gated = runner().withUserConfiguration(RefundApplication.class)
                .withPropertyValues("terminus.agent.require-approval=refund");
        String[] gateId = new String[1];
        gated.run(context -> gateId[0] = context.getBean(Agent.class).run("Refund order 42")
                .checkpoint().orElseThrow().gateId());

        runner().run(context -> {
            // when
            WebEndpointResponse<Map<String, Object>> answer = context.getBean(TerminusEndpoint.class)
                    .answer(gateId[0], "approve", null);

            // then
            assertThat(answer.getStatus()).isEqualTo(409);
            assertThat((String) answer.getBody().get("message")).startsWith("there is no single Agent bean");
            assertThat(context.getBean(GateStore.class).pending()).containsExactly(gateId[0]);
        });
    }

    @Test
    void anApprovalThatNamesAToolTheAgentLacksFailsStartupNamingTheProperty() {
        // given
        ApplicationContextRunner gated = runner().withUserConfiguration(RefundApplication.class)
                .withPropertyValues("terminus.agent.require-approval=wire_money");

        // when / then
        gated.run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            while (!(failure instanceof IllegalArgumentException) && failure.getCause() != null) {
                failure = failure.getCause();
            }
            assertThat(failure.getMessage()).contains("\"wire_money\"")
                    .contains("terminus.agent.require-approval=[wire_money]");
        });
    }

    /** A second model and the application's own settings. */
    @Configuration(proxyBeanMethods = false)
    static class OwnBeans {
        @Bean
        Model secondModel() {
            return FunctionModel.of("second", request -> ModelResponse.text("second", Usage.of(1, 1)));
        }

        @Bean
        dev.terminus.agent.AgentConfig ownConfig() {
            return dev.terminus.agent.AgentConfig.custom().name("own").build();
        }
    }

    /** An application with a model, two tools and Micrometer: what Spring Boot's Actuator would give it. */
    @Configuration(proxyBeanMethods = false)
    static class RefundApplication {
        final AtomicInteger lookups = new AtomicInteger();
        final AtomicInteger refunds = new AtomicInteger();

        @Bean
        Model model() {
            return FunctionModel.of("shop-model", RefundApplication::answer);
        }

        @Bean
        Tool lookup() {
            return Tools.of("lookup", "Where an order is", (arguments, run) -> {
                lookups.incrementAndGet();
                return "on its way";
            });
        }

        @Bean
        Tool refund() {
            return Tools.of("refund", "Refunds an order", (arguments, run) -> {
                refunds.incrementAndGet();
                return "refunded";
            });
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        ObservationRegistry observationRegistry(MeterRegistry meters) {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
            return registry;
        }

        /** Calls the tool the task asks for, then answers with its result. */
        private static ModelResponse answer(ModelRequest request) {
            List<Message> messages = request.messages();
            Message last = messages.get(messages.size() - 1);
            if (last instanceof Message.ToolResult result) {
                String answer = result.error() ? "no refund: " + result.content() : "order 42 is " + result.content();
                return ModelResponse.text(answer, Usage.of(20, 5));
            }
            String tool = messages.stream().anyMatch(m -> m instanceof Message.User user
                    && user.content().startsWith("Refund")) ? "refund" : "lookup";
            ToolCall call = new ToolCall("call-1", tool, Map.of("order", 42));
            return new ModelResponse(new Message.Assistant("", List.of(call)), Usage.of(10, 5), FinishReason.TOOL_CALLS);
        }
    }
}
