package io.moe.application.chat;

import io.moe.application.template.TemplateCatalog;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.template.ExpertConfig;
import io.moe.domain.template.ExpertModel;
import io.moe.domain.template.ExpertTemplate;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.llm.InferenceClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a chat request. This first slice routes every request to the default template's general
 * expert through the real inference client; the full pipeline replaces the single expert call.
 */
@ApplicationScoped
public class ChatService {

    static final String CATEGORY = "general";

    @Inject
    TemplateCatalog templates;

    @Inject
    InferenceClient inference;

    @Inject
    PipelineExecutor executor;

    /** Answers {@code request} under the response id {@code id}, created at Unix time {@code created}. */
    public CompletionStage<ChatAnswer> answer(String id, long created, ChatRequest request) {
        return executor.supply(templates::defaultTemplate)
                .thenCompose(template -> inference.complete(expertCall(template, request)))
                .thenApply(completion -> new ChatAnswer(id, created, completion.content(), completion.usage(), List.of(completion)));
    }

    private static ModelCall expertCall(ExpertTemplate template, ChatRequest request) {
        ExpertConfig expert = template.expert(CATEGORY).filter(e -> !e.models().isEmpty())
                .orElseThrow(() -> new IllegalStateException("template '" + template.name()
                        + "' has no model for the category '" + CATEGORY + "'"));
        ExpertModel model = expert.models().get(0);
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(expert.systemPrompt() != null ? expert.systemPrompt() : ExpertPrompts.of(CATEGORY)));
        request.messages().stream().filter(m -> !"system".equals(m.role())).forEach(messages::add);
        return new ModelCall(model.ref(), messages, 0);
    }
}
