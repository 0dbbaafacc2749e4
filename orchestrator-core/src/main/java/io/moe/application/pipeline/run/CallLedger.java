package io.moe.application.pipeline.run;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;

import java.util.ArrayList;
import java.util.List;

/**
 * Every model call a request made, as it happens, including calls that failed after they cost tokens. It
 * outlives the pipeline run: whoever started the request settles the budget from it whether the request
 * answered, failed or was cancelled, so failed work is never free. Thread-safe: experts record in parallel.
 */
public final class CallLedger {

    private final List<StageCall> calls = new ArrayList<>();

    public synchronized void record(StageCall call) {
        calls.add(call);
    }

    public synchronized List<StageCall> calls() {
        return List.copyOf(calls);
    }

    public List<Completion> completions() {
        return calls().stream().map(StageCall::completion).toList();
    }

    /** The tokens of all calls so far. */
    public TokenUsage usage() {
        long prompt = 0;
        long completion = 0;
        for (StageCall call : calls()) {
            prompt += call.completion().usage().promptTokens();
            completion += call.completion().usage().completionTokens();
        }
        return new TokenUsage(prompt, completion);
    }
}
