package dev.terminus.agent.internal;

import com.fasterxml.jackson.databind.JavaType;
import dev.terminus.agent.AgentTool;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.spi.ToolSpec;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Tools from {@link AgentTool}-annotated methods: the schema comes from the parameters' types, arguments are
 * converted with Jackson, and the method is called through a {@link MethodHandle} (reflection only at registration).
 */
public final class MethodTools {
    private MethodTools() {}

    /** One parameter: its argument name, or null for the injected run context. */
    private record Arg(@Nullable String name, JavaType type, boolean required, boolean primitive) {}

    /**
     * @param target the object whose annotated methods become tools
     * @return the tools, sorted by name
     */
    public static List<Tool> of(Object target) {
        List<Tool> tools = new ArrayList<>();
        for (Method method : target.getClass().getMethods()) {
            AgentTool annotation = method.getAnnotation(AgentTool.class);
            if (annotation != null) {
                tools.add(toolOf(target, method, annotation));
            }
        }
        if (tools.isEmpty()) {
            throw new IllegalArgumentException(target.getClass().getName()
                    + " has no public method annotated @AgentTool");
        }
        tools.sort(Comparator.comparing(tool -> tool.spec().name()));
        return List.copyOf(tools);
    }

    private static Tool toolOf(Object target, Method method, AgentTool annotation) {
        String name = annotation.name().isEmpty() ? method.getName() : annotation.name();
        if (Modifier.isStatic(method.getModifiers())) {
            throw new IllegalArgumentException("@AgentTool method " + method + " must not be static");
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        List<Arg> args = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            if (parameter.getType() == RunContext.class) {
                args.add(new Arg(null, JsonText.type(RunContext.class), false, false));
                continue;
            }
            AgentTool.Param param = parameter.getAnnotation(AgentTool.Param.class);
            if (param == null && !parameter.isNamePresent()) {
                throw new IllegalArgumentException("parameter " + parameter.getName() + " of " + method
                        + " needs @AgentTool.Param or compiling with -parameters");
            }
            String argName = param != null ? param.value() : parameter.getName();
            boolean isRequired = param == null || param.required();
            Map<String, Object> schema = new LinkedHashMap<>(schemaOf(parameter.getType()));
            if (param != null && !param.description().isEmpty()) {
                schema.put("description", param.description());
            }
            properties.put(argName, schema);
            if (isRequired) {
                required.add(argName);
            }
            args.add(new Arg(argName, JsonText.type(parameter.getParameterizedType()), isRequired,
                    parameter.getType().isPrimitive()));
        }
        Map<String, @Nullable Object> parameters = new LinkedHashMap<>();
        parameters.put("type", "object");
        parameters.put("properties", properties);
        parameters.put("required", required);
        ToolSpec spec = new ToolSpec(name, annotation.description(), parameters);
        MethodHandle handle;
        try {
            method.setAccessible(true);
            handle = MethodHandles.lookup().unreflect(method).bindTo(target);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalArgumentException("cannot call @AgentTool method " + method + ": " + e.getMessage(), e);
        }
        return new MethodTool(spec, handle, List.copyOf(args));
    }

    private static Map<String, Object> schemaOf(Class<?> type) {
        if (type == String.class || type == char.class || type == Character.class || type.isEnum()) {
            return type.isEnum() ? Map.of("type", "string", "enum", enumNames(type)) : Map.of("type", "string");
        }
        if (type == int.class || type == long.class || type == short.class || type == byte.class
                || type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
                || type == BigInteger.class) {
            return Map.of("type", "integer");
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class
                || type == BigDecimal.class) {
            return Map.of("type", "number");
        }
        if (type == boolean.class || type == Boolean.class) {
            return Map.of("type", "boolean");
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return Map.of("type", "array");
        }
        return Map.of("type", "object");
    }

    private static List<String> enumNames(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            names.add(((Enum<?>) constant).name());
        }
        return names;
    }

    private record MethodTool(ToolSpec spec, MethodHandle handle, List<Arg> args) implements Tool {
        @Override
        public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
            Object[] values = new Object[args.size()];
            for (int i = 0; i < values.length; i++) {
                Arg arg = args.get(i);
                if (arg.name() == null) {
                    values[i] = context;
                    continue;
                }
                Object raw = arguments.get(arg.name());
                if (raw == null && (arg.required() || arg.primitive())) {
                    throw new ToolArgumentException("missing required argument \"" + arg.name() + "\"");
                }
                try {
                    values[i] = JsonText.convert(raw, arg.type());
                } catch (IllegalArgumentException e) {
                    throw new ToolArgumentException("argument \"" + arg.name() + "\" is not a valid "
                            + arg.type().getRawClass().getSimpleName() + ": " + raw, e);
                }
            }
            try {
                return handle.invokeWithArguments(values);
            } catch (Exception e) {
                throw e;
            } catch (Throwable t) {
                throw new InvocationTargetException(t, "tool " + spec.name() + " failed");
            }
        }
    }
}
