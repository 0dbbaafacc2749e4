package io.moe.tools.time;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;

/** date_add: a date plus (or minus) years, months and days, applied in that order; month ends are clamped. */
public final class DateAdd implements Tool {

    static final BigInteger LIMIT = BigInteger.valueOf(10_000_000);

    @Override
    public String name() {
        return "date_add";
    }

    @Override
    public String description() {
        return "Add or subtract days, months and years to a date (negative values subtract); month ends are clamped (Jan 31 + 1 month = Feb 28/29).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("date", "string", "YYYY-MM-DD")
                .optional("days", "integer", "days to add (negative to subtract)")
                .optional("months", "integer", "months to add").optional("years", "integer", "years to add").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        LocalDate date = Dates.parse("date", args.string("date", "base_date", "date_str", "start_date"));
        long years = amount(args, "years");
        long months = amount(args, "months");
        long days = amount(args, "days");
        if (!args.has("days") && !args.has("months") && !args.has("years")) {
            throw new ToolException(Kind.INVALID, "missing_argument", "days", "give at least one of 'days', 'months' or 'years'");
        }
        try {
            LocalDate result = date.plusYears(years).plusMonths(months).plusDays(days);
            return Jsonp.createObjectBuilder().add("date", date.toString()).add("result", result.toString())
                    .add("weekday", result.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH)).build();
        } catch (DateTimeException e) {
            throw ToolException.invalid("days", "the result is outside the supported calendar range");
        }
    }

    private static long amount(ToolArgs args, String name) {
        BigInteger n = args.optionalInteger(name).orElse(BigInteger.ZERO);
        if (n.abs().compareTo(LIMIT) > 0) {
            throw ToolException.invalid(name, "'" + name + "' must be between -10,000,000 and 10,000,000");
        }
        return n.longValue();
    }
}
