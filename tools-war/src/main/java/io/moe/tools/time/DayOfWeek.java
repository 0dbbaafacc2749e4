package io.moe.tools.time;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.time.temporal.IsoFields;
import java.util.Locale;

/** day_of_week: weekday, ISO calendar week (and week-based year), day of year and leap year of a date. */
public final class DayOfWeek implements Tool {

    @Override
    public String name() {
        return "day_of_week";
    }

    @Override
    public String description() {
        return "Weekday, ISO calendar week, day of year and leap-year flag of a date.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("date", "string", "YYYY-MM-DD").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        LocalDate date = Dates.parse("date", args.string("date", "date_str"));
        return Jsonp.createObjectBuilder()
                .add("date", date.toString())
                .add("weekday", date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH))
                .add("weekday_de", date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.GERMAN))
                .add("weekday_number", date.getDayOfWeek().getValue())
                .add("iso_week", date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))
                .add("iso_week_year", date.get(IsoFields.WEEK_BASED_YEAR))
                .add("day_of_year", date.getDayOfYear())
                .add("leap_year", date.isLeapYear())
                .build();
    }
}
