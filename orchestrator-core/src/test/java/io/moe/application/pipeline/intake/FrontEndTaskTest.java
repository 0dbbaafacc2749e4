package io.moe.application.pipeline.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rule 12, one test per front-end template. The fixtures quote the front-ends' default templates (excerpts,
 * placeholders filled in as the front-end sends them): Open WebUI's {@code backend/open_webui/config.py}
 * ({@code DEFAULT_*_PROMPT_TEMPLATE}) and LibreChat's {@code api/app/clients/prompts/titlePrompts.js},
 * {@code summaryPrompts.js} and the title prompts of {@code @librechat/agents}.
 */
class FrontEndTaskTest {

    private static final String HISTORY = "<chat_history>\nUSER: How do I bake bread?\nASSISTANT: Mix flour, water...\n</chat_history>";

    @Test
    void openWebUiTitleGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_TITLE, """
                ### Task:
                Generate a concise, 3-5 word title with an emoji summarizing the chat history.
                ### Guidelines:
                - The title should clearly represent the main theme or subject of the conversation.
                ### Output:
                JSON format: { "title": "your concise title here" }
                ### Chat History:
                """ + HISTORY);
    }

    @Test
    void openWebUiTagsGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_TAGS, """
                ### Task:
                Generate 1-3 broad tags categorizing the main themes of the chat history, along with 1-3 more specific subtopic tags.

                ### Output:
                JSON format: { "tags": ["tag1", "tag2", "tag3"] }

                ### Chat History:
                """ + HISTORY);
    }

    @Test
    void openWebUiFollowUpGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_FOLLOW_UPS, """
                ### Task:
                Suggest 3-5 relevant follow-up questions or prompts that the user might naturally ask next in this \
                conversation as a **user**, based on the chat history, to help continue or deepen the discussion.
                ### Output:
                JSON format: { "follow_ups": ["Question 1?", "Question 2?", "Question 3?"] }
                ### Chat History:
                """ + HISTORY);
    }

    @Test
    void openWebUiAutocompleteGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_AUTOCOMPLETE, """
                ### Task:
                You are an autocompletion system. Continue the text in `<text>` based on the **completion type** in \
                `<type>` and the given language.

                ### **Output Rules**:
                - Respond only in JSON format: `{ "text": "<your_completion>" }`.
                ---
                ### Context:
                """ + HISTORY + """

                <type>General</type>
                <text>The sun was setting over the</text>
                #### Output:
                """);
    }

    @Test
    void openWebUiEmojiGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_EMOJI, """
                Your task is to reflect the speaker's likely facial expression through a fitting emoji. Interpret \
                emotions from the message and reflect their facial expression using fitting, diverse emojis (e.g., 😊, 😢, 😡, 😱).

                Message: ```I finally passed my exam!```""");
    }

    @Test
    void openWebUiImagePromptGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_IMAGE_PROMPT, """
                ### Task:
                Generate a detailed prompt for am image generation task based on the given language and context. \
                Describe the image as if you were explaining it to someone who cannot see it.

                ### Output:
                Strictly return in JSON format:
                {
                    "prompt": "Your detailed description here."
                }

                ### Chat History:
                """ + HISTORY);
    }

    @Test
    void openWebUiQueryGeneration() {
        assertTask(FrontEndTask.OPEN_WEBUI_QUERIES, """
                ### Task:
                Analyze the chat history to determine the necessity of generating search queries, in the given \
                language. By default, **prioritize generating 1-3 broad and relevant search queries** unless it is \
                absolutely certain that no additional information is required.

                ### Output:
                Strictly return in JSON format:
                {
                  "queries": ["query1", "query2"]
                }

                ### Chat History:
                """ + HISTORY);
    }

    @Test
    void libreChatTitle() {
        assertTask(FrontEndTask.LIBRECHAT_TITLE, "Write a concise title for this conversation in the given language. "
                + "Title in 5 Words or Less. No Punctuation or Quotation. Must be in Title Case, written in the given "
                + "Language. Start the title with one emoji that fits the topic (REQUIRED), The emoji should help "
                + "communicate the subject\nUser: How do I bake bread?\nAI: Mix flour, water...");
    }

    @Test
    void libreChatTitleAsATool() {
        assertTask(FrontEndTask.LIBRECHAT_TITLE_TOOL, "Provide a concise, 5-word-or-less title for the conversation, "
                + "using title case conventions. Only return the title itself.\n\nConversation:\n"
                + "User: How do I bake bread?\nAI: Mix flour, water...");
    }

    @Test
    void libreChatTitleWithItsLanguage() {
        assertTask(FrontEndTask.LIBRECHAT_TITLE_WITH_LANGUAGE, """
                Analyze this conversation and provide:
                1. The detected language of the conversation
                2. A concise title in the detected language (5 words or less, no punctuation or quotation)

                User: How do I bake bread?
                AI: Mix flour, water...""");
    }

    @Test
    void libreChatSummary() {
        assertTask(FrontEndTask.LIBRECHAT_SUMMARY, """
                Summarize the conversation by integrating new lines into the current summary.

                Current summary:
                The human asks how to bake bread.

                New lines:
                Human: How long does it rise?
                AI: About an hour.

                New summary:""");
    }

    @Test
    void libreChatCutOffSummary() {
        assertTask(FrontEndTask.LIBRECHAT_CUT_OFF_SUMMARY, """
                The following text is cut-off:
                Human: How long does the dough

                Summarize the content as best as you can, noting that it was cut-off.

                Summary:""");
    }

    @Test
    void aRewrittenOpenWebUiTemplateIsKnownByItsTaskHeader() {
        assertTrue(FrontEndTask.is("### Task:\nPick one emoji for this chat.\n" + HISTORY));
        assertTrue(FrontEndTask.is("  ### TASK: write the title in German\n" + HISTORY));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Suggest a title for my novel about a lighthouse keeper",
            "Summarize the conversation we had about taxes",
            "Which emoji fits a birthday party?",
            "Write a detailed prompt for an image generator that draws a cat",
            "What are good follow-up questions after a job interview?",
            "My notes say: ### Task: buy milk"
    })
    void anOrdinaryQuestionIsNotAFrontEndTask(String question) {
        assertFalse(FrontEndTask.is(question), question);
    }

    private static void assertTask(FrontEndTask expected, String request) {
        assertEquals(Optional.of(expected), FrontEndTask.of(request));
        assertTrue(FrontEndTask.is(request));
    }
}
