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
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Tools from {@link AgentTool}-annotated methods: the schema comes from the parameters' types, arguments are
 * converted with Jackson, and the method is called through a {@link MethodHandle} (reflection only at registration).
 */
public final class MethodTools {
    private MethodTools() {}

    /** One parameter: its argument name, or null for the injected run context. */
    private record Arg(@Nullable String name, JavaType type, boolean required) {}

    /**
     * The tools of an object: every method annotated {@link AgentTool}, whatever its access (public, protected,
     * package-private or private), declared by the object's class, its superclasses or its interfaces (default
     * methods). A method overridden further down counts once, as the overriding declaration: the override is a tool
     * only when it is annotated itself, as annotations on methods are not inherited.
     *
     * @param target the object whose annotated methods become tools
     * @return the tools, sorted by name
     * @throws IllegalArgumentException when there is none, when one cannot be a tool, or when two share a name
     */
    public static List<Tool> of(Object target) {
        List<Method> declared = declaredMethods(target.getClass());
        Map<String, Method> byName = new HashMap<>();
        List<Tool> tools = new ArrayList<>();
        for (Method method : declared) {
            AgentTool annotation = method.getAnnotation(AgentTool.class);
            if (annotation == null || method.isBridge() || method.isSynthetic()
                    || Modifier.isAbstract(method.getModifiers()) || overridden(method, declared)) {
                continue;
            }
            Tool tool = toolOf(target, method, annotation);
            Method same = byName.putIfAbsent(tool.spec().name(), method);
            if (same != null) {
                throw new IllegalArgumentException("two @AgentTool methods of " + target.getClass().getName()
                        + " are named \"" + tool.spec().name() + "\": " + same + " and " + method);
            }
            tools.add(tool);
        }
        if (tools.isEmpty()) {
            throw new IllegalArgumentException(target.getClass().getName() + " has no method annotated @AgentTool");
        }
        tools.sort(Comparator.comparing(tool -> tool.spec().name()));
        return List.copyOf(tools);
    }

    /** The methods declared by a class, its superclasses but Object, and all their interfaces, most derived first. */
    private static List<Method> declaredMethods(Class<?> type) {
        Set<Class<?>> types = new LinkedHashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            types.add(c);
        }
        List<Class<?>> pending = new ArrayList<>(types);
        for (int i = 0; i < pending.size(); i++) {
            for (Class<?> implemented : pending.get(i).getInterfaces()) {
                if (types.add(implemented)) {
                    pending.add(implemented);
                }
            }
        }
        List<Method> methods = new ArrayList<>();
        for (Class<?> c : types) {
            methods.addAll(Arrays.asList(c.getDeclaredMethods()));
        }
        return methods;
    }

    /**
     * Whether a method is overridden by one declared in a subtype (a class or interface below its own) or, for an
     * interface method, by any class of the object. Bridge methods count as overrides: they are how a subclass
     * overrides a generic method with a narrower signature.
     */
    private static boolean overridden(Method method, List<Method> declared) {
        int modifiers = method.getModifiers();
        if (Modifier.isPrivate(modifiers) || Modifier.isStatic(modifiers)) {
            return false;
        }
        boolean packagePrivate = !Modifier.isPublic(modifiers) && !Modifier.isProtected(modifiers);
        Class<?> owner = method.getDeclaringClass();
        for (Method other : declared) {
            Class<?> otherOwner = other.getDeclaringClass();
            // a class method wins over an interface's default method even from an unrelated superclass
            boolean below = owner.isAssignableFrom(otherOwner) || owner.isInterface() && !otherOwner.isInterface();
            if (otherOwner != owner && below
                    && !Modifier.isStatic(other.getModifiers())
                    && other.getName().equals(method.getName())
                    && Arrays.equals(other.getParameterTypes(), method.getParameterTypes())
                    && (!packagePrivate || otherOwner.getPackageName().equals(owner.getPackageName()))) {
                return true;
            }
        }
        return false;
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
                args.add(new Arg(null, JsonText.type(RunContext.class), false));
                continue;
            }
            AgentTool.Param param = parameter.getAnnotation(AgentTool.Param.class);
            boolean named = param != null && !param.value().isEmpty();
            if (!named && !parameter.isNamePresent()) {
                throw new IllegalArgumentException("parameter " + parameter.getName() + " of @AgentTool method "
                        + method + " has no name: its class was compiled without -parameters; compile it with"
                        + " -parameters, or name the parameter with @AgentTool.Param(\"name\")");
            }
            String argName = named ? param.value() : parameter.getName();
            // A primitive cannot be left out (there is no value to pass for it), so it is always required, whatever
            // @Param says: the schema then tells the model so, rather than letting it omit the argument and fail.
            boolean isRequired = param == null || param.required() || parameter.getType().isPrimitive();
            Map<String, Object> schema = new LinkedHashMap<>(RecordShapes.schemaOf(parameter.getParameterizedType())
                    .orElseGet(() -> schemaOf(parameter.getType())));
            if (param != null && !param.description().isEmpty()) {
                schema.put("description", param.description());
            }
            properties.put(argName, schema);
            if (isRequired) {
                required.add(argName);
            }
            args.add(new Arg(argName, JsonText.type(parameter.getParameterizedType()), isRequired));
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
                if (raw == null && arg.required()) {
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
            } catch (Exception | Error e) {
                throw e; // an Error passes through the loop untouched, as any tool's does (ADR 0022)
            } catch (Throwable t) {
                throw new InvocationTargetException(t, "tool " + spec.name() + " failed");
            }
        }
    }
}
