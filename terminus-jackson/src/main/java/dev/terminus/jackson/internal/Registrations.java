package dev.terminus.jackson.internal;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.Deserializers;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.Serializers;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.jackson.UnrecognizedTermination;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What {@code TerminusModule} installs into an {@code ObjectMapper}: serializers and deserializers for
 * every framework case and the values they carry, and modifiers that put {@code $kind} around the
 * bean serializers of registered extensions.
 */
public final class Registrations {

    private final WireFormat format;
    private final Map<String, Class<? extends Termination.Extension>> extensionsByKind;
    private final Map<Class<?>, String> kindsByType = new HashMap<>();

    /**
     * @param strict whether unknown fields and kinds are errors
     * @param extensionsByKind the registered extensions (already validated)
     */
    public Registrations(boolean strict, Map<String, Class<? extends Termination.Extension>> extensionsByKind) {
        this.format = new WireFormat(strict);
        this.extensionsByKind = Map.copyOf(extensionsByKind);
        extensionsByKind.forEach((kind, type) -> kindsByType.put(type, kind));
    }

    /**
     * The serializers, matched by exact class: every framework case, {@link UnrecognizedTermination}, the
     * termination interface (for declared types) and the carried values. Extension classes are not matched
     * here (their bean serializer is wrapped by {@link #serializerModifier()}), which is what keeps the
     * interface's serializer from calling itself.
     */
    public Serializers serializers() {
        Map<Class<?>, JsonSerializer<?>> byClass = new HashMap<>();
        TerminationSerializer termination = new TerminationSerializer(format);
        byClass.put(Termination.class, termination);
        byClass.put(UnrecognizedTermination.class, termination);
        for (Class<?> type : Termination.class.getPermittedSubclasses()) {
            if (type.isRecord()) {
                byClass.put(type, termination);
            }
        }
        JsonSerializer<Message> messages = CodecAdapters.serializer(Message.class, format.message);
        byClass.put(Message.class, messages);
        for (Class<?> type : Message.class.getPermittedSubclasses()) {
            byClass.put(type, messages);
        }
        byClass.put(ToolCall.class, CodecAdapters.serializer(ToolCall.class, format.toolCall));
        byClass.put(Diagnostic.class, CodecAdapters.serializer(Diagnostic.class, format.diagnostic));
        byClass.put(ErrorInfo.class, CodecAdapters.serializer(ErrorInfo.class, format.errorInfo));
        return new Serializers.Base() {
            @Override
            public @Nullable JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type,
                    BeanDescription description) {
                return byClass.get(type.getRawClass());
            }
        };
    }

    /** The deserializers: a termination deserializer per framework case and one for the interface. */
    public Deserializers deserializers() {
        SimpleDeserializers deserializers = new SimpleDeserializers();
        deserializers.addDeserializer(Termination.class,
                new TerminationDeserializer(format, extensionsByKind, Termination.class));
        for (Class<?> type : Termination.class.getPermittedSubclasses()) {
            if (type.isRecord()) {
                addTermination(deserializers, type);
            }
        }
        addTermination(deserializers, UnrecognizedTermination.class);
        deserializers.addDeserializer(Message.class, CodecAdapters.deserializer(Message.class, format.message));
        deserializers.addDeserializer(ToolCall.class, CodecAdapters.deserializer(ToolCall.class, format.toolCall));
        deserializers.addDeserializer(Diagnostic.class, CodecAdapters.deserializer(Diagnostic.class, format.diagnostic));
        deserializers.addDeserializer(ErrorInfo.class, CodecAdapters.deserializer(ErrorInfo.class, format.errorInfo));
        return deserializers;
    }

    @SuppressWarnings("unchecked")
    private void addTermination(SimpleDeserializers deserializers, Class<?> type) {
        Class<Termination> caseType = (Class<Termination>) type;
        deserializers.addDeserializer(caseType, new TerminationDeserializer(format, extensionsByKind, caseType));
    }

    /** Puts {@code $kind} around the serializers of extension types, and refuses unregistered ones. */
    public BeanSerializerModifier serializerModifier() {
        return new BeanSerializerModifier() {
            @Override
            public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription description,
                    JsonSerializer<?> serializer) {
                Class<?> type = description.getBeanClass();
                if (Termination.Extension.class.isAssignableFrom(type) && type != UnrecognizedTermination.class) {
                    return new ExtensionSerializer(type, kindsByType.get(type), serializer);
                }
                return serializer;
            }
        };
    }

    /** Lets registered extension types be read on their own too, checking their {@code $kind}. */
    public BeanDeserializerModifier deserializerModifier() {
        return new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                @Nullable String kind = kindsByType.get(description.getBeanClass());
                return kind == null ? deserializer
                        : new ExtensionDeserializer(description.getBeanClass(), kind, deserializer);
            }
        };
    }

    /** The wire field names of every framework case, in order, by kind. */
    public Map<String, java.util.List<String>> caseFields() {
        return format.caseFields();
    }

}
