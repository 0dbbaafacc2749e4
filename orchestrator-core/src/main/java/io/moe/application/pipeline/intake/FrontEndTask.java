package io.moe.application.pipeline.intake;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The housekeeping tasks chat front-ends send as ordinary chat requests (rule 12), each recognised by
 * phrases of the front-end's real default template: Open WebUI's task templates ({@code DEFAULT_*_PROMPT_TEMPLATE}
 * in its backend configuration) and LibreChat's title and summary prompts. A request matches a task when
 * it contains all of the task's phrases, compared in lower case with runs of whitespace made one space,
 * so line breaks and indentation of a template do not matter. A template an administrator rewrote is
 * still recognised by Open WebUI's {@code ### Task:} header followed by the name of the task.
 */
enum FrontEndTask {

    OPEN_WEBUI_TITLE("generate a concise, 3-5 word title", "chat history"),
    OPEN_WEBUI_TAGS("generate 1-3 broad tags", "chat history"),
    OPEN_WEBUI_FOLLOW_UPS("follow-up questions", "\"follow_ups\""),
    OPEN_WEBUI_AUTOCOMPLETE("you are an autocompletion system", "<text>"),
    OPEN_WEBUI_EMOJI("reflect the speaker's likely facial expression through a fitting emoji"),
    OPEN_WEBUI_IMAGE_PROMPT("generate a detailed prompt for", "image generation task"),
    OPEN_WEBUI_QUERIES("determine the necessity of generating search queries"),
    LIBRECHAT_TITLE("write a concise title for this conversation"),
    LIBRECHAT_TITLE_TOOL("5-word-or-less title for the conversation"),
    LIBRECHAT_TITLE_WITH_LANGUAGE("the detected language of the conversation", "a concise title in the detected language"),
    LIBRECHAT_SUMMARY("summarize the conversation by integrating new lines into the current summary"),
    LIBRECHAT_CUT_OFF_SUMMARY("the following text is cut-off", "summarize the content as best as you can");

    private static final Pattern TASK_HEADER = Pattern.compile(
            "(?s)^\\s*###\\s*task:.*?(title|tags?|follow[- ]?up|autocomplet|search quer|query generation|emoji|image)");

    private final List<String> phrases;

    FrontEndTask(String... phrases) {
        this.phrases = List.of(phrases);
    }

    /** The front-end task the text asks for, if it is one. */
    static Optional<FrontEndTask> of(String text) {
        String normal = normal(text);
        return Arrays.stream(values()).filter(task -> task.phrases.stream().allMatch(normal::contains)).findFirst();
    }

    /** Whether the text is a front-end task: a known template, or Open WebUI's task header naming a task. */
    static boolean is(String text) {
        return of(text).isPresent() || TASK_HEADER.matcher(normal(text)).find();
    }

    private static String normal(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    }
}
