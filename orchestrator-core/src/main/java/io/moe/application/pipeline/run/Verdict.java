package io.moe.application.pipeline.run;

import io.moe.domain.pipeline.Confidence;

/**
 * How the run ends: the answer and its confidence, whether the semantic cache served it, and the first
 * failed model call, reported when no stage produced anything. The answer is set by the pipeline
 * thread; failures are recorded by any branch, so those two methods are synchronized.
 */
public final class Verdict {

    private String answer;
    private String rendered;
    private Confidence confidence = Confidence.MITTEL;
    private boolean fromCache;
    private String cacheEntryId;
    private RuntimeException firstFailure;
    private boolean cut;

    Verdict() {
    }

    /** The answer (null until the merger, the cache or an internal request set it). */
    public String answer() {
        return answer;
    }

    public Confidence confidence() {
        return confidence;
    }

    public void answer(String text, Confidence level) {
        answer(text, level, false);
    }

    /**
     * The answer; {@code cut}: it ends where a length limit stopped the model that wrote it (its token limit: the
     * client's {@code max_tokens}, the template's or the service's cap).
     */
    public void answer(String text, Confidence level, boolean cut) {
        this.answer = text;
        this.confidence = level;
        this.rendered = null;
        this.cut = cut;
    }

    /** Whether the answer ends where a length limit stopped it (OpenAI's {@code finish_reason} {@code length}). */
    public boolean cut() {
        return cut;
    }

    /** The answer, already in the mode's form as it was streamed to the client while the model wrote it. */
    public void answer(String text, Confidence level, String inForm, boolean cut) {
        answer(text, level, cut);
        this.rendered = inForm;
    }

    /** The answer in the mode's form when it was streamed as it was written; null when it is still to be put in form. */
    public String rendered() {
        return rendered;
    }

    /** The cache served the answer, from the entry {@code entryId}. */
    public void answeredFromCache(String entryId) {
        this.fromCache = true;
        this.cacheEntryId = entryId;
    }

    /** The answer was stored in the cache as the entry {@code entryId} (rule 10). */
    public void storedInCache(String entryId) {
        this.cacheEntryId = entryId;
    }

    public boolean fromCache() {
        return fromCache;
    }

    /** The cache entry that served the answer or now holds it; null when there is none. */
    public String cacheEntryId() {
        return cacheEntryId;
    }

    /** Remembers the first failed model call. */
    public synchronized void recordFailure(RuntimeException failure) {
        if (firstFailure == null) {
            firstFailure = failure;
        }
    }

    public synchronized RuntimeException firstFailure() {
        return firstFailure;
    }
}
