package io.moe.application.pipeline;

import io.moe.application.pipeline.after.PipelineMetrics;
import io.moe.application.pipeline.experts.CorrectionStore;
import io.moe.application.pipeline.experts.ErrorExamples;
import io.moe.application.pipeline.experts.ModelScoreStore;
import io.moe.application.pipeline.experts.ModelScores;
import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.models.TokenCaps;
import io.moe.application.pipeline.plan.PlanStore;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.run.Progress;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.limits.ModelCallShare;
import io.moe.application.limits.RequestLimits;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.template.ExpertTemplate;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.llm.InferenceClient;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * In-memory stand-ins for what the pipeline's stages talk to, so that each spec rule can be tested in
 * milliseconds without a server or a store: a scripted inference client that records every call, an
 * executor on plain threads, and runs built from the built-in template.
 */
public final class Fakes {

    public static final ExpertTemplate TEMPLATE = template();

    private Fakes() {
    }

    /** Answers model calls with a script and records them; the script sees the whole call (system prompt, turns, max_tokens). */
    public static final class ScriptedInference extends InferenceClient {

        public final List<ModelCall> calls = Collections.synchronizedList(new ArrayList<>());
        private final Function<ModelCall, CompletionStage<Completion>> script;
        /** Whether a call given up before it answered had reached its server (else it still waited for a slot). */
        public volatile boolean reachedTheServer = true;

        public ScriptedInference(Function<ModelCall, CompletionStage<Completion>> script) {
            this.script = script;
        }

        /** Every call answers {@code text}, costing 10 prompt and 5 completion tokens. */
        public static ScriptedInference answering(String text) {
            return new ScriptedInference(call -> CompletableFuture.completedFuture(
                    new Completion(text, call.model().toString(), new TokenUsage(10, 5))));
        }

        @Override
        public CompletionStage<Completion> complete(ModelCall call) {
            calls.add(call);
            return script.apply(call);
        }

        @Override
        public boolean wentOut(ModelCall call) {
            return reachedTheServer && calls.contains(call);
        }

        /** Answers as {@link #complete}, its text in pieces of {@link #PIECE} characters. */
        @Override
        public Completion stream(ModelCall call, java.util.function.Consumer<String> pieces, CompletionStage<?> stop) {
            Completion done;
            try {
                done = complete(call).toCompletableFuture().join();
            } catch (java.util.concurrent.CompletionException e) {
                throw (RuntimeException) e.getCause();
            }
            for (int i = 0; i < done.content().length(); i += PIECE) {
                pieces.accept(done.content().substring(i, Math.min(done.content().length(), i + PIECE)));
            }
            return done;
        }

        public static final int PIECE = 7;

        public String system(int i) {
            return calls.get(i).messages().get(0).text();
        }
    }

    /** A model caller over {@code inference}, with the default token caps and per-user share. */
    public static ModelCaller caller(InferenceClient inference) {
        return new ModelCaller(inference, new ModelCallShare(ConfigDefaults.of(RequestLimits.class),
                new io.moe.application.servers.InferenceServers()), ConfigDefaults.of(TokenCaps.class));
    }

    /** Runs branches on plain threads, as the server's managed executors would. */
    public static PipelineExecutor executor() {
        var threads = Executors.newCachedThreadPool();
        return new PipelineExecutor() {
            @Override
            public <T> CompletableFuture<T> supply(Supplier<T> work) {
                return CompletableFuture.supplyAsync(work, threads);
            }

            @Override
            public <T> CompletableFuture<T> branch(Supplier<T> work) {
                return CompletableFuture.supplyAsync(work, threads);
            }
        };
    }

    public static Caller user(String... toolGrants) {
        return new Caller("u1", "alice", "k1", false, Map.of(ResourceType.MCP_TOOL, Set.of(toolGrants),
                ResourceType.MOE_MODE, Set.of("moe_orchestrated")), null);
    }

    public static Caller admin() {
        return new Caller("a1", "admin", "k0", true, Map.of(), null);
    }

    public static PipelineRun run(String question) {
        return run(question, user(), 0);
    }

    public static PipelineRun run(String question, Caller caller, int maxTokens) {
        return new PipelineRun("chatcmpl-test", caller, new ChatRequest(Mode.DEFAULT,
                List.of(ChatMessage.user(question)), maxTokens), TEMPLATE, Progress.NONE);
    }

    public static PipelineRun planned(String question, Subtask... tasks) {
        PipelineRun run = run(question);
        run.findings().plan(new Plan(List.of(tasks), false));
        return run;
    }

    private static ExpertTemplate template() {
        return template(t -> t);
    }

    /** The built-in template with a change, e.g. {@code t -> Json.createObjectBuilder(t).add("max_agentic_rounds", 1).build()}. */
    public static ExpertTemplate template(java.util.function.UnaryOperator<jakarta.json.JsonObject> change) {
        try (InputStream in = Fakes.class.getResourceAsStream("/templates/default-template.json")) {
            jakarta.json.JsonObject json = jakarta.json.Json.createReader(new java.io.StringReader(
                    new String(in.readAllBytes(), StandardCharsets.UTF_8))).readObject();
            return ExpertTemplate.parse(change.apply(json).toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A run in {@code mode} whose client streams: the pieces of the answer's text it is given go to {@code pieces}. */
    public static PipelineRun streamed(String question, Mode mode, List<String> pieces) {
        Progress client = new Progress() {
            @Override
            public void status(String line) {
            }

            @Override
            public boolean takesAnswerText() {
                return true;
            }

            @Override
            public void answerText(String piece) {
                pieces.add(piece);
            }
        };
        return new PipelineRun("chatcmpl-test", user(), new ChatRequest(mode, List.of(ChatMessage.user(question)), 0), TEMPLATE, client);
    }

    public static PipelineRun run(String question, ExpertTemplate template, Mode mode) {
        return new PipelineRun("chatcmpl-test", user(), new ChatRequest(mode, List.of(ChatMessage.user(question)), 0),
                template, Progress.NONE);
    }

    /** Plans in a map, as the plan cache keeps them. */
    public static final class MemoryPlans implements PlanStore {
        public final Map<String, String> plans = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public java.util.Optional<String> find(String template, String query) {
            return java.util.Optional.ofNullable(plans.get(template + "|" + query));
        }

        @Override
        public void put(String template, String query, String planJson) {
            plans.put(template + "|" + query, planJson);
        }
    }

    /** Model scores in a map; every vote counts. */
    public static final class MemoryScores implements ModelScoreStore {
        public final Map<String, long[]> counts = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public List<ModelScores.Score> counts(List<String> models, String category) {
            return models.stream().map(model -> {
                long[] c = counts.getOrDefault(model + "|" + category, new long[3]);
                return new ModelScores.Score(c[0], c[1], c[2]);
            }).toList();
        }

        @Override
        public boolean vote(String voter, String model, String category, boolean positive, java.time.LocalDate day, int votesPerDay) {
            long[] c = counts.computeIfAbsent(model + "|" + category, k -> new long[3]);
            c[0]++;
            c[positive ? 1 : 2]++;
            return true;
        }
    }

    /** A correction store that holds none. */
    public static final class NoCorrections implements CorrectionStore {
        @Override
        public void add(ErrorExamples.Correction correction, int pendingPerUser) {
        }

        @Override
        public List<String> newestOfUser(String userId, String category, int n) {
            return List.of();
        }

        @Override
        public List<String> newestApproved(String category, int n) {
            return List.of();
        }

        @Override
        public List<String> newest(String status, int n) {
            return List.of();
        }

        @Override
        public java.util.Optional<ErrorExamples.Correction> find(String id) {
            return java.util.Optional.empty();
        }

        @Override
        public boolean approve(String id) {
            return false;
        }

        @Override
        public boolean delete(String id) {
            return false;
        }
    }

    /** Metrics that count nothing. */
    public static final class NoMetrics extends PipelineMetrics {
        @Override
        public void expertCall(String model, String category, String node) {
        }

        @Override
        public void confidence(String level, String category) {
        }

        @Override
        public void cacheHit(String type) {
        }

        @Override
        public void cacheMiss() {
        }
    }

    /** A tool server that lists no tools. */
    public static final class NoTools extends io.moe.infrastructure.tools.ToolServerClient {
        @Override
        public String descriptions() {
            return "";
        }
    }
}
