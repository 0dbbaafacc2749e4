package io.moe.infrastructure.embedding;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SentenceEmbedderTest {

    /** The session of our own (one thread, no spinning) computes what the library's default session computes. */
    @Test
    void embedsAsTheLibrarysOwnModelDoes() {
        SentenceEmbedder embedder = new SentenceEmbedder();
        AllMiniLmL6V2QuantizedEmbeddingModel library = new AllMiniLmL6V2QuantizedEmbeddingModel();
        for (String text : new String[] {"how do i repot an orchid", "was ist die hauptstadt von frankreich", "x"}) {
            float[] ours = embedder.embed(text);
            float[] theirs = library.embed(text).content().vector();
            double norm = 0;
            for (float x : theirs) {
                norm += x * x;
            }
            assertEquals(SentenceEmbedder.DIMENSIONS, ours.length);
            for (int i = 0; i < ours.length; i++) {
                assertEquals(theirs[i] / Math.sqrt(norm), ours[i], 1e-5, text + ", dimension " + i);
            }
        }
    }

    @Test
    void aVectorIsAtDistanceZeroFromItselfAndUnitLong() {
        float[] v = new SentenceEmbedder().embed("the semantic cache");
        assertEquals(0, SentenceEmbedder.distance(v, v), 1e-6);
    }
}
