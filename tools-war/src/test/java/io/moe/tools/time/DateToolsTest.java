package io.moe.tools.time;

import io.moe.tools.ToolCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DateToolsTest {

    @ParameterizedTest
    @CsvSource({"2024-01-01,2024-12-31,365,0,11,30", "2024-02-28,2024-03-01,2,0,0,2", "2023-02-28,2023-03-01,1,0,0,1",
            "2000-01-15,2024-03-20,8831,24,2,5", "2024-03-15,2024-03-01,-14,0,0,-14", "2024-05-05,2024-05-05,0,0,0,0"})
    void differences(String a, String b, long days, int years, int months, int periodDays) {
        var r = ToolCase.run(new DateDiff(), "{\"date1\":\"" + a + "\",\"date2\":\"" + b + "\"}");
        assertEquals(days, r.getJsonNumber("days").longValue());
        assertEquals(years, r.getInt("years"));
        assertEquals(months, r.getInt("months"));
        assertEquals(periodDays, r.getInt("period_days"));
    }

    @Test
    void differenceCountsWeekdaysAndReadsGermanDates() {
        var r = ToolCase.run(new DateDiff(), "{\"start_date\":\"04.11.2024\",\"end_date\":\"2024-11-18\"}");
        assertEquals(14, r.getInt("days"));
        assertEquals(10, r.getInt("weekdays"));
        ToolCase.refused(new DateDiff(), "{\"date1\":\"2024-02-30\",\"date2\":\"2024-03-01\"}", "invalid_argument", "date1");
        ToolCase.refused(new DateDiff(), "{\"date1\":\"2024-02-01\"}", "missing_argument", "date2");
    }

    @ParameterizedTest
    @CsvSource({"2024-01-31,0,1,0,2024-02-29", "2023-01-31,0,1,0,2023-02-28", "2024-03-15,30,0,0,2024-04-14",
            "2024-03-15,-15,0,0,2024-02-29", "2024-02-29,0,0,1,2025-02-28", "2020-12-31,1,0,0,2021-01-01"})
    void additions(String date, int days, int months, int years, String expected) {
        var r = ToolCase.run(new DateAdd(), "{\"base_date\":\"" + date + "\",\"days\":" + days + ",\"months\":" + months
                + ",\"years\":" + years + "}");
        assertEquals(expected, r.getString("result"));
    }

    @Test
    void additionRefusesNothingToAddAndBadDates() {
        ToolCase.refused(new DateAdd(), "{\"date\":\"2024-01-01\"}", "missing_argument", "days");
        ToolCase.refused(new DateAdd(), "{\"date\":\"yesterday\",\"days\":1}", "invalid_argument", "date");
        ToolCase.refused(new DateAdd(), "{\"date\":\"2024-01-01\",\"days\":1.5}", "invalid_argument", "days");
        ToolCase.refused(new DateAdd(), "{\"date\":\"2024-01-01\",\"days\":99999999999}", "invalid_argument", "days");
    }

    @ParameterizedTest
    @CsvSource({"2024-01-01,Monday,1,2024,1,true", "2021-01-03,Sunday,53,2020,3,false", "2024-12-30,Monday,1,2025,365,true",
            "1969-07-20,Sunday,29,1969,201,false", "2000-02-29,Tuesday,9,2000,60,true", "2026-11-22,Sunday,47,2026,326,false"})
    void weekdaysAndIsoWeeks(String date, String weekday, int week, int weekYear, int dayOfYear, boolean leap) {
        var r = ToolCase.run(new DayOfWeek(), "{\"date_str\":\"" + date + "\"}");
        assertEquals(weekday, r.getString("weekday"));
        assertEquals(week, r.getInt("iso_week"));
        assertEquals(weekYear, r.getInt("iso_week_year"));
        assertEquals(dayOfYear, r.getInt("day_of_year"));
        assertEquals(leap, r.getBoolean("leap_year"));
    }

    @Test
    void weekdayRefusesNonDates() {
        var e = ToolCase.refused(new DayOfWeek(), "{\"date\":\"2023-02-29\"}", "invalid_argument", "date");
        assertTrue(e.getMessage().contains("YYYY-MM-DD"));
        ToolCase.refused(new DayOfWeek(), "{}", "missing_argument", "date");
    }
}
