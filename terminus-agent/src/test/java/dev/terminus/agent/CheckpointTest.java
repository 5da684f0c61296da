package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class CheckpointTest {

    private static final Termination.HitlGatePending GATE =
            new Termination.HitlGatePending("gate-1", "call-1", "Call refund with {\"order\":42}", "support", 2);
    private static final ToolCall PENDING = new ToolCall("call-1", "refund", Map.of("order", 42));
    private static final ToolCall REMAINING = new ToolCall("call-2", "notify", Map.of());
    private static final HumanInputRequest ACCOUNT = HumanInputRequest.of("Refund to which account?",
            Map.of("type", "object", "properties", Map.of("iban", Map.of("type", "string"))), "mcp:payments");

    /** The components of a valid checkpoint, to change one at a time. */
    private static final class Parts {
        int formatVersion = Checkpoint.FORMAT_VERSION;
        Termination.HitlGatePending gate = GATE;
        String agentName = "support";
        String modelName = "gpt-4o";
        String configFingerprint = "ab12";
        ToolCall pendingCall = PENDING;
        List<ToolCall> remainingCalls = List.of(REMAINING);
        List<Message> transcript = List.of(new Message.User("Refund order 42"),
                Message.Assistant.of("", PENDING, REMAINING));
        int iteration = 2;
        int toolCalls = 3;
        Usage usage = Usage.of(120, 30);
        BigDecimal costUsd = new BigDecimal("0.0125");
        List<IterationRecord> iterations =
                List.of(new IterationRecord(1, Usage.of(60, 10), 3, FinishReason.TOOL_CALLS, Duration.ofMillis(40)));
        Duration elapsed = Duration.ofSeconds(3);
        int consecutiveMistakes = 1;
        int repairsUsed = 0;
        boolean finalizing = false;
        Map<String, String> metadata = Map.of("source", "config/support.yaml");
        HumanInputRequest inputRequest = null;
        List<HumanInputAnswer> inputAnswers = List.of();
        List<ChildRun> children = List.of();

        Checkpoint build() {
            return new Checkpoint(formatVersion, gate, agentName, modelName, configFingerprint, pendingCall,
                    remainingCalls, transcript, iteration, toolCalls, usage, costUsd, iterations, elapsed,
                    consecutiveMistakes, repairsUsed, finalizing, metadata, inputRequest, inputAnswers, null,
                    children);
        }

        /** Turns the parts into those of a gate that waits for input. */
        void askingForInput() {
            formatVersion = Checkpoint.INPUT_FORMAT_VERSION;
            inputRequest = ACCOUNT;
        }
    }

    private static Checkpoint checkpoint(Consumer<Parts> change) {
        Parts parts = new Parts();
        change.accept(parts);
        return parts.build();
    }

    @Test
    void aValidCheckpointKeepsEveryComponent() {
        // given
        Parts parts = new Parts();

        // when
        Checkpoint checkpoint = parts.build();

        // then
        assertThat(checkpoint.formatVersion()).isEqualTo(Checkpoint.FORMAT_VERSION).isEqualTo(1);
        assertThat(checkpoint.gate()).isEqualTo(GATE);
        assertThat(checkpoint.agentName()).isEqualTo("support");
        assertThat(checkpoint.modelName()).isEqualTo("gpt-4o");
        assertThat(checkpoint.configFingerprint()).isEqualTo("ab12");
        assertThat(checkpoint.pendingCall()).isEqualTo(PENDING);
        assertThat(checkpoint.remainingCalls()).containsExactly(REMAINING);
        assertThat(checkpoint.transcript()).isEqualTo(parts.transcript);
        assertThat(checkpoint.iteration()).isEqualTo(2);
        assertThat(checkpoint.toolCalls()).isEqualTo(3);
        assertThat(checkpoint.usage()).isEqualTo(Usage.of(120, 30));
        assertThat(checkpoint.costUsd()).isEqualByComparingTo("0.0125");
        assertThat(checkpoint.iterations()).isEqualTo(parts.iterations);
        assertThat(checkpoint.elapsed()).isEqualTo(Duration.ofSeconds(3));
        assertThat(checkpoint.consecutiveMistakes()).isEqualTo(1);
        assertThat(checkpoint.repairsUsed()).isZero();
        assertThat(checkpoint.finalizing()).isFalse();
        assertThat(checkpoint.metadata()).containsExactly(Map.entry("source", "config/support.yaml"));
        assertThat(checkpoint.gateId()).isEqualTo("gate-1");
        assertThat(checkpoint.children()).isEmpty();
    }

    private static ChildRun ended(String toolName, int iteration, String answer) {
        return new ChildRun(toolName, iteration, RunResult.builder().termination(new Termination.NaturalCompletion())
                .outcome(dev.terminus.Outcome.SUCCEEDED).finalAnswer(answer).agentName("lookup")
                .usage(Usage.of(7, 3)).build());
    }

    @Test
    void theChildrenThatEndedBeforeThePauseAreKeptInOrderCopiedAndUnmodifiable() {
        // given
        List<ChildRun> children = new ArrayList<>(List.of(ended("lookup", 1, "found"), ended("lookup", 2, "again")));

        // when
        Checkpoint checkpoint = checkpoint(p -> p.children = children);
        children.clear();

        // then
        assertThat(checkpoint.children()).extracting(child -> child.result().finalAnswer().orElseThrow())
                .containsExactly("found", "again");
        assertThatThrownBy(() -> checkpoint.children().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(checkpoint.withMetadata("k", "v").children()).isEqualTo(checkpoint.children());
    }

    @Test
    void theConstructorsWithoutChildrenGiveACheckpointWithNone() {
        // given
        Parts parts = new Parts();

        // when
        Checkpoint approval = new Checkpoint(parts.formatVersion, GATE, "support", "gpt-4o", "ab12", PENDING,
                parts.remainingCalls, parts.transcript, 2, 3, parts.usage, parts.costUsd, parts.iterations,
                parts.elapsed, 1, 0, false, parts.metadata);
        Checkpoint withChild = new Checkpoint(Checkpoint.CHILD_FORMAT_VERSION, GATE, "writer", "gpt-4o", "cd34",
                PENDING, List.of(), parts.transcript, 2, 3, parts.usage, parts.costUsd, parts.iterations,
                parts.elapsed, 0, 0, false, Map.of(), null, List.of(), approval);

        // then
        assertThat(approval.children()).isEmpty();
        assertThat(withChild.children()).isEmpty();
        assertThat(withChild.child()).isEqualTo(approval);
        assertThat(approval).isEqualTo(parts.build());
    }

    @Test
    void aNullChildIsRefusedNamingItsIndex() {
        // given
        List<ChildRun> children = new ArrayList<>();
        children.add(ended("lookup", 1, "found"));
        children.add(null);

        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.children = children))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Checkpoint.children[1] must not be null");
    }

    @Test
    void aChildThatPausedIsRefusedAsNotHavingEnded() {
        // given: a child's result that holds a checkpoint of its own
        Checkpoint paused = checkpoint(p -> {});
        ChildRun waiting = new ChildRun("refunds", 1, RunResult.builder().termination(GATE)
                .outcome(dev.terminus.Outcome.SUSPENDED).checkpoint(paused).build());

        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.children = List.of(ended("lookup", 1, "found"), waiting)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.children[1].result holds a checkpoint: the children are runs that ended"
                        + " (a paused one is Checkpoint.child)");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 4, -1})
    void anotherFormatVersionIsRefusedNamingItAndTheSupportedOne(int version) {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.formatVersion = version))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.formatVersion " + version
                        + " is not supported: this version of Terminus reads formats 1, 2 and 3");
    }

    @Test
    void aCheckpointAtAnInputGateKeepsTheRequestAndTheEarlierAnswersInFormatTwo() {
        // given
        HumanInputRequest first = HumanInputRequest.of("Which order?", Map.of("type", "object"), "mcp:payments");
        HumanInputAnswer earlier = HumanInputAnswer.accepted(first, Map.of("order", 42));

        // when
        Checkpoint checkpoint = checkpoint(p -> {
            p.askingForInput();
            p.inputAnswers = new ArrayList<>(List.of(earlier));
        });

        // then
        assertThat(checkpoint.formatVersion()).isEqualTo(2);
        assertThat(checkpoint.inputRequest()).isEqualTo(ACCOUNT);
        assertThat(checkpoint.inputAnswers()).containsExactly(earlier);
        assertThatThrownBy(() -> checkpoint.inputAnswers().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(checkpoint.withMetadata("k", "v").inputRequest()).isEqualTo(ACCOUNT);
    }

    @Test
    void anApprovalGateHasNoInputRequest() {
        // when
        Checkpoint checkpoint = checkpoint(p -> {});

        // then
        assertThat(checkpoint.inputRequest()).isNull();
        assertThat(checkpoint.inputAnswers()).isEmpty();
    }

    @Test
    void anInputRequestInFormatOneIsRefusedNamingTheFormatItNeeds() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.inputRequest = ACCOUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.formatVersion 1 does not fit a gate that waits for input (format 2)");
    }

    @Test
    void answersWithoutARequestAreRefused() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.inputAnswers = List.of(HumanInputAnswer.declined(ACCOUNT, "no"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.inputAnswers must be empty at an approval gate, has 1");
    }

    @Test
    void theInputFormatWithoutAnInputRequestIsRefusedAsNotFittingAnApprovalGate() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.formatVersion = Checkpoint.INPUT_FORMAT_VERSION))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.formatVersion 2 does not fit a gate that waits for approval (format 1)");
    }

    @Test
    void anIterationBelowOneIsRefusedNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.iteration = 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.iteration must be >= 1, was 0");
    }

    static Stream<Arguments> negativeCounters() {
        return Stream.of(
                Arguments.of("toolCalls", (Consumer<Parts>) p -> p.toolCalls = -1),
                Arguments.of("consecutiveMistakes", (Consumer<Parts>) p -> p.consecutiveMistakes = -1),
                Arguments.of("repairsUsed", (Consumer<Parts>) p -> p.repairsUsed = -1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("negativeCounters")
    void aNegativeCounterIsRefusedNamingItAndTheValue(String field, Consumer<Parts> change) {
        // when / then
        assertThatThrownBy(() -> checkpoint(change))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint." + field + " must be >= 0, was -1");
    }

    @Test
    void zeroCountersZeroCostAndZeroElapsedAreAllowed() {
        // when
        Checkpoint checkpoint = checkpoint(p -> {
            p.toolCalls = 0;
            p.consecutiveMistakes = 0;
            p.repairsUsed = 0;
            p.costUsd = BigDecimal.ZERO;
            p.elapsed = Duration.ZERO;
            p.iteration = 1;
        });

        // then
        assertThat(checkpoint.toolCalls()).isZero();
        assertThat(checkpoint.costUsd()).isZero();
        assertThat(checkpoint.elapsed()).isZero();
        assertThat(checkpoint.iteration()).isEqualTo(1);
    }

    @Test
    void aNegativeCostIsRefusedNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.costUsd = new BigDecimal("-0.01")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.costUsd must be >= 0, was -0.01");
    }

    @Test
    void aNegativeElapsedTimeIsRefusedNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.elapsed = Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.elapsed must not be negative, was PT-1S");
    }

    @Test
    void aPendingCallThatIsNotTheGatesProposalIsRefusedNamingBothIds() {
        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.pendingCall = REMAINING))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Checkpoint.pendingCall.id \"call-2\" is not the gate's proposalId \"call-1\"");
    }

    static Stream<Arguments> nullComponents() {
        return Stream.of(
                Arguments.of("gate", (Consumer<Parts>) p -> p.gate = null),
                Arguments.of("agentName", (Consumer<Parts>) p -> p.agentName = null),
                Arguments.of("modelName", (Consumer<Parts>) p -> p.modelName = null),
                Arguments.of("configFingerprint", (Consumer<Parts>) p -> p.configFingerprint = null),
                Arguments.of("pendingCall", (Consumer<Parts>) p -> p.pendingCall = null),
                Arguments.of("remainingCalls", (Consumer<Parts>) p -> p.remainingCalls = null),
                Arguments.of("transcript", (Consumer<Parts>) p -> p.transcript = null),
                Arguments.of("usage", (Consumer<Parts>) p -> p.usage = null),
                Arguments.of("costUsd", (Consumer<Parts>) p -> p.costUsd = null),
                Arguments.of("iterations", (Consumer<Parts>) p -> p.iterations = null),
                Arguments.of("elapsed", (Consumer<Parts>) p -> p.elapsed = null),
                Arguments.of("metadata", (Consumer<Parts>) p -> p.metadata = null),
                Arguments.of("children", (Consumer<Parts>) p -> p.children = null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nullComponents")
    void aNullComponentIsRefusedNamingIt(String field, Consumer<Parts> change) {
        // when / then
        assertThatThrownBy(() -> checkpoint(change))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Checkpoint." + field + " must not be null");
    }

    @Test
    void aNullMessageInTheTranscriptIsRefusedNamingItsIndex() {
        // given
        List<Message> transcript = new ArrayList<>();
        transcript.add(new Message.User("Refund order 42"));
        transcript.add(null);

        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.transcript = transcript))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Checkpoint.transcript[1] must not be null");
    }

    @Test
    void aNullMetadataKeyIsRefusedAndANullValueIsRefusedNamingItsKey() {
        // given
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "x");
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("owner", null);

        // when / then
        assertThatThrownBy(() -> checkpoint(p -> p.metadata = nullKey))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Checkpoint.metadata key must not be null");
        assertThatThrownBy(() -> checkpoint(p -> p.metadata = nullValue))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Checkpoint.metadata[owner] must not be null");
    }

    @Test
    void theCollectionsAreCopiedAndCannotBeModified() {
        // given
        List<ToolCall> remaining = new ArrayList<>(List.of(REMAINING));
        List<Message> transcript = new ArrayList<>(List.of(new Message.User("Refund order 42")));
        List<IterationRecord> iterations = new ArrayList<>();
        Map<String, String> metadata = new HashMap<>(Map.of("source", "a"));
        Checkpoint checkpoint = checkpoint(p -> {
            p.remainingCalls = remaining;
            p.transcript = transcript;
            p.iterations = iterations;
            p.metadata = metadata;
        });

        // when
        remaining.clear();
        transcript.add(new Message.User("more"));
        iterations.add(new IterationRecord(1, Usage.ZERO, 0, null, Duration.ZERO));
        metadata.put("other", "b");

        // then
        assertThat(checkpoint.remainingCalls()).containsExactly(REMAINING);
        assertThat(checkpoint.transcript()).containsExactly(new Message.User("Refund order 42"));
        assertThat(checkpoint.iterations()).isEmpty();
        assertThat(checkpoint.metadata()).containsExactly(Map.entry("source", "a"));
        assertThatThrownBy(() -> checkpoint.remainingCalls().add(REMAINING))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> checkpoint.transcript().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> checkpoint.iterations().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> checkpoint.metadata().put("x", "y"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theMetadataIsSortedByKey() {
        // given
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("zone", "eu");
        metadata.put("author", "ops");
        metadata.put("model", "gpt-4o");

        // when
        Checkpoint checkpoint = checkpoint(p -> p.metadata = metadata);

        // then: and so equal to a checkpoint given the same entries in another order
        assertThat(checkpoint.metadata().keySet()).containsExactly("author", "model", "zone");
        assertThat(checkpoint).isEqualTo(checkpoint(p -> p.metadata = Map.of("model", "gpt-4o", "zone", "eu",
                "author", "ops")));
    }

    @Test
    void withMetadataAddsAnEntryInKeyOrderAndLeavesTheOriginalUnchanged() {
        // given
        Checkpoint checkpoint = checkpoint(p -> p.metadata = Map.of("source", "config/support.yaml"));

        // when
        Checkpoint more = checkpoint.withMetadata("owner", "ops");

        // then
        assertThat(more.metadata()).containsExactly(Map.entry("owner", "ops"),
                Map.entry("source", "config/support.yaml"));
        assertThat(checkpoint.metadata()).containsExactly(Map.entry("source", "config/support.yaml"));
        assertThat(more).usingRecursiveComparison().ignoringFields("metadata").isEqualTo(checkpoint);
    }

    @Test
    void withMetadataReplacesAnEntryOfTheSameKey() {
        // when
        Checkpoint replaced = checkpoint(p -> p.metadata = Map.of("source", "old")).withMetadata("source", "new");

        // then
        assertThat(replaced.metadata()).containsExactly(Map.entry("source", "new"));
    }

    @Test
    void withMetadataRefusesANullKeyOrValue() {
        // given
        Checkpoint checkpoint = checkpoint(p -> { });

        // when / then
        assertThatThrownBy(() -> checkpoint.withMetadata(null, "v"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("key must not be null");
        assertThatThrownBy(() -> checkpoint.withMetadata("k", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("value must not be null");
    }
}
