package io.moe.application.pipeline.intake;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A skill (rule 13): a Markdown file whose front matter holds name and description and whose body is
 * the prompt; {@code $ARGUMENTS} in the body is replaced by what followed the skill's name.
 */
public record Skill(String name, String description, String body) {

    private static final Pattern FRONT_MATTER = Pattern.compile("(?s)\\A---\\R(.*?)\\R---\\R?(.*)\\z");
    /** A field's line; its value is stripped in Java: a lazy match before trailing blanks took quadratic time on a long line. */
    private static final Pattern FIELD = Pattern.compile("(?m)^(name|description)[ \\t]*:(.*)$");

    /** Reads a skill file; empty when it has no front matter or no name. */
    public static Optional<Skill> parse(String markdown) {
        Matcher m = FRONT_MATTER.matcher(markdown.replace("\r\n", "\n"));
        if (!m.matches()) {
            return Optional.empty();
        }
        String name = null;
        String description = "";
        Matcher f = FIELD.matcher(m.group(1));
        while (f.find()) {
            String value = f.group(2).strip().replaceAll("^[\"']|[\"']$", "");
            if ("name".equals(f.group(1))) {
                name = value;
            } else {
                description = value;
            }
        }
        return name == null || name.isBlank() ? Optional.empty() : Optional.of(new Skill(name.trim(), description, m.group(2).strip()));
    }

    /** The prompt for {@code arguments}: substituted where the body asks for them, otherwise ignored. */
    public String expand(String arguments) {
        return body.replace("$ARGUMENTS", arguments == null ? "" : arguments.strip());
    }
}
