package io.moe.tools.text;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ResultBudget;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * regex_extract: every match of a Java regular expression, with its groups. Matching runs against a
 * text that stops answering after a time budget, so a catastrophic pattern ends with an error. The
 * characters of matches and groups are counted as they are found, so a pattern whose groups repeat
 * the text ({@code (?=(.*))}) is refused with 422 {@code result_too_large} before its result exists.
 */
public final class RegexExtract implements Tool {

    static final long BUDGET_NANOS = 2_000_000_000L;
    static final int MAX_MATCHES = 1000;
    static final int MAX_PATTERN = 2000;
    /** Characters counted for a match's keys and numbers besides its text. */
    private static final int MATCH_OVERHEAD = 48;

    private final long maxResultChars;

    /** @param maxResultChars most characters the matches and groups of one call may add up to */
    public RegexExtract(long maxResultChars) {
        this.maxResultChars = maxResultChars;
    }

    @Override
    public String name() {
        return "regex_extract";
    }

    @Override
    public String description() {
        return "Find all matches of a regular expression in a text, with groups; flags i (ignore case), m (multi-line), s (dot matches newline).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("text", "string", "the text to search")
                .required("pattern", "string", "a Java/PCRE-style regular expression")
                .optional("flags", "string", "any of i, m, s, e.g. \"im\"").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String text = args.string("text");
        String source = args.string("pattern", "regex");
        if (source.length() > MAX_PATTERN) {
            throw new ToolException(Kind.TOO_LARGE, "input_too_large", "pattern", "the pattern is longer than " + MAX_PATTERN + " characters");
        }
        Pattern pattern = compile(source, args.optionalString("flags").orElse(""));
        Matcher m = pattern.matcher(new DeadlineText(text, System.nanoTime() + BUDGET_NANOS));
        JsonArrayBuilder matches = Jsonp.createArrayBuilder();
        ResultBudget budget = new ResultBudget(maxResultChars,
                "use a narrower pattern, fewer or shorter groups, or a shorter text");
        int count = 0;
        boolean truncated = false;
        try {
            while (m.find()) {
                if (count == MAX_MATCHES) {
                    truncated = true;
                    break;
                }
                budget.spend(size(m));
                JsonObjectBuilder match = Jsonp.createObjectBuilder().add("match", m.group()).add("start", m.start()).add("end", m.end());
                JsonArrayBuilder groups = Jsonp.createArrayBuilder();
                for (int g = 1; g <= m.groupCount(); g++) {
                    if (m.group(g) == null) {
                        groups.addNull();
                    } else {
                        groups.add(m.group(g));
                    }
                }
                matches.add(match.add("groups", groups));
                count++;
            }
        } catch (DeadlineText.Expired e) {
            throw new ToolException(Kind.UNPROCESSABLE, "regex_timeout", "pattern", "matching took longer than "
                    + BUDGET_NANOS / 1_000_000_000 + " s (the pattern backtracks catastrophically); simplify it");
        }
        return Jsonp.createObjectBuilder().add("count", count).add("truncated", truncated).add("matches", matches).build();
    }

    /** The characters a match adds to the result, counted from offsets so no group text is copied. */
    private static long size(Matcher m) {
        long chars = MATCH_OVERHEAD + (m.end() - m.start());
        for (int g = 1; g <= m.groupCount(); g++) {
            chars += m.start(g) < 0 ? 4 : m.end(g) - m.start(g) + 2;
        }
        return chars;
    }

    private static Pattern compile(String source, String flags) {
        int bits = 0;
        for (char c : flags.toCharArray()) {
            bits |= switch (c) {
                case 'i', 'I' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'm', 'M' -> Pattern.MULTILINE;
                case 's', 'S' -> Pattern.DOTALL;
                case ' ', ',' -> 0;
                default -> throw ToolException.invalid("flags", "unknown flag '" + c + "'; use i, m and s");
            };
        }
        try {
            return Pattern.compile(source, bits);
        } catch (PatternSyntaxException e) {
            throw ToolException.invalid("pattern", "not a valid regular expression: " + e.getDescription()
                    + " near index " + e.getIndex());
        }
    }

    /** A text whose every read checks a deadline: the only way to stop a running java.util.regex match. */
    static final class DeadlineText implements CharSequence {

        static final class Expired extends RuntimeException {
            Expired() {
                super(null, null, false, false);
            }
        }

        private final CharSequence text;
        private final long deadline;
        private int reads;

        DeadlineText(CharSequence text, long deadline) {
            this.text = text;
            this.deadline = deadline;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0xFFF) == 0 && System.nanoTime() > deadline) {
                throw new Expired();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new DeadlineText(text.subSequence(start, end), deadline);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
