package io.moe.interfaces.portal;

import io.moe.application.feedback.FeedbackService;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.ViewState;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of the answer inspector, {@code /user/requests/{response id}}: how one of the user's answers was
 * made, read from its provenance trace — the stages as a timeline with time and tokens, the plan, each expert
 * with tier, model and confidence, the tools with arguments and results, the graph facts and the cache path —
 * and a rating (the feedback of {@code POST /v1/feedback}) given right there. Another user's answer (or one
 * whose trace has expired) is answered with 404, the same as a missing one.
 */
@Named("inspector")
@RequestScoped
public class AnswerInspector {

    @Inject
    PortalUser user;

    @Inject
    FeedbackService feedback;

    /** The answer the page shows: its id and its trace as read when the page was first shown (null: not the user's). */
    static final class Shown implements Serializable {
        private static final long serialVersionUID = 1L;
        String responseId;
        String traceText;
    }

    private JsonObject parsed;
    private Integer rating;
    private String correction;
    private String ratedEffects;

    /** One stage of the timeline: its name, time, share of the longest stage (percent), model calls and tokens. */
    public record Stage(String name, long ms, int width, long calls, long tokens) implements Serializable {

        /** What the stage asked of models: "no model call", "1 model call · 1,052 tokens", "2 model calls · 342 tokens". */
        public String modelWork() {
            if (calls == 0) {
                return "no model call";
            }
            return calls + (calls == 1 ? " model call · " : " model calls · ") + String.format(java.util.Locale.ENGLISH, "%,d", tokens)
                    + (tokens == 1 ? " token" : " tokens");
        }
    }

    private Shown shown() {
        return ViewState.of(Shown.class, () -> {
            Shown s = new Shown();
            s.responseId = (String) FacesContext.getCurrentInstance().getExternalContext().getRequestMap().get(RequestPaths.RESPONSE_ID);
            try {
                s.traceText = s.responseId == null ? null : feedback.trace(user.caller(), s.responseId).toString();
            } catch (Refusal e) {
                s.traceText = null;
            }
            return s;
        });
    }

    private JsonObject trace() {
        String text = shown().traceText;
        if (parsed == null && text != null) {
            parsed = Jsonp.readObject(text);
        }
        return parsed;
    }

    public boolean isFound() {
        return trace() != null;
    }

    public String getResponseId() {
        return shown().responseId;
    }

    /** A top-level text of the trace (mode, template, confidence, route, model, server), or "". */
    public String field(String name) {
        JsonValue v = trace() == null ? null : trace().get(name);
        if (v instanceof JsonString s) {
            return s.getString();
        }
        return v == null || v == JsonValue.NULL ? "" : v.toString();
    }

    public long getTotalMs() {
        return number(trace(), "total_ms");
    }

    public JsonObject getUsage() {
        JsonValue u = trace() == null ? null : trace().get("usage");
        return u instanceof JsonObject o ? o : null;
    }

    /** One count of the answer's usage ({@code total_tokens}, {@code prompt_tokens}, …); null when the trace has none. */
    public Long tokens(String name) {
        JsonObject usage = getUsage();
        return usage != null && usage.get(name) instanceof jakarta.json.JsonNumber n ? n.longValue() : null;
    }

    public List<Stage> getStages() {
        List<JsonObject> stages = objects("stages");
        long longest = stages.stream().mapToLong(s -> number(s, "ms")).max().orElse(0);
        return stages.stream().map(s -> new Stage(s.getString("stage", "?"), number(s, "ms"),
                longest == 0 ? 0 : (int) Math.max(1, number(s, "ms") * 100 / longest), number(s, "model_calls"),
                number(s, "prompt_tokens") + number(s, "completion_tokens"))).toList();
    }

    public List<JsonObject> getPlan() {
        return objects("plan");
    }

    public List<JsonObject> getExperts() {
        return objects("experts");
    }

    public List<JsonObject> getTools() {
        return objects("tools");
    }

    public List<JsonObject> getFacts() {
        return objects("graph_facts");
    }

    /** The cache path ({@code hit}, {@code miss}, …) and its reason, or "". */
    public String getCache() {
        JsonValue c = trace() == null ? null : trace().get("cache");
        if (!(c instanceof JsonObject o)) {
            return "";
        }
        return o.getString("path", "") + (o.containsKey("reason") ? " (" + o.getString("reason", "") + ")" : "");
    }

    /** A value of an object of the trace, as text. */
    public String text(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v instanceof JsonString s) {
            return s.getString();
        }
        return v == null || v == JsonValue.NULL ? "" : v.toString();
    }

    public void rate() {
        if (rating == null || rating < 1 || rating > 5) {
            FacesContext.getCurrentInstance().addMessage("rate:rating", new FacesMessage(FacesMessage.SEVERITY_ERROR, "Choose one to five stars.", null));
            FacesContext.getCurrentInstance().validationFailed();
            return;
        }
        try {
            JsonObject result = feedback.rate(user.caller(), shown().responseId, rating, correction == null || correction.isBlank() ? null : correction);
            ratedEffects = result.getJsonObject("effects").toString();
            PageMessages.done("Thank you: your rating of " + rating + " is recorded");
        } catch (Refusal e) {
            PageMessages.refused("Not rated", e, Map.of("correction", "rate:correction"));
        }
    }

    /** The answer's confidence, in words. */
    public String getConfidence() {
        String level = field("confidence");
        return level.isEmpty() ? "–" : Confidence.inWords(level);
    }

    /** An expert's confidence in words, or {@code failed}. */
    public String expertConfidence(JsonObject expert) {
        return "true".equals(text(expert, "failed")) ? "failed" : Confidence.inWords(text(expert, "confidence"));
    }

    private List<JsonObject> objects(String name) {
        JsonValue v = trace() == null ? null : trace().get(name);
        return v instanceof JsonArray a ? a.stream().filter(x -> x instanceof JsonObject).map(x -> (JsonObject) x).toList() : List.of();
    }

    private static long number(JsonObject o, String name) {
        return o != null && o.get(name) instanceof JsonNumber n ? n.longValue() : 0;
    }

    public Integer getRating() {
        return rating;
    }

    public void setRating(Integer rating) {
        this.rating = rating;
    }

    public String getCorrection() {
        return correction;
    }

    public void setCorrection(String correction) {
        this.correction = correction;
    }

    public String getRatedEffects() {
        return ratedEffects;
    }
}
