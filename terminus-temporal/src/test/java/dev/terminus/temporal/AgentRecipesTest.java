package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.Agent;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AgentRecipesTest {
    private static final Model MODEL = request -> ModelResponse.text("hi", Usage.of(1, 1));
    private static final AgentRecipe RECIPE = materials -> Agent.builder(materials.model()).clock(materials.clock())
            .build();
    private static final Tool ECHO = Tools.of("echo", "Echoes", (arguments, run) -> "echo");

    @Test
    void anAgentIsFoundByItsName() {
        // given
        AgentRecipes recipes = AgentRecipes.builder().agent("greeter", MODEL, List.of(ECHO), RECIPE).build();

        // when
        AgentRecipes.Registered found = recipes.registered("greeter");

        // then
        assertThat(found.model()).isSameAs(MODEL);
        assertThat(found.tools()).containsExactly(ECHO);
        assertThat(found.recipe()).isSameAs(RECIPE);
        assertThat(recipes.names()).containsExactly("greeter");
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheRegisteredOnes() {
        // given
        AgentRecipes recipes = AgentRecipes.builder().agent("greeter", MODEL, List.of(), RECIPE).build();

        // when / then
        assertThatThrownBy(() -> recipes.registered("grumbler")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no agent is registered as \"grumbler\"; registered: [greeter]");
    }

    @Test
    void aNameRegisteredTwiceIsRefused() {
        // given
        AgentRecipes.Builder builder = AgentRecipes.builder().agent("greeter", MODEL, List.of(), RECIPE);

        // when / then
        assertThatThrownBy(() -> builder.agent("greeter", MODEL, List.of(), RECIPE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("agent \"greeter\" is registered twice");
    }

    @Test
    void aToolRegisteredTwiceForOneAgentIsRefused() {
        // when / then
        assertThatThrownBy(() -> AgentRecipes.builder().agent("greeter", MODEL, List.of(ECHO, ECHO), RECIPE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent \"greeter\" has tool \"echo\" twice");
    }

    @Test
    void theCallTimeoutIsTenMinutesUnlessSetAndMustBePositive() {
        // given
        AgentRecipes.Builder builder = AgentRecipes.builder();

        // when
        Duration byDefault = builder.build().callTimeout();
        Duration set = builder.callTimeout(Duration.ofSeconds(30)).build().callTimeout();

        // then
        assertThat(byDefault).isEqualTo(Duration.ofMinutes(10));
        assertThat(set).isEqualTo(Duration.ofSeconds(30));
        assertThatThrownBy(() -> builder.callTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("callTimeout must be positive, was PT0S");
    }

    @Test
    void continueAsNewAfterOverAQuarterOfTheServersEventLimitIsRefusedNamingTheValue() {
        // given
        AgentRecipes.Builder builder = AgentRecipes.builder();

        // when
        int highest = builder.continueAsNewAfter(12_800).build().continueAsNewAfter();

        // then
        assertThat(highest).isEqualTo(AgentRecipes.MAX_CONTINUE_AS_NEW_AFTER);
        assertThatThrownBy(() -> builder.continueAsNewAfter(12_801)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("continueAsNewAfter must be at most 12800 events (a run that cannot continue as new ends"
                        + " at four times it, under a server's 51,200 events), was 12801");
    }

    /** Served tools that count their starts and stops. */
    private static final class Counted implements ServedTools {
        final AtomicInteger starts = new AtomicInteger();
        final AtomicInteger stops = new AtomicInteger();

        @Override
        public List<Tool> start() {
            starts.incrementAndGet();
            return List.of(Tools.of("served", "Served", (arguments, run) -> "served"));
        }

        @Override
        public void close() {
            stops.incrementAndGet();
        }
    }

    /** Recipes whose resolver gives each document the served tools the map holds for it. */
    private static AgentRecipes servingRecipes(Map<String, Counted> served) {
        return AgentRecipes.builder().resolver((name, definition) -> new AgentRecipes.Registered(name, MODEL,
                List.of(ECHO), served.computeIfAbsent(definition, d -> new Counted()), RECIPE)).build();
    }

    private static String keyOf(AgentRecipes recipes, String definition) {
        return recipes.key(AgentRunInput.defined("doc", "go", definition));
    }

    /** Resolves as many other documents as the cache keeps, so the first one resolved is evicted. */
    private static void evictTheFirst(AgentRecipes recipes) {
        for (int i = 0; i < AgentRecipes.DEFINED_CACHE; i++) {
            recipes.registered(keyOf(recipes, "other-" + i));
        }
    }

    @Test
    void aLeaseStartsTheServedToolsOnceAndOffersThemAfterTheAgentsOwn() {
        // given
        Map<String, Counted> served = new ConcurrentHashMap<>();
        AgentRecipes recipes = servingRecipes(served);
        String key = keyOf(recipes, "first");

        // when
        List<Tool> tools;
        try (AgentRecipes.Lease lease = recipes.lease(key); AgentRecipes.Lease again = recipes.lease(key)) {
            tools = lease.tools();
            again.tools();
        }

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("echo", "served");
        assertThat(served.get("first").starts).hasValue(1);
        assertThat(served.get("first").stops).hasValue(0);
    }

    @Test
    void anEvictedAgentsServedToolsStopOnlyWhenTheLastLeaseOnThemIsClosed() {
        // given
        Map<String, Counted> served = new ConcurrentHashMap<>();
        AgentRecipes recipes = servingRecipes(served);
        AgentRecipes.Lease lease = recipes.lease(keyOf(recipes, "first"));
        lease.tools();

        // when
        evictTheFirst(recipes);
        int stoppedWhileHeld = served.get("first").stops.get();
        lease.close();

        // then
        assertThat(stoppedWhileHeld).isZero();
        assertThat(served.get("first").stops).hasValue(1);
    }

    @Test
    void anEvictedAgentThatNoCallHoldsStopsItsServedToolsAtOnce() {
        // given
        Map<String, Counted> served = new ConcurrentHashMap<>();
        AgentRecipes recipes = servingRecipes(served);
        try (AgentRecipes.Lease lease = recipes.lease(keyOf(recipes, "first"))) {
            lease.tools();
        }

        // when
        evictTheFirst(recipes);

        // then
        assertThat(served.get("first").stops).hasValue(1);
        assertThat(served.get("other-0").stops).as("never started, so never stopped").hasValue(0);
    }

    @Test
    void closingTheRecipesStopsEveryServedToolsThatStarted() {
        // given
        Map<String, Counted> served = new ConcurrentHashMap<>();
        AgentRecipes recipes = servingRecipes(served);
        for (String definition : List.of("a", "b")) {
            try (AgentRecipes.Lease lease = recipes.lease(keyOf(recipes, definition))) {
                lease.tools();
            }
        }
        recipes.registered(keyOf(recipes, "unstarted"));

        // when
        recipes.close();

        // then
        assertThat(served.get("a").stops).hasValue(1);
        assertThat(served.get("b").stops).hasValue(1);
        assertThat(served.get("unstarted").stops).hasValue(0);
    }

    @Test
    void aDocumentThatThreadsAskForAtOnceIsResolvedOnceAndEveryThreadGetsTheSameAgent() throws Exception {
        // given
        AtomicInteger resolutions = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        AgentRecipes recipes = AgentRecipes.builder().resolver((name, definition) -> {
            resolutions.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new AgentRecipes.Registered(name, MODEL, List.of(), RECIPE);
        }).build();
        String key = keyOf(recipes, "shared");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        List<Future<AgentRecipes.Registered>> found = new ArrayList<>();

        // when
        for (int i = 0; i < 4; i++) {
            found.add(threads.submit(() -> recipes.registered(key)));
        }
        release.countDown();

        // then
        AgentRecipes.Registered first = found.getFirst().get();
        for (Future<AgentRecipes.Registered> each : found) {
            assertThat(each.get()).isSameAs(first);
        }
        assertThat(resolutions).hasValue(1);
        threads.shutdown();
    }
}
