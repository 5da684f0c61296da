package dev.terminus.temporal;

import dev.terminus.Preconditions;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.Model;
import dev.terminus.temporal.internal.ResolvedAgents;
import dev.terminus.temporal.internal.TranscriptCache;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The agents a worker runs, by name: for each, the real model and tools its activities call, and the
 * {@link AgentRecipe} that builds the agent on them (in the activities) or on their proxies (in the workflow); and,
 * with a {@link AgentResolver}, the agents that runs define by a document ({@link AgentRunInput#definition()}).
 * Workflow and activity workers of one task queue must hold the same recipes. Immutable but for the cache of defined
 * agents: each document is resolved once per worker (the last {@value #DEFINED_CACHE} documents are kept). An agent's
 * {@link ServedTools} (an MCP server's) are started by the first activity that needs them and stopped when the recipes
 * are {@linkplain #close() closed} (after the worker stopped), or when their defined agent is evicted from the cache
 * and no call uses them any more.
 *
 * {@snippet :
 * // given: Model openAiModel; class Weather {}
 * AgentRecipes recipes = AgentRecipes.builder()
 *         .agent("weather", openAiModel, Tools.fromMethods(new Weather()), materials -> Agent.builder(materials.model())
 *                 .tools(materials.tools()).clock(materials.clock()).build())
 *         .callTimeout(Duration.ofMinutes(2))
 *         .build();
 * }
 */
public final class AgentRecipes implements AutoCloseable {

    /**
     * One registered agent.
     *
     * @param name the name workflows ask for ({@link AgentRunInput#agentName()})
     * @param model the real model
     * @param tools the real tools
     * @param served tools a worker starts before it can list them (an MCP server's), offered after {@code tools};
     *     null when the agent has none
     * @param recipe how to build the agent on them or on their proxies
     */
    public record Registered(String name, Model model, List<Tool> tools, @Nullable ServedTools served,
            AgentRecipe recipe) {
        /** Validates that nothing is null, the tools' names are unique, and copies the tools. */
        public Registered {
            Preconditions.notNull(name, "Registered.name");
            Preconditions.notNull(model, "Registered.model");
            tools = Preconditions.immutableList(tools, "Registered.tools");
            Preconditions.notNull(recipe, "Registered.recipe");
            Set<String> names = new HashSet<>();
            for (Tool tool : tools) {
                if (!names.add(tool.spec().name())) {
                    throw new IllegalArgumentException("agent \"" + name + "\" has tool \"" + tool.spec().name()
                            + "\" twice");
                }
            }
        }

        /**
         * An agent without served tools.
         *
         * @param name the name workflows ask for
         * @param model the real model
         * @param tools the real tools
         * @param recipe how to build the agent on them or on their proxies
         */
        public Registered(String name, Model model, List<Tool> tools, AgentRecipe recipe) {
            this(name, model, tools, null, recipe);
        }
    }

    /**
     * An agent held by a call of its activities: its served tools are not stopped (by an eviction, or the recipes'
     * {@link #close()}) until every call that holds it has closed its lease.
     */
    public interface Lease extends AutoCloseable {
        /** @return the agent */
        Registered registered();

        /**
         * @return its tools, then its served tools, started by the first call that needs them on this worker
         * @throws RuntimeException why the served tools cannot be started ({@link ServedTools#start()})
         */
        List<Tool> tools();

        /** Lets the agent go; its served tools stop now if it was evicted or the recipes closed meanwhile. */
        @Override
        void close();
    }

    /** The history length past which a run goes on in a fresh execution, unless set: {@value}. */
    public static final int DEFAULT_CONTINUE_AS_NEW_AFTER = 10_000;

    /**
     * The largest {@code continueAsNewAfter}: {@value}, a quarter of a server's limit of 51,200 history events, since a
     * run that cannot continue as new goes on until four times it.
     */
    public static final int MAX_CONTINUE_AS_NEW_AFTER = 12_800;

    /** The largest payload a Temporal server accepts in one event by default (its blob size limit): {@value} bytes. */
    public static final int DEFAULT_PAYLOAD_LIMIT = 2 * 1024 * 1024;

    /** How many defined agents (and their documents) a worker keeps resolved. */
    public static final int DEFINED_CACHE = 256;

    private final Map<String, Registered> agents;
    private final Duration callTimeout;
    private final ResolvedAgents resolved;
    private final int continueAsNewAfter;
    private final CallMode modelCalls;
    private final CallMode toolCalls;
    private final long transcriptCacheChars;
    private final int payloadLimit;
    private final boolean searchAttributes;

    private AgentRecipes(Builder b) {
        this.transcriptCacheChars = b.transcriptCacheChars;
        this.payloadLimit = b.payloadLimit;
        this.searchAttributes = b.searchAttributes;
        this.modelCalls = b.modelCalls;
        this.toolCalls = b.toolCalls;
        this.agents = Map.copyOf(b.agents);
        this.callTimeout = b.callTimeout;
        this.resolved = new ResolvedAgents(b.agents, b.resolver, DEFINED_CACHE,
                WorkflowInputs::definitionOfCurrentActivity);
        this.continueAsNewAfter = b.continueAsNewAfter;
    }

    /**
     * @return a builder without agents, a call timeout of 10 minutes, and runs continued as new past
     *     {@value #DEFAULT_CONTINUE_AS_NEW_AFTER} history events
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param name an agent's name, or a defined agent's {@link #key key}
     * @return the agent registered under it, or the agent its definition defines
     * @throws IllegalArgumentException naming the unknown name and the registered ones, or why a definition cannot
     *     be resolved
     */
    public Registered registered(String name) {
        return resolved.registered(Preconditions.notNull(name, "agentName"));
    }

    /**
     * Holds an agent for a call that uses its tools (its activities do): the agent's served tools are started by the
     * first call that needs them on this worker, and are not stopped while a lease holds them.
     *
     * @param name an agent's name, or a defined agent's {@link #key key}
     * @return the lease; close it when the call is over
     * @throws IllegalArgumentException as {@link #registered(String)} does
     */
    public Lease lease(String name) {
        return resolved.hold(Preconditions.notNull(name, "agentName"));
    }

    /**
     * Stops the served tools of every agent these recipes resolved (each once no call holds it): call it when the
     * worker that used them has stopped. A later call that needs them starts them again.
     */
    @Override
    public void close() {
        resolved.close();
    }

    /**
     * The name a run's calls give its agent, which {@link #registered(String)} finds: a registered agent's name, or
     * for a defined agent {@code "<name>@<digest of the definition>"} (the definition is remembered, so this worker
     * resolves it when {@code registered} asks for the key). The calls carry the key, never the document: a worker
     * that does not hold it reads it from the workflow's input.
     *
     * @param input a run's input
     * @return its agent's key
     */
    public String key(AgentRunInput input) {
        Preconditions.notNull(input, "input");
        String definition = input.definition();
        if (definition == null) {
            return input.agentName();
        }
        String key = input.agentName() + "@" + digest(definition);
        resolved.remember(key, definition);
        return key;
    }

    /** @return the registered agents' names */
    public Set<String> names() {
        return agents.keySet();
    }

    /**
     * @return the longest a model or tool activity may take (its start-to-close timeout), when the run's time budget
     *     does not cut it shorter
     */
    public Duration callTimeout() {
        return callTimeout;
    }

    /** @return the digest that names a definition in its agent's key: 32 hex digits of its SHA-256 */
    static String digest(String definition) {
        return ResolvedAgents.digest(definition);
    }

    /**
     * @return the number of events of a workflow's history past which its run, at the end of an iteration, goes on in
     *     a fresh execution of the workflow (continue-as-new) with its state; it does so earlier when the server
     *     suggests it
     */
    public int continueAsNewAfter() {
        return continueAsNewAfter;
    }

    /** @return how a run's model calls are made ({@link CallMode#ACTIVITY} unless set) */
    public CallMode modelCalls() {
        return modelCalls;
    }

    /** @return how a run's tool calls are made ({@link CallMode#ACTIVITY} unless set) */
    public CallMode toolCalls() {
        return toolCalls;
    }

    /**
     * @return how many characters of transcripts an activity worker keeps copies of, for the calls that refer to
     *     them ({@link TranscriptReference}); {@value dev.terminus.temporal.internal.TranscriptCache#DEFAULT_MAX_CHARS}
     *     unless set
     */
    public long transcriptCacheChars() {
        return transcriptCacheChars;
    }

    /**
     * @return the largest payload, in bytes, that a run's calls and output may put in one history event
     *     ({@value #DEFAULT_PAYLOAD_LIMIT} unless set): a tool result over it ends the run {@code Halted} and a model
     *     answer over it ends the run {@code Failed}, each naming the size and the limit, before the server would
     *     refuse it; an output over it leaves its transcript out ({@link AgentRunOutput#omitted()})
     */
    public int payloadLimit() {
        return payloadLimit;
    }

    /**
     * @return whether its workflows upsert the {@link RunSearchAttributes} (how a run ended, the gate it waits at);
     *     off unless set
     */
    public boolean searchAttributes() {
        return searchAttributes;
    }

    /** Builds {@link AgentRecipes}. */
    public static final class Builder {
        private final Map<String, Registered> agents = new LinkedHashMap<>();
        private Duration callTimeout = Duration.ofMinutes(10);
        private @Nullable AgentResolver resolver;
        private int continueAsNewAfter = DEFAULT_CONTINUE_AS_NEW_AFTER;
        private CallMode modelCalls = CallMode.ACTIVITY;
        private CallMode toolCalls = CallMode.ACTIVITY;
        private long transcriptCacheChars = TranscriptCache.DEFAULT_MAX_CHARS;
        private int payloadLimit = DEFAULT_PAYLOAD_LIMIT;
        private boolean searchAttributes;

        private Builder() {}

        /**
         * Registers an agent.
         *
         * @param name its name, unique
         * @param model the real model its model activity calls
         * @param tools the real tools its tool activity calls
         * @param recipe how to build it
         * @return this builder
         * @throws IllegalArgumentException naming the name when it is registered already
         */
        public Builder agent(String name, Model model, List<Tool> tools, AgentRecipe recipe) {
            Registered registered = new Registered(name, model, tools, recipe);
            if (agents.putIfAbsent(name, registered) != null) {
                throw new IllegalArgumentException("agent \"" + name + "\" is registered twice");
            }
            return this;
        }

        /**
         * @param callTimeout the longest a model or tool activity may take; positive
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is not positive
         */
        public Builder callTimeout(Duration callTimeout) {
            Preconditions.notNull(callTimeout, "callTimeout");
            if (callTimeout.isNegative() || callTimeout.isZero()) {
                throw new IllegalArgumentException("callTimeout must be positive, was " + callTimeout);
            }
            this.callTimeout = callTimeout;
            return this;
        }

        /**
         * @param resolver builds the agents that runs define by a document ({@link AgentRunInput#definition()})
         * @return this builder
         */
        public Builder resolver(AgentResolver resolver) {
            this.resolver = Preconditions.notNull(resolver, "resolver");
            return this;
        }

        /**
         * @param events the history length past which a run goes on in a fresh execution; at least 100, so that
         *     an execution runs at least one iteration, and at most {@value #MAX_CONTINUE_AS_NEW_AFTER}, so that a run
         *     that cannot continue as new ends (at four times it) before a server's limit of 51,200 events
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is under 100 or over the maximum
         */
        public Builder continueAsNewAfter(int events) {
            if (events < 100) {
                throw new IllegalArgumentException("continueAsNewAfter must be at least 100 events, was " + events);
            }
            if (events > MAX_CONTINUE_AS_NEW_AFTER) {
                throw new IllegalArgumentException("continueAsNewAfter must be at most " + MAX_CONTINUE_AS_NEW_AFTER
                        + " events (a run that cannot continue as new ends at four times it, under a server's 51,200"
                        + " events), was " + events);
            }
            this.continueAsNewAfter = events;
            return this;
        }

        /**
         * How the runs' calls are made: as activities (the default: any worker of the task queue, as long as the call
         * timeout, heartbeats) or as local activities on the workflow's worker (one history event per call: the fast
         * path for calls of a few seconds). See {@link CallMode}.
         *
         * @param modelCalls how model calls are made
         * @param toolCalls how tool calls are made
         * @return this builder
         */
        public Builder calls(CallMode modelCalls, CallMode toolCalls) {
            this.modelCalls = Preconditions.notNull(modelCalls, "modelCalls");
            this.toolCalls = Preconditions.notNull(toolCalls, "toolCalls");
            return this;
        }

        /**
         * How much of the runs' transcripts an activity worker keeps: a model or tool activity's call refers to the
         * transcript its workflow holds, and the worker reads from the workflow (a query) only the messages its copy
         * lacks. The least recently used run's copy goes first; 0 keeps none (every call reads its whole transcript).
         *
         * @param chars the characters of message text all copies may hold together; not negative
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is negative
         */
        public Builder transcriptCacheChars(long chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("transcriptCacheChars must be >= 0, was " + chars);
            }
            this.transcriptCacheChars = chars;
            return this;
        }

        /**
         * The largest payload the Temporal server takes in one event: its {@code limit.blobSize.error} (2 MB unless
         * the server's operator changed it). A run never sends Temporal a larger one: a tool result over it ends the
         * run {@code Halted}, a model answer over it {@code Failed}, each naming the size and the limit, instead of a
         * workflow task that the server refuses again and again; an output over it leaves the transcript out.
         *
         * @param bytes the limit; at least 64 KiB
         * @return this builder
         * @throws IllegalArgumentException naming the value when it is under 64 KiB
         */
        public Builder payloadLimit(int bytes) {
            if (bytes < 64 * 1024) {
                throw new IllegalArgumentException("payloadLimit must be at least 65536 bytes, was " + bytes);
            }
            this.payloadLimit = bytes;
            return this;
        }

        /**
         * Turns on the {@link RunSearchAttributes}: the workflows upsert how their run ended, and the gate it waits at.
         * The namespace must have them registered first (a workflow task upserting an attribute the namespace lacks is
         * refused, again and again); every worker of a task queue must have the same setting, as the same recipes.
         *
         * @param on whether to upsert them
         * @return this builder
         */
        public Builder searchAttributes(boolean on) {
            this.searchAttributes = on;
            return this;
        }

        /** @return the recipes */
        public AgentRecipes build() {
            return new AgentRecipes(this);
        }
    }
}
