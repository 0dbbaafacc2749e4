package io.moe.tools.time;

import io.moe.tools.ToolException;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;

/** Reads a calendar date in ISO form (2024-03-15) or German form (15.03.2024); rejects impossible dates. */
final class Dates {

    private static final List<DateTimeFormatter> FORMATS = List.of(
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT),
            DateTimeFormatter.ofPattern("d.M.uuuu").withResolverStyle(ResolverStyle.STRICT));

    private Dates() {
    }

    static LocalDate parse(String argument, String text) {
        String t = text.trim();
        if (t.length() > 10 && t.charAt(10) == 'T') {
            t = t.substring(0, 10); // an ISO date-time: its date
        }
        if (t.equalsIgnoreCase("today")) {
            throw ToolException.invalid(argument, "'today' is not deterministic; give the date as YYYY-MM-DD");
        }
        for (DateTimeFormatter f : FORMATS) {
            try {
                return LocalDate.parse(t, f);
            } catch (DateTimeParseException next) {
                // try the next form
            }
        }
        throw ToolException.invalid(argument, "'" + text + "' is not a valid date; use YYYY-MM-DD (e.g. 2024-03-15) or DD.MM.YYYY");
    }
}
