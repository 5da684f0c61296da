package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TerminusModuleTest {

    /** An application's own typed case. */
    public record QuotaExceeded(String tenant, int quota) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    /** An extension nobody registers. */
    public record Unregistered(String note) implements Termination.Extension {
        @Override public String tag() { return "Unregistered"; }
        @Override public Category category() { return Category.FATAL; }
    }

    /** An extension whose tag breaks the rules. */
    public record BadTag() implements Termination.Extension {
        @Override public String tag() { return "Failed"; }
        @Override public Category category() { return Category.FATAL; }
    }

    private static final ObjectMapper STRICT = JsonMapper.builder().addModule(new TerminusModule()).build();

    private static ObjectMapper withQuota(ReadMode mode) {
        return JsonMapper.builder().addModule(TerminusModule.builder()
                .registerExtension("QuotaExceeded", QuotaExceeded.class)
                .registerExtension("BadTag", BadTag.class)
                .readMode(mode).build()).build();
    }

    @Nested
    class Writing {
        @Test
        void kindComesFirstThenTheFieldsInRecordOrder() throws IOException {
            // when
            String json = STRICT.writeValueAsString(new Termination.MaxIterationsReached(25, 24));

            // then
            assertThat(json).isEqualTo("{\"$kind\":\"MaxIterationsReached\",\"limit\":25,\"iterationsUsed\":24}");
        }

        @Test
        void nullableFieldsAreWrittenAsNull() throws IOException {
            // when
            String json = STRICT.writeValueAsString(new Termination.PromptTooLong(null, 128_000L));

            // then
            assertThat(json).isEqualTo("{\"$kind\":\"PromptTooLong\",\"promptTokens\":null,\"contextWindow\":128000}");
        }

        @Test
        void aFailedIsWrittenWithoutItsLiveCause() throws IOException {
            // given
            var failed = Termination.Failed.of(new IllegalStateException("boom"), ErrorCategory.INTERNAL);

            // when
            String json = STRICT.writeValueAsString(failed);

            // then
            assertThat(json).isEqualTo("{\"$kind\":\"Failed\",\"error\":{\"type\":\"java.lang.IllegalStateException\","
                    + "\"message\":\"boom\",\"category\":\"INTERNAL\"}}");
        }

        @Test
        void aTerminationInsideAListOrAMapIsWrittenInTheWireFormat() throws IOException {
            // when
            String json = STRICT.writeValueAsString(Map.of("end", List.of(new Termination.Completed())));

            // then
            assertThat(json).isEqualTo("{\"end\":[{\"$kind\":\"Completed\"}]}");
        }

        @Test
        void aRegisteredExtensionIsWrittenWithItsKindFirstAndWithoutPredicates() throws IOException {
            // when
            String json = withQuota(ReadMode.STRICT).writeValueAsString(new QuotaExceeded("acme", 10));

            // then
            assertThat(json).isEqualTo("{\"$kind\":\"QuotaExceeded\",\"tenant\":\"acme\",\"quota\":10}");
        }

        @Test
        void writingAnUnregisteredExtensionFailsNamingTheType() {
            // when / then
            assertThatThrownBy(() -> STRICT.writeValueAsString(new Unregistered("x")))
                    .isInstanceOf(InvalidDefinitionException.class)
                    .hasMessageContaining(Unregistered.class.getName())
                    .hasMessageContaining("not registered with TerminusModule");
        }

        @Test
        void writingAnExtensionWhoseTagCollidesWithAFrameworkCaseFails() {
            // when / then
            assertThatThrownBy(() -> withQuota(ReadMode.STRICT).writeValueAsString(new BadTag()))
                    .isInstanceOf(InvalidDefinitionException.class)
                    .hasMessageContaining("\"Failed\" collides with the framework case");
        }

        @Test
        void messagesAndToolCallsHaveTheirOwnWireFormOutsideATermination() throws IOException {
            // given
            Message message = Message.Assistant.of("", new ToolCall("c1", "search", Map.of("q", "x")));

            // when
            String json = STRICT.writeValueAsString(message);

            // then
            assertThat(json).isEqualTo("{\"role\":\"assistant\",\"content\":\"\",\"toolCalls\":"
                    + "[{\"id\":\"c1\",\"name\":\"search\",\"arguments\":{\"q\":\"x\"}}]}");
            assertThat(STRICT.readValue(json, Message.class)).isEqualTo(message);
        }

        @Test
        void anAnswerCutShortIsWrittenWithItsIncompleteFlagAndACompleteOneWithout() throws IOException {
            // given
            Message cut = Message.Assistant.incomplete("Once upon");
            Message whole = Message.Assistant.of("Once upon a time.");

            // when
            String cutJson = STRICT.writeValueAsString(cut);
            String wholeJson = STRICT.writeValueAsString(whole);

            // then
            assertThat(cutJson).isEqualTo("{\"role\":\"assistant\",\"content\":\"Once upon\",\"toolCalls\":[],"
                    + "\"incomplete\":true}");
            assertThat(wholeJson).doesNotContain("incomplete");
            assertThat(STRICT.readValue(cutJson, Message.class)).isEqualTo(cut);
            assertThat(STRICT.readValue(wholeJson, Message.class)).isEqualTo(whole);
        }

        @Test
        void aUserOrToolMessageMarkedIncompleteIsRefusedNamingTheField() {
            assertThatThrownBy(() -> STRICT.readValue(
                    "{\"role\":\"tool\",\"toolCallId\":\"c1\",\"content\":\"x\",\"incomplete\":true}", Message.class))
                    .hasMessageContaining("a tool message has no field \"incomplete\"");
            assertThatThrownBy(() -> STRICT.readValue(
                    "{\"role\":\"user\",\"content\":\"x\",\"incomplete\":false}", Message.class))
                    .hasMessageContaining("a user message has only \"role\" and \"content\"");
        }
    }

    @Nested
    class Reading {
        @Test
        void theKindNeedNotComeFirst() throws IOException {
            // when
            Termination value = STRICT.readValue(
                    "{\"limit\":25,\"iterationsUsed\":3,\"$kind\":\"MaxIterationsReached\"}", Termination.class);

            // then
            assertThat(value).isEqualTo(new Termination.MaxIterationsReached(25, 3));
        }

        @Test
        void anAbsentNullableFieldReadsAsNull() throws IOException {
            // when
            Termination value = STRICT.readValue("{\"$kind\":\"Cancelled\"}", Termination.class);

            // then
            assertThat(value).isEqualTo(new Termination.Cancelled(null));
        }

        @Test
        void aCaseCanBeReadAsItsOwnType() throws IOException {
            // when
            var value = STRICT.readValue("{\"$kind\":\"Converged\",\"cycles\":7}", Termination.Converged.class);

            // then
            assertThat(value.cycles()).isEqualTo(7);
        }

        @Test
        void readingOneCaseAsAnotherFailsNamingBoth() {
            // when / then
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"Completed\"}", Termination.Converged.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("Expected a Converged but $kind is \"Completed\"");
        }

        @Test
        void customPropertiesKeepTheirTypesAndTypedAccessWorks() throws IOException {
            // when
            var custom = (Termination.Custom) STRICT.readValue("{\"$kind\":\"Custom\",\"reason\":\"r\","
                    + "\"properties\":{\"count\":4,\"ratio\":0.5,\"tags\":[\"a\"]},\"category\":\"FATAL\"}", Termination.class);

            // then
            assertThat(custom.property("count", Integer.class)).contains(4);
            assertThat(custom.property("ratio", Double.class)).contains(0.5);
            assertThat(custom.property("tags", List.class)).contains(List.of("a"));
            assertThat(custom.defaultOutcome()).isEqualTo(Outcome.FAILED);
        }

        @Test
        void moneyKeepsItsDecimalDigits() throws IOException {
            // when
            var cost = (Termination.CostBudgetExhausted) STRICT.readValue(
                    "{\"$kind\":\"CostBudgetExhausted\",\"spentUsd\":0.30000000000000004,\"limitUsd\":0.3}",
                    Termination.class);

            // then
            assertThat(cost.spentUsd()).isEqualByComparingTo(new BigDecimal("0.30000000000000004"));
        }

        @Test
        void aRegisteredExtensionIsReadBackEqual() throws IOException {
            // given
            ObjectMapper mapper = withQuota(ReadMode.STRICT);
            String json = mapper.writeValueAsString(new QuotaExceeded("acme", 10));

            // when
            Termination asTermination = mapper.readValue(json, Termination.class);
            QuotaExceeded asItself = mapper.readValue(json, QuotaExceeded.class);

            // then
            assertThat(asTermination).isEqualTo(new QuotaExceeded("acme", 10));
            assertThat(asItself).isEqualTo(new QuotaExceeded("acme", 10));
        }
    }

    @Nested
    class StrictReading {
        @Test
        void aMissingKindIsAMismatchNamingKind() {
            assertThatThrownBy(() -> STRICT.readValue("{\"limit\":1}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("missing \"$kind\"");
        }

        @Test
        void anUnknownKindIsAnInvalidTypeIdNamingTheKind() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"Exploded\"}", Termination.class))
                    .isInstanceOf(InvalidTypeIdException.class)
                    .hasMessageContaining("Unknown $kind \"Exploded\"");
        }

        @Test
        void aClassNameAsKindIsNeverInstantiated() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"java.lang.ProcessBuilder\"}", Termination.class))
                    .isInstanceOf(InvalidTypeIdException.class)
                    .hasMessageContaining("java.lang.ProcessBuilder");
        }

        @Test
        void aFieldOfTheWrongTypeIsNamed() {
            assertThatThrownBy(() -> STRICT.readValue(
                    "{\"$kind\":\"MaxIterationsReached\",\"limit\":\"25\",\"iterationsUsed\":1}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("MaxIterationsReached.limit: expected an integer")
                    .hasMessageContaining("got a string");
        }

        @Test
        void aMissingRequiredFieldIsNamed() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"Halted\",\"source\":\"hook\"}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("Halted is missing its field \"reason\"");
        }

        @Test
        void anUnknownFieldIsNamedWithTheKnownOnes() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"Converged\",\"cycles\":1,\"extra\":true}",
                    Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("Converged has no field \"extra\" (its fields: cycles)");
        }

        @Test
        void aDuplicatedFieldIsRefused() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"Converged\",\"cycles\":1,\"cycles\":2}",
                    Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("Converged.cycles appears twice");
        }

        @Test
        void aValueTheRecordRefusesIsAMappingErrorWithTheRecordsMessage() {
            assertThatThrownBy(() -> STRICT.readValue(
                    "{\"$kind\":\"MaxIterationsReached\",\"limit\":-1,\"iterationsUsed\":0}", Termination.class))
                    .isInstanceOf(JsonMappingException.class)
                    .hasMessageContaining("MaxIterationsReached.limit must be >= 0, was -1");
        }

        @Test
        void anUnknownEnumValueListsTheAllowedOnes() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"TokenBudgetExhausted\",\"tokensConsumed\":1,"
                    + "\"limit\":1,\"kind\":\"CACHED\"}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("\"CACHED\" is not one of TOTAL, INPUT, OUTPUT");
        }

        @Test
        void aMessageOfUnknownRoleIsNamed() {
            assertThatThrownBy(() -> STRICT.readValue("{\"$kind\":\"NoProgress\",\"unproductiveIterations\":1,"
                    + "\"snapshot\":[{\"role\":\"robot\",\"content\":\"\"}]}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("unknown message role \"robot\"");
        }

        @Test
        void aNonObjectIsRefused() {
            assertThatThrownBy(() -> STRICT.readValue("[1,2]", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("expected an object with a \"$kind\"");
        }

        @Test
        void everyDecodingErrorIsAJacksonProcessingException() {
            for (String garbage : List.of("", "{", "nul", "{\"$kind\":", "{\"$kind\":1}", "{\"$kind\":\"Custom\"}")) {
                assertThatThrownBy(() -> STRICT.readValue(garbage, Termination.class))
                        .as("decoding %s", garbage)
                        .isInstanceOf(JsonProcessingException.class);
            }
        }
    }

    @Nested
    class TolerantReading {
        @Test
        void anUnknownKindKeepsItsKindAndRawFieldsAndWritesBackUnchanged() throws IOException {
            // given
            ObjectMapper tolerant = withQuota(ReadMode.TOLERANT);
            String json = "{\"$kind\":\"QuantumDecoherence\",\"qubits\":12,\"detail\":{\"a\":[1,null]}}";

            // when
            Termination value = tolerant.readValue(json, Termination.class);

            // then
            assertThat(value).isInstanceOf(UnrecognizedTermination.class);
            var unrecognized = (UnrecognizedTermination) value;
            assertThat(unrecognized.kind()).isEqualTo("QuantumDecoherence");
            assertThat(unrecognized.tag()).isEqualTo("Unrecognized");
            assertThat(unrecognized.category()).isEqualTo(Category.FATAL);
            assertThat(tolerant.readTree(tolerant.writeValueAsString(value))).isEqualTo(tolerant.readTree(json));
        }

        @Test
        void unknownFieldsOfKnownCasesAreSkipped() throws IOException {
            // when
            Termination value = withQuota(ReadMode.TOLERANT).readValue(
                    "{\"$kind\":\"Converged\",\"cycles\":3,\"addedInV2\":{\"x\":1}}", Termination.class);

            // then
            assertThat(value).isEqualTo(new Termination.Converged(3));
        }

        @Test
        void tolerantReadingStillRefusesBrokenKnownCases() {
            assertThatThrownBy(() -> withQuota(ReadMode.TOLERANT).readValue(
                    "{\"$kind\":\"Converged\",\"cycles\":\"three\"}", Termination.class))
                    .isInstanceOf(MismatchedInputException.class)
                    .hasMessageContaining("Converged.cycles");
        }
    }

    @Nested
    class Registration {
        @Test
        void aMalformedKindIsRefusedAtRegistration() {
            assertThatThrownBy(() -> TerminusModule.builder().registerExtension("quota-exceeded", QuotaExceeded.class))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("\"quota-exceeded\" is malformed");
        }

        @Test
        void aKindThatCollidesWithAFrameworkCaseIsRefusedAtRegistration() {
            assertThatThrownBy(() -> TerminusModule.builder().registerExtension("Cancelled", QuotaExceeded.class))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("collides with the framework case");
        }

        @Test
        void theTolerantReadersKindIsReserved() {
            assertThatThrownBy(() -> TerminusModule.builder().registerExtension("Unrecognized", QuotaExceeded.class))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("reserved");
        }

        @Test
        void aKindOrATypeCannotBeRegisteredTwice() {
            var builder = TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class);
            assertThatThrownBy(() -> builder.registerExtension("QuotaExceeded", Unregistered.class))
                    .hasMessageContaining("already registered");
            assertThatThrownBy(() -> builder.registerExtension("Other", QuotaExceeded.class))
                    .hasMessageContaining("already registered");
        }

        @Test
        void anAbstractTypeIsRefused() {
            assertThatThrownBy(() -> TerminusModule.builder().registerExtension("Anything", Termination.Extension.class))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("must be a concrete class");
        }

        @Test
        void theModuleReportsItsModeAndExtensions() {
            // when
            TerminusModule module = TerminusModule.builder()
                    .registerExtension("QuotaExceeded", QuotaExceeded.class).readMode(ReadMode.TOLERANT).build();

            // then
            assertThat(module.readMode()).isEqualTo(ReadMode.TOLERANT);
            assertThat(module.extensions()).containsExactly(Map.entry("QuotaExceeded", QuotaExceeded.class));
            assertThat(new TerminusModule().readMode()).isEqualTo(ReadMode.STRICT);
        }
    }
}
