package io.moe.tools.time;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Period;
import java.time.temporal.ChronoUnit;

/** date_diff: the difference from date1 to date2 in days, weeks, and years/months/days, plus working days. */
public final class DateDiff implements Tool {

    @Override
    public String name() {
        return "date_diff";
    }

    @Override
    public String description() {
        return "Difference between two dates (date1 to date2): days, weeks, years/months/days and weekdays (Mon-Fri).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("date1", "string", "start date, YYYY-MM-DD")
                .required("date2", "string", "end date, YYYY-MM-DD").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        LocalDate from = Dates.parse("date1", args.string("date1", "start_date", "from_date", "start"));
        LocalDate to = Dates.parse("date2", args.string("date2", "end_date", "to_date", "end"));
        long days = ChronoUnit.DAYS.between(from, to);
        Period period = Period.between(from, to);
        return Jsonp.createObjectBuilder()
                .add("date1", from.toString()).add("date2", to.toString())
                .add("days", days)
                .add("weeks", days / 7).add("remaining_days", days % 7)
                .add("years", period.getYears()).add("months", period.getMonths()).add("period_days", period.getDays())
                .add("total_months", period.toTotalMonths())
                .add("weekdays", weekdays(from, to))
                .build();
    }

    /** Monday-to-Friday days from the earlier date (inclusive) to the later one (exclusive), signed. */
    private static long weekdays(LocalDate a, LocalDate b) {
        boolean negative = b.isBefore(a);
        LocalDate start = negative ? b : a;
        LocalDate end = negative ? a : b;
        long total = ChronoUnit.DAYS.between(start, end);
        long count = (total / 7) * 5;
        LocalDate d = start.plusDays((total / 7) * 7);
        for (; d.isBefore(end); d = d.plusDays(1)) {
            if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY) {
                count++;
            }
        }
        return negative ? -count : count;
    }
}
