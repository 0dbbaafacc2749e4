package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.Locale;
import java.util.regex.Pattern;

/** roman_numeral: Arabic to Roman and back, 1 to 3999, strict canonical form when reading. */
public final class RomanNumeral implements Tool {

    private static final int[] VALUES = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
    private static final String[] SYMBOLS = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
    private static final Pattern CANONICAL = Pattern.compile("M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})");

    @Override
    public String name() {
        return "roman_numeral";
    }

    @Override
    public String description() {
        return "Convert a number 1-3999 to Roman numerals (dir to_roman) or Roman numerals to a number (dir from_roman).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("input", "string", "a number 1-3999 or a Roman numeral such as MCMXCIV")
                .optionalEnum("dir", "to_roman or from_roman (default: from the input)", "to_roman", "from_roman").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String input = args.string("input", "value", "number").trim();
        String dir = args.optionalString("dir", "direction").map(d -> d.toLowerCase(Locale.ROOT))
                .orElse(input.matches("\\d+") ? "to_roman" : "from_roman");
        return switch (dir) {
            case "to_roman", "toroman", "arabic_to_roman" -> toRoman(input);
            case "from_roman", "fromroman", "to_arabic", "roman_to_arabic" -> fromRoman(input);
            default -> throw ToolException.invalid("dir", "dir must be 'to_roman' or 'from_roman', not '" + dir + "'");
        };
    }

    private static JsonValue toRoman(String input) {
        int n;
        try {
            n = Integer.parseInt(input);
        } catch (NumberFormatException e) {
            throw ToolException.invalid("input", "to_roman needs a whole number from 1 to 3999, not '" + input + "'");
        }
        if (n < 1 || n > 3999) {
            throw ToolException.invalid("input", "Roman numerals cover 1 to 3999; " + n + " is outside");
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < VALUES.length; i++) {
            for (; n >= VALUES[i]; n -= VALUES[i]) {
                out.append(SYMBOLS[i]);
            }
        }
        return Jsonp.createObjectBuilder().add("input", input).add("result", out.toString()).add("dir", "to_roman").build();
    }

    private static JsonValue fromRoman(String input) {
        String roman = input.toUpperCase(Locale.ROOT);
        if (roman.isEmpty() || !CANONICAL.matcher(roman).matches()) {
            throw ToolException.invalid("input", "'" + input + "' is not a Roman numeral in canonical form (I, V, X, L, C, D, M; 1 to 3999)");
        }
        int n = 0;
        int i = 0;
        for (int k = 0; k < VALUES.length; k++) {
            while (roman.startsWith(SYMBOLS[k], i)) {
                n += VALUES[k];
                i += SYMBOLS[k].length();
            }
        }
        return Jsonp.createObjectBuilder().add("input", input).add("result", n).add("dir", "from_roman").build();
    }
}
