package io.moe.application.knowledge;

import io.moe.domain.shared.Failures;
import io.moe.infrastructure.embedding.SentenceEmbedder;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Gives every entity an embedding of its name (the in-process model of the semantic cache), so that search
 * finds it through the graph's vector index. Writers only {@link #kick()} it: one background pass at a time
 * embeds the entities that have none, {@value #BATCH} per round trip, until none is left. An import of many
 * entities therefore never waits for the model, and an entity becomes searchable seconds after it is written.
 */
@ApplicationScoped
public class EntityEmbeddings {

    static final int BATCH = 64;
    private static final Logger LOG = Logger.getLogger(EntityEmbeddings.class.getName());

    @Inject
    KnowledgeStore store;

    @Inject
    SentenceEmbedder embedder;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService executor;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();

    /** Starts a pass unless one runs; a running pass looks again when it is done. */
    public void kick() {
        again.set(true);
        if (running.compareAndSet(false, true)) {
            executor().execute(this::pass);
        }
    }

    /** Embeds until nothing is left; returns how many entities it embedded. */
    public int embedAll() {
        int done = 0;
        for (Map<String, String> batch = store.unembedded(BATCH); !batch.isEmpty(); batch = store.unembedded(BATCH)) {
            Map<String, float[]> vectors = new LinkedHashMap<>();
            batch.forEach((lc, name) -> vectors.put(lc, embed(name)));
            store.embed(vectors);
            done += vectors.size();
        }
        return done;
    }

    /** The vector a name or query is compared with: lower case, as the entities are keyed. */
    public float[] embed(String text) {
        return embedder.embed(text.toLowerCase(Locale.ROOT));
    }

    private void pass() {
        try {
            while (again.getAndSet(false)) {
                embedAll();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Entity embeddings paused until the next write: " + Failures.describe(e));
        } finally {
            running.set(false);
            if (again.get() && running.compareAndSet(false, true)) {
                executor().execute(this::pass);
            }
        }
    }

    private Executor executor() {
        return executor;
    }
}
