package io.moe.application.events;

import io.moe.domain.shared.Failures;
import io.moe.application.knowledge.BundleRules;
import io.moe.application.pipeline.after.ResponseRecords;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.models.TokenCaps;
import io.moe.application.shared.UnitsOfWork;
import io.moe.application.template.TemplateCatalog;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.pipeline.KnowledgeGraph;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.kafka.EventConsumer;
import io.moe.infrastructure.llm.InferenceClient;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.apache.kafka.common.errors.WakeupException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The moe.ingest consumer (spec: Events): for every answer published there, the judge model is asked
 * for up to 8 triples, which {@link KnowledgeGraphWriter} stores as unverified relations. Only fresh
 * answers to self-contained questions are published there ({@code AfterAnswer}); each judge call is
 * booked to the system account ({@link IngestAccounting}). Runs on one managed thread; offsets are
 * committed after each batch, so events survive a restart. An answer whose ingest fails for a passing reason (the
 * judge's server down, slow or busy; PostgreSQL or the graph down) is not committed: it is read again after a wait
 * ({@link IngestRetries}: 5 s doubling to 2 minutes) and left out, with a warning, after {@value #MAX_ATTEMPTS}
 * attempts (about a quarter of an hour). An event that cannot be read, or a judge that refuses the call, is logged and
 * passed over at once.
 */
@ApplicationScoped
public class KnowledgeIngest {

    static final String TOPIC = "moe.ingest";
    static final String SYSTEM = "You extract knowledge triples from an answer. Reply with at most 8 lines of the form "
            + "'subject | PREDICATE | object', PREDICATE in upper case with underscores (e.g. TREATS, PART_OF, CAUSES). "
            + "Nothing else.";
    private static final Logger LOG = Logger.getLogger(KnowledgeIngest.class.getName());
    /** The triples the judge extracted from answers whose graph write failed, by response id (as many as are retried). */
    private final Map<String, List<Triple>> extracted = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Triple>> eldest) {
            return size() > IngestRetries.REMEMBERED;
        }
    });
    /** The longest wait for the judge's triples of one answer (the consumer's poll interval allows five of them). */
    static final Duration MAX_WAIT = Duration.ofMinutes(2);
    /** Attempts at one answer while its failures pass; the waits between them add up to about 15 minutes. */
    static final int MAX_ATTEMPTS = 12;
    /**
     * The longest wait between two attempts: with a batch's five judge calls of up to {@link #MAX_WAIT} each it stays
     * within the consumer's poll interval of 15 minutes ({@code EventConsumer}).
     */
    static final Duration LONGEST_RETRY_WAIT = Duration.ofMinutes(2);

    @Inject
    @ConfigProperty(name = "moe.kafka.bootstrap-servers", defaultValue = "127.0.0.1:19092")
    String bootstrapServers;

    @Inject
    @ConfigProperty(name = "moe.ingest.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    TemplateCatalog templates;

    @Inject
    UnitsOfWork units;

    @Inject
    EventBroker broker;

    @Inject
    InferenceClient inference;

    @Inject
    KnowledgeGraphWriter writer;

    @Inject
    IngestAccounting accounting;

    @Inject
    TokenCaps caps;

    @Inject
    ProcessedEvents processed;

    @Inject
    ResponseRecords records;

    @Inject
    KnowledgeGraph graph;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    IngestRetries retries = new IngestRetries(MAX_ATTEMPTS, Duration.ofSeconds(5), LONGEST_RETRY_WAIT);

    private volatile boolean running;
    private volatile EventConsumer consumer;
    private Thread worker;

    /** Starts the consumer once; later calls do nothing. */
    public synchronized void start() {
        if (!enabled || worker != null) {
            return;
        }
        running = true;
        worker = threads.newThread(this::consume);
        worker.setName("moe-knowledge-ingest");
        worker.start();
    }

    private void consume() {
        ensureTopic();
        while (running) {
            try (EventConsumer events = new EventConsumer(bootstrapServers, "moe-ingest", TOPIC)) {
                consumer = events;
                while (running) {
                    List<EventConsumer.Event> batch = events.poll(Duration.ofSeconds(2));
                    int handled = 0;
                    Duration retryAfter = null;
                    for (EventConsumer.Event event : batch) {
                        retryAfter = ingest(event.value());
                        if (retryAfter != null) {
                            break;
                        }
                        handled++;
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        return; // stopping: what was not committed is read again at the next start
                    }
                    if (retryAfter == null) {
                        if (!batch.isEmpty()) {
                            events.commit();
                        }
                    } else {
                        events.handledOnly(batch, handled);
                        pause(retryAfter);
                    }
                }
            } catch (WakeupException stopping) {
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Knowledge ingest paused: " + Failures.describe(e));
                pause(Duration.ofSeconds(5)); // the broker is unreachable; try again in a moment
            }
        }
    }

    /**
     * Makes the topic before subscribing to it (the outbox would on its first drain, a moment later): a consumer that
     * subscribes to a topic not yet made logs {@code UNKNOWN_TOPIC_OR_PARTITION} warnings until it appears. A broker that
     * does not answer yet is no failure here: the outbox makes the topic once it does, and the consumer finds it then.
     */
    private void ensureTopic() {
        try {
            broker.ensureTopics(List.of(TOPIC));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "The ingest topic is left to the outbox: " + Failures.describe(e), e);
        }
    }

    /**
     * Ingests one answer: null when it is done with (ingested, ingested before, or passed over), else the wait before
     * it is tried again, its failure having been a passing one.
     */
    Duration ingest(String json) {
        JsonObject event;
        try {
            event = Jsonp.readObject(json);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "An event of " + TOPIC + " that is no JSON object was passed over: " + Failures.describe(e));
            return null;
        }
        String responseId = event.getString("response_id", "");
        int attempt = retries.attempt(responseId);
        ModelRef judge = null;
        CompletableFuture<Completion> call = null;
        try {
            if (alreadyIngested(responseId)) {
                return null;
            }
            List<Triple> triples = extracted.get(responseId);
            if (triples == null) {
                String answer = event.getString("answer", "");
                judge = Merger.judgeModel(templateOf(event.getString("template", "")));
                call = inference.complete(new ModelCall(judge, List.of(ChatMessage.system(SYSTEM),
                        ChatMessage.user("Question: " + event.getString("query", "") + "\n\nAnswer:\n" + answer)), caps.internal))
                        .toCompletableFuture();
                Completion done = call.get(MAX_WAIT.toSeconds(), TimeUnit.SECONDS);
                accounting.answered(responseId, attempt, judge, done.usage());
                judge = null; // booked; a failure from here on is the graph's, not the call's
                triples = Triple.parse(done.content());
                extracted.put(responseId, triples); // a graph write that fails is tried again without asking the judge again
            }
            writer.store(triples, responseId, domain(event));
            extracted.remove(responseId);
            markIfRated(responseId);
            rememberIngested(responseId);
            retries.succeeded(responseId);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Duration.ZERO;
        } catch (Exception e) {
            if (call != null) {
                call.cancel(true); // a call that ran out of time gives its server slot back
            }
            if (judge != null) {
                accounting.failed(responseId, attempt, judge);
            }
            Duration wait = afterFailure(responseId, e);
            if (wait == null) {
                extracted.remove(responseId); // given up
            }
            return wait;
        }
    }

    private Duration afterFailure(String responseId, Exception failure) {
        if (!passing(failure)) {
            LOG.log(Level.WARNING, "An answer could not be ingested into the knowledge graph: " + Failures.describe(failure));
            return null;
        }
        Optional<Duration> wait = retries.failed(responseId);
        if (wait.isEmpty()) {
            LOG.log(Level.WARNING, "The answer " + responseId + " was left out of the knowledge graph after " + retries.maxAttempts()
                    + " attempts; the last failure: " + Failures.describe(failure));
            return null;
        }
        LOG.log(Level.INFO, "The ingest of " + responseId + " is tried again in " + wait.get().toSeconds() + " s: "
                + Failures.describe(failure));
        return wait.get();
    }

    /**
     * Whether a failure may pass: anything but a judge that answered and refused the call (4xx other than 429), which
     * would refuse it again.
     */
    static boolean passing(Throwable failure) {
        Throwable cause = failure instanceof ExecutionException && failure.getCause() != null ? failure.getCause() : failure;
        return !(cause instanceof InferenceException refused) || refused.serverFailing() || refused.upstreamStatus() == 429;
    }

    /**
     * A rating of the answer given before its triples were written (the ingest runs after the answer, and a user may
     * rate at once) applies to them as a later one does ({@code FeedbackService}): 1 or 2 flags them, 4 or 5 verifies
     * them. Best effort: without Redis the triples stay unverified.
     */
    private void markIfRated(String responseId) {
        try {
            records.rating(responseId).stream().filter(rating -> rating != 3) // the neutral rating changes nothing
                    .forEach(rating -> graph.markExtractedFrom(responseId, rating >= 4));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A rating given before the answer " + responseId + " was ingested could not be applied to its"
                    + " triples: " + Failures.describe(e));
        }
    }

    /**
     * The template the answer came from, else the default. Read in a unit of work of its own: when the catalog was just
     * invalidated this thread reads PostgreSQL, and outside a unit of work the consumer's thread, which lives as long as
     * the application, would keep that connection for good (IdleConnectionsIT saw one in use on an idle server).
     */
    private ExpertTemplate templateOf(String name) {
        return units.get(() -> templates.active(name).map(ExpertTemplateRecord::template).orElseGet(templates::defaultTemplate));
    }

    /** An event delivered again (a re-send, or a redelivery after a rebalance) costs no second judge call. */
    private boolean alreadyIngested(String responseId) {
        try {
            return !responseId.isEmpty() && processed.processed(TOPIC, responseId);
        } catch (RuntimeException e) {
            return false; // without Redis an event may be ingested twice; the graph merges what it already knows
        }
    }

    private void rememberIngested(String responseId) {
        try {
            if (!responseId.isEmpty()) {
                processed.markProcessed(TOPIC, responseId);
            }
        } catch (RuntimeException e) {
            LOG.fine(() -> "Could not remember the ingest of " + responseId + ": " + e.getMessage());
        }
    }

    /** The answer's first category as the domain of new entities; general when there is none or it is no domain name. */
    static String domain(JsonObject event) {
        JsonArray categories = event.getJsonArray("categories");
        if (categories != null && !categories.isEmpty() && categories.get(0) instanceof JsonString first
                && BundleRules.DOMAIN.matcher(first.getString()).matches()) {
            return first.getString();
        }
        return "general";
    }

    private void pause(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /**
     * Wakes the consumer from its poll and lets it leave the group; only a worker still busy after a moment (in a judge
     * call) is interrupted. Interrupting at once raced the consumer's close: an interrupt that arrived while it was
     * leaving the group made Kafka log two errors and keep this node a member until the session timed out.
     */
    @PreDestroy
    synchronized void stop() {
        running = false;
        EventConsumer current = consumer;
        if (current != null) {
            current.wakeup();
        }
        if (worker != null && !finished(worker, Duration.ofSeconds(2))) {
            worker.interrupt();
            finished(worker, Duration.ofSeconds(6));
        }
    }

    private static boolean finished(Thread thread, Duration wait) {
        try {
            thread.join(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }
}
