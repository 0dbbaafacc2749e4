package io.moe.application.pipeline;

import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Makes one model call for a stage of a run and waits for it. Every call is recorded on the run, so
 * usage and the trace count all of them; failures come back as the inference client's exception.
 */
@ApplicationScoped
public class ModelCaller {

    @Inject
    InferenceClient inference;

    /** Calls {@code model} with a system prompt and the given turns. */
    public Completion call(PipelineRun run, String stage, ModelRef model, String system, List<ChatMessage> turns) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(system));
        messages.addAll(turns);
        try {
            Completion done = inference.complete(new ModelCall(model, messages, 0)).toCompletableFuture().get();
            run.recordCall(stage, done);
            return done;
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException("interrupted while waiting for " + model, e);
        }
    }

    public Completion call(PipelineRun run, String stage, ModelRef model, String system, String user) {
        return call(run, stage, model, system, List.of(ChatMessage.user(user)));
    }

    static RuntimeException unwrap(Throwable t) {
        Throwable cause = t;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RuntimeException r ? r : new CompletionException(cause);
    }
}
