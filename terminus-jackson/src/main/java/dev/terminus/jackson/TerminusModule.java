package dev.terminus.jackson;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.Module;
import dev.terminus.Termination;
import dev.terminus.Preconditions;
import dev.terminus.jackson.internal.Registrations;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Jackson module of the Terminus wire format: every {@link Termination} as an object whose first
 * property, {@code $kind}, names the case, followed by the case's fields.
 *
 * {@snippet :
 * ObjectMapper mapper = JsonMapper.builder().addModule(new TerminusModule()).build();
 * String json = mapper.writeValueAsString(new Termination.MaxIterationsReached(25, 25));
 * // {"$kind":"MaxIterationsReached","limit":25,"iterationsUsed":25}
 * Termination back = mapper.readValue(json, Termination.class);
 * }
 *
 * <p><b>Reading is strict by default</b>: an unknown {@code $kind}, an unknown or duplicated field, a
 * missing required field, a value of the wrong type or a value its record refuses (a negative limit) fail
 * with one of Jackson's own exceptions ({@link com.fasterxml.jackson.core.JsonProcessingException} and its
 * subtypes, such as {@link com.fasterxml.jackson.databind.exc.MismatchedInputException} and
 * {@link com.fasterxml.jackson.databind.exc.InvalidTypeIdException}) whose message says what is wrong.
 * {@link ReadMode#TOLERANT} instead reads unknown kinds as {@link UnrecognizedTermination} and skips
 * unknown fields. Only framework cases and registered extension types are ever instantiated: no class
 * name is read from the input.
 *
 * <p><b>Extensions</b> are registered by kind; their fields are written and read by Jackson's own bean
 * or record (de)serializer for their class. Writing an extension whose type is not registered fails,
 * naming the type.
 *
 * {@snippet :
 * record QuotaExceeded(String tenant) implements Termination.Extension {
 *     @Override public String tag() { return "QuotaExceeded"; }
 *     @Override public Category category() { return Category.CAPACITY; }
 * }
 *
 * TerminusModule module = TerminusModule.builder()
 *         .registerExtension("QuotaExceeded", QuotaExceeded.class)
 *         .readMode(ReadMode.TOLERANT)
 *         .build();
 * }
 *
 * <p>A module is immutable. Register one {@code TerminusModule} per mapper: Jackson ignores a second
 * registration of the same module type.
 */
public final class TerminusModule extends Module {

    private final ReadMode readMode;
    private final Map<String, Class<? extends Termination.Extension>> extensions;

    /** A strict module without extensions. */
    public TerminusModule() {
        this(ReadMode.STRICT, Map.of());
    }

    private TerminusModule(ReadMode readMode, Map<String, Class<? extends Termination.Extension>> extensions) {
        this.readMode = readMode;
        this.extensions = Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
    }

    /**
     * A builder for a module with extensions or another read mode.
     *
     * @return a new builder: strict, without extensions
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The wire field names of every framework case, in the order they are written, by {@code $kind}.
     *
     * @return an unmodifiable map, in catalogue order
     */
    public static Map<String, List<String>> frameworkCaseFields() {
        return new Registrations(true, Map.of()).caseFields();
    }

    /**
     * How unknown input is treated.
     *
     * @return the read mode
     */
    public ReadMode readMode() {
        return readMode;
    }

    /**
     * The registered extensions.
     *
     * @return an unmodifiable map from kind to type, in registration order
     */
    public Map<String, Class<? extends Termination.Extension>> extensions() {
        return extensions;
    }

    @Override
    public String getModuleName() {
        return "TerminusModule";
    }

    @Override
    public Version version() {
        return new Version(0, 1, 0, "SNAPSHOT", "dev.terminus", "terminus-jackson");
    }

    @Override
    public void setupModule(SetupContext context) {
        Registrations registrations = new Registrations(readMode == ReadMode.STRICT, extensions);
        context.addSerializers(registrations.serializers());
        context.addDeserializers(registrations.deserializers());
        context.addBeanSerializerModifier(registrations.serializerModifier());
        context.addBeanDeserializerModifier(registrations.deserializerModifier());
        context.setMixInAnnotations(Termination.class, TerminationMixIn.class);
    }

    /** Keeps the predicates of {@link Termination} out of the JSON of extension beans. */
    private interface TerminationMixIn {
        @JsonIgnore boolean isSuccess();
        @JsonIgnore boolean isError();
        @JsonIgnore boolean isBudgetExhausted();
        @JsonIgnore boolean isStuck();
        @JsonIgnore boolean isValidationFailure();
        @JsonIgnore boolean isSuspended();
    }

    /** Builds an immutable {@link TerminusModule}. */
    public static final class Builder {
        private ReadMode readMode = ReadMode.STRICT;
        private final Map<String, Class<? extends Termination.Extension>> extensions = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Sets how unknown input is treated.
         *
         * @param readMode the mode; {@link ReadMode#STRICT} by default
         * @return this builder
         */
        public Builder readMode(ReadMode readMode) {
            this.readMode = Preconditions.notNull(readMode, "readMode");
            return this;
        }

        /**
         * Registers an extension type under a kind, its {@code $kind} on the wire.
         *
         * @param kind the kind; must match {@code [A-Z][A-Za-z0-9]{0,63}} and not be a framework case's
         *     name nor {@value UnrecognizedTermination#TAG}
         * @param type the extension's concrete class
         * @return this builder
         * @throws IllegalArgumentException naming the kind or the type when either is unusable or already registered
         */
        public Builder registerExtension(String kind, Class<? extends Termination.Extension> type) {
            Termination.Extension.requireValidTag(kind);
            Preconditions.notNull(type, "extension type");
            if (UnrecognizedTermination.TAG.equals(kind) || type == UnrecognizedTermination.class) {
                throw new IllegalArgumentException("Extension kind \"" + kind + "\" is reserved for "
                        + "UnrecognizedTermination");
            }
            if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
                throw new IllegalArgumentException("Extension type " + type.getName()
                        + " must be a concrete class (a record, usually) to be read");
            }
            if (extensions.containsKey(kind)) {
                throw new IllegalArgumentException("Extension kind \"" + kind + "\" is already registered for "
                        + extensions.get(kind).getName());
            }
            if (extensions.containsValue(type)) {
                throw new IllegalArgumentException("Extension type " + type.getName() + " is already registered");
            }
            extensions.put(kind, type);
            return this;
        }

        /**
         * Builds the module.
         *
         * @return an immutable module
         */
        public TerminusModule build() {
            return new TerminusModule(readMode, extensions);
        }
    }
}
