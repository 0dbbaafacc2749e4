package io.moe.tools.text;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.BreakIterator;
import java.util.Locale;

/** text_analyze: words, characters, sentences, paragraphs and reading time (200 words per minute). */
public final class TextAnalyze implements Tool {

    static final int WORDS_PER_MINUTE = 200;

    @Override
    public String name() {
        return "text_analyze";
    }

    @Override
    public String description() {
        return "Count words, characters, sentences and paragraphs of a text and estimate its reading time.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("text", "string", "the text to analyse").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String text = args.string("text");
        String trimmed = text.strip();
        int words = trimmed.isEmpty() ? 0 : trimmed.split("\\s+").length;
        int characters = text.codePointCount(0, text.length());
        int nonSpace = (int) text.codePoints().filter(c -> !Character.isWhitespace(c)).count();
        int paragraphs = trimmed.isEmpty() ? 0 : trimmed.split("\\n\\s*\\n").length;
        BigDecimal minutes = BigDecimal.valueOf(words).divide(BigDecimal.valueOf(WORDS_PER_MINUTE), 2, RoundingMode.HALF_UP);
        return Jsonp.createObjectBuilder()
                .add("words", words)
                .add("characters", characters)
                .add("characters_no_spaces", nonSpace)
                .add("sentences", sentences(trimmed))
                .add("paragraphs", paragraphs)
                .add("reading_time_minutes", minutes)
                .add("reading_time_seconds", (long) Math.ceil(words * 60.0 / WORDS_PER_MINUTE))
                .build();
    }

    private static int sentences(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
        it.setText(text);
        int count = 0;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            if (!text.substring(start, end).isBlank()) {
                count++;
            }
        }
        return count;
    }
}
