package io.moe.infrastructure.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Turns text into a 384-dimensional unit vector with all-MiniLM-L6-v2 (quantized), running in this
 * JVM. The model loads on first use (about a second) and is shared by all requests.
 */
@ApplicationScoped
public class SentenceEmbedder {

    public static final int DIMENSIONS = 384;

    private volatile EmbeddingModel model;

    public float[] embed(String text) {
        return normalised(model().embed(text).content().vector());
    }

    private EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    Thread thread = Thread.currentThread();
                    ClassLoader previous = thread.getContextClassLoader();
                    thread.setContextClassLoader(AllMiniLmL6V2QuantizedEmbeddingModel.class.getClassLoader());
                    try {
                        model = new AllMiniLmL6V2QuantizedEmbeddingModel();
                    } finally {
                        thread.setContextClassLoader(previous);
                    }
                }
                m = model;
            }
        }
        return m;
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
