package io.moe.infrastructure.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Turns text into a 384-dimensional unit vector with all-MiniLM-L6-v2 (quantized), running in this
 * JVM. The model loads on first use (about a second) and is shared by all requests.
 *
 * <p>Each embedding runs on the calling thread alone, and ONNX Runtime's threads do not spin waiting for the next
 * one: its defaults (a pool of one thread per core that spins after each run) cost 27 ms of CPU per question for
 * 4 ms of work, taken from every other request on a small machine. Requests embed in parallel on their own threads.
 */
@ApplicationScoped
public class SentenceEmbedder {

    public static final int DIMENSIONS = 384;

    private static final String WEIGHTS = "/all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "/all-minilm-l6-v2-q-tokenizer.json";

    private volatile EmbeddingModel model;

    public float[] embed(String text) {
        return normalised(model().embed(text).content().vector());
    }

    private EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    model = new MiniLm(load());
                }
                m = model;
            }
        }
        return m;
    }

    /** The weights and tokenizer the model's jar carries (read through its class, which is not initialised). */
    private static OnnxBertBiEncoder load() {
        Class<?> jar = AllMiniLmL6V2QuantizedEmbeddingModel.class;
        try (InputStream weights = jar.getResourceAsStream(WEIGHTS); InputStream tokenizer = jar.getResourceAsStream(TOKENIZER);
             OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            if (weights == null || tokenizer == null) {
                throw new IllegalStateException("the embedding model's files are missing from " + jar.getName() + "'s jar");
            }
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.addConfigEntry("session.inter_op.allow_spinning", "0");
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            return new OnnxBertBiEncoder(environment, environment.createSession(weights.readAllBytes(), options), tokenizer, PoolingMode.MEAN);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding model", e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the embedding model: " + e.getMessage(), e);
        }
    }

    /** all-MiniLM-L6-v2 over a session of our own; one text at a time, so no executor of its own either. */
    private static final class MiniLm extends AbstractInProcessEmbeddingModel {

        private final OnnxBertBiEncoder encoder;

        MiniLm(OnnxBertBiEncoder encoder) {
            super(Runnable::run);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return DIMENSIONS;
        }
    }

    /** Cosine distance of two unit vectors: 0 for the same direction, 1 for orthogonal. */
    public static double distance(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return 1 - dot;
    }

    private static float[] normalised(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return v;
        }
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / norm);
        }
        return out;
    }
}
