package io.moe.domain.template;

import io.moe.domain.shared.PlainText;

import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A model on a named inference server, written {@code <model>:<tag>@<endpoint_name>} as in the spec
 * (e.g. {@code qwen2.5:14b@gpu1}). The parameter count, when the tag states one ({@code 14b}, {@code 0.5b}),
 * decides the expert tier.
 */
public record ModelRef(String model, String endpoint) {

    /** The longest model name (a Hugging Face path with its quantisation tag is about 60); a server name is at most 63. */
    public static final int MAX_MODEL_LENGTH = 200;
    private static final Pattern REF = Pattern.compile("([^@\\s\\p{Cntrl}]{1," + MAX_MODEL_LENGTH + "})@([A-Za-z0-9_.-]{1,63})");
    /** A size in a tag: {@code 14b}, {@code 0.5b}, or a mixture of experts {@code 8x22b} (8 × 22 billion, about the whole). */
    private static final Pattern PARAMS = Pattern.compile("(?i)(?:^|[:\\-_])(?:(\\d+)x)?(\\d+(?:\\.\\d+)?)b(?:$|[\\-_.])");

    public ModelRef {
        if (model == null || model.isBlank() || endpoint == null || endpoint.isBlank()) {
            throw new IllegalArgumentException("A model reference needs a model and an endpoint name");
        }
    }

    /** Parses {@code <model>:<tag>@<endpoint_name>}; the tag may be absent ({@code llama3@gpu1}). */
    public static ModelRef parse(String text) {
        Matcher m = text == null ? null : REF.matcher(text.trim());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("'" + PlainText.fit(text, 300) + "' is not a model reference of the form <model>:<tag>@<endpoint_name>"
                    + " (a model name of at most " + MAX_MODEL_LENGTH + " characters, a server name of at most 63)");
        }
        return new ModelRef(m.group(1), m.group(2));
    }

    /** Billions of parameters named by the model's tag, if any. */
    public OptionalDouble billionParameters() {
        Matcher m = PARAMS.matcher(model);
        double found = -1;
        while (m.find()) {
            found = Double.parseDouble(m.group(2)) * (m.group(1) == null ? 1 : Double.parseDouble(m.group(1)));
        }
        return found < 0 ? OptionalDouble.empty() : OptionalDouble.of(found);
    }

    @Override
    public String toString() {
        return model + "@" + endpoint;
    }
}
