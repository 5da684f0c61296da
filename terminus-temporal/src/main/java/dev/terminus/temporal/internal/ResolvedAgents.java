package dev.terminus.temporal.internal;

import dev.terminus.agent.Tool;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.AgentResolver;
import dev.terminus.temporal.ServedTools;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The agents of a worker's recipes as it resolved them: the registered ones, and the defined ones (a run's document,
 * resolved once per worker by name and digest, the last {@code capacity} kept). A document is resolved by one thread
 * while the others that need it wait, so its served tools ({@link ServedTools}) exist once. Each call that uses an
 * agent's tools holds it ({@link #hold}); a defined agent evicted from the cache, or every agent when the recipes
 * close, stops its served tools once no call holds it.
 *
 * <p>A workflow thread neither waits for another thread nor stops served tools (Temporal's rule: workflow code blocks
 * on nothing but the workflow, and does no I/O). When another thread is resolving the document a workflow needs, the
 * workflow resolves a copy of its own, kept by nobody (its served tools are never started: a workflow needs their
 * specs only); the agents a workflow thread evicts from the cache are stopped by the next call off the workflow
 * thread ({@link #hold}, {@link #registered} from an activity, {@link #close}).
 */
public final class ResolvedAgents implements AutoCloseable {
    private final Map<String, Held> registered = new LinkedHashMap<>();
    private final @Nullable AgentResolver resolver;
    private final int capacity;
    private final Map<String, String> definitions;
    private final LinkedHashMap<String, Held> defined = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, CompletableFuture<Held>> resolving = new HashMap<>();
    private final Supplier<@Nullable String> activityDefinition;
    /** Agents a workflow thread evicted, to stop off the workflow thread once no call holds them. Guarded by this. */
    private final List<Held> unstopped = new ArrayList<>();

    /**
     * @param registered the agents registered by name
     * @param resolver resolves the agents runs define, or null when the recipes resolve none
     * @param capacity how many defined agents (and documents) are kept
     * @param activityDefinition the definition in the input of the workflow of the activity this thread runs, if any
     *     (an activity worker that never saw a document reads it there)
     */
    public ResolvedAgents(Map<String, AgentRecipes.Registered> registered, @Nullable AgentResolver resolver,
            int capacity, Supplier<@Nullable String> activityDefinition) {
        registered.forEach((name, agent) -> this.registered.put(name, new Held(agent)));
        this.activityDefinition = activityDefinition;
        this.resolver = resolver;
        this.capacity = capacity;
        this.definitions = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > capacity;
            }
        };
    }

    /** @return the digest that names a definition in its agent's key: 32 hex digits of its SHA-256 */
    public static String digest(String definition) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(definition.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /**
     * Remembers a definition under its key, so this worker resolves it when a call names the key.
     *
     * @param key {@code "<name>@<digest>"}
     * @param definition the document
     */
    public void remember(String key, String definition) {
        synchronized (definitions) {
            definitions.putIfAbsent(key, definition);
        }
    }

    /**
     * @param name an agent's name, or a defined agent's key
     * @return the agent
     * @throws IllegalArgumentException naming the unknown name and the registered ones, or why a definition cannot
     *     be resolved
     */
    public AgentRecipes.Registered registered(String name) {
        stopEvicted();
        return find(name).registered;
    }

    /**
     * Holds an agent for a call that uses its tools: its served tools are not stopped until the hold is closed.
     *
     * @param name an agent's name, or a defined agent's key
     * @return the hold
     * @throws IllegalArgumentException as {@link #registered} does
     */
    public AgentRecipes.Lease hold(String name) {
        stopEvicted();
        Held held = find(name);
        synchronized (this) {
            held.holds++;
        }
        return new AgentRecipes.Lease() {
            private boolean released;

            @Override
            public AgentRecipes.Registered registered() {
                return held.registered;
            }

            @Override
            public List<Tool> tools() {
                return held.tools();
            }

            @Override
            public void close() {
                boolean stop;
                synchronized (ResolvedAgents.this) {
                    if (released) {
                        return;
                    }
                    released = true;
                    held.holds--;
                    stop = held.retired && held.holds == 0;
                }
                if (stop) {
                    held.stop();
                }
            }
        };
    }

    private Held find(String name) {
        Held found = registered.get(name);
        if (found != null) {
            return found;
        }
        int at = name.lastIndexOf('@');
        if (at <= 0) {
            throw new IllegalArgumentException("no agent is registered as \"" + name + "\"; registered: "
                    + registered.keySet());
        }
        return defined(name, name.substring(0, at));
    }

    private Held defined(String key, String name) {
        CompletableFuture<Held> pending;
        CompletableFuture<Held> mine = null;
        synchronized (this) {
            Held cached = defined.get(key);
            if (cached != null) {
                return cached;
            }
            pending = resolving.get(key);
            if (pending == null) {
                mine = new CompletableFuture<>();
                resolving.put(key, mine);
            }
        }
        if (mine == null) {
            if (WorkflowUnsafe.isWorkflowThread()) {
                // not waiting for another thread: the same document resolves to the same agent, unstarted
                return new Held(resolve(key, name));
            }
            return awaited(pending);
        }
        try {
            Held held = new Held(resolve(key, name));
            List<Held> evicted = new ArrayList<>();
            synchronized (this) {
                resolving.remove(key);
                defined.put(key, held);
                var eldest = defined.entrySet().iterator();
                while (defined.size() > capacity) {
                    Held old = eldest.next().getValue();
                    eldest.remove();
                    old.retired = true;
                    if (old.holds == 0) {
                        evicted.add(old);
                    }
                }
            }
            mine.complete(held);
            if (WorkflowUnsafe.isWorkflowThread()) {
                synchronized (this) {
                    unstopped.addAll(evicted);
                }
            } else {
                evicted.forEach(Held::stop);
            }
            return held;
        } catch (RuntimeException e) {
            synchronized (this) {
                resolving.remove(key);
            }
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private static Held awaited(CompletableFuture<Held> pending) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return pending.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the resolution ends soon: it starts nothing
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException failure) {
                        throw failure;
                    }
                    throw new CompletionException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private AgentRecipes.Registered resolve(String key, String name) {
        AgentResolver resolving = resolver;
        if (resolving == null) {
            throw new IllegalArgumentException("agent \"" + name + "\" is defined by its run's input, but this"
                    + " worker's recipes resolve no defined agents (AgentRecipes.Builder.resolver)");
        }
        String definition;
        synchronized (definitions) {
            definition = definitions.get(key);
        }
        if (definition == null) {
            definition = activityDefinition.get();
        }
        if (definition == null || !key.equals(name + "@" + digest(definition))) {
            throw new IllegalArgumentException("the definition of agent \"" + key + "\" is unknown to this worker"
                    + " and is not its workflow's input");
        }
        AgentRecipes.Registered resolved = resolving.resolve(name, definition);
        if (!resolved.name().equals(name)) {
            if (resolved.served() != null) {
                resolved.served().close();
            }
            throw new IllegalArgumentException("the resolver registered the definition of agent \"" + name
                    + "\" as \"" + resolved.name() + "\"");
        }
        return resolved;
    }

    /**
     * Stops the agents a workflow thread evicted, unless this is a workflow thread: a workflow thread stops no served
     * tools (an MCP server's process or connection).
     */
    private void stopEvicted() {
        if (WorkflowUnsafe.isWorkflowThread()) {
            return;
        }
        List<Held> evicted;
        synchronized (this) {
            if (unstopped.isEmpty()) {
                return;
            }
            evicted = List.copyOf(unstopped);
            unstopped.clear();
        }
        evicted.forEach(Held::stop);
    }

    /** Stops the served tools of every agent, each once no call holds it; later calls start them again. */
    @Override
    public void close() {
        List<Held> stopped = new ArrayList<>();
        synchronized (this) {
            stopped.addAll(unstopped);
            unstopped.clear();
            List<Held> all = new ArrayList<>(registered.values());
            all.addAll(defined.values());
            defined.clear();
            for (Held held : all) {
                held.retired = true;
                if (held.holds == 0) {
                    stopped.add(held);
                }
            }
        }
        stopped.forEach(Held::stop);
    }

    /** One resolved agent: the calls holding it, and its served tools once started. */
    private static final class Held {
        private final AgentRecipes.Registered registered;
        /** Guarded by the {@link ResolvedAgents}. */
        private int holds;
        /** Evicted: stopped once no call holds it. Guarded by the {@link ResolvedAgents}. */
        private boolean retired;
        /** Its tools with the served ones started, or null until they are. Guarded by this. */
        private @Nullable List<Tool> tools;

        Held(AgentRecipes.Registered registered) {
            this.registered = registered;
        }

        /** @return its tools, then its served tools, started at the first call that needs them */
        synchronized List<Tool> tools() {
            ServedTools served = registered.served();
            if (served == null) {
                return registered.tools();
            }
            if (tools == null) {
                List<Tool> all = new ArrayList<>(registered.tools());
                all.addAll(served.start());
                tools = List.copyOf(all);
            }
            return tools;
        }

        /** Stops its served tools, if they were started; the next call that needs them starts them again. */
        synchronized void stop() {
            ServedTools served = registered.served();
            if (served != null && tools != null) {
                tools = null;
                served.close();
            }
        }
    }
}
