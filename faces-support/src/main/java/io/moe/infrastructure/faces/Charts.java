package io.moe.infrastructure.faces;

import io.moe.domain.identity.UsageRanking;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Chart.js configurations (the value of {@code p:chart}) for the usage series and rankings of the pages. */
public final class Charts {

    private static final String[] PALETTE = {"#42A5F5", "#66BB6A", "#FFA726", "#AB47BC", "#26C6DA", "#EC407A",
            "#8D6E63", "#78909C", "#D4E157", "#5C6BC0"};

    /** Slices of a doughnut at most, the last one for the rest. */
    static final int SLICES = 8;
    /** Characters of a legend label at most. */
    static final int LABEL_CHARS = 40;

    private Charts() {
    }

    /** Tokens per day as bars, with requests per day as a line on a second axis. */
    public static String daily(List<UsageRanking> days) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder tokens = Json.createArrayBuilder();
        JsonArrayBuilder requests = Json.createArrayBuilder();
        for (UsageRanking day : days) {
            labels.add(day.key().substring(5));
            tokens.add(day.tokens());
            requests.add(day.requests());
        }
        JsonObjectBuilder data = Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("type", "bar").add("label", "Tokens").add("data", tokens)
                        .add("backgroundColor", "#42A5F5").add("yAxisID", "tokens"))
                .add(Json.createObjectBuilder().add("type", "line").add("label", "Requests").add("data", requests)
                        .add("borderColor", "#FFA726").add("backgroundColor", "#FFA726").add("yAxisID", "requests")));
        JsonObjectBuilder scales = Json.createObjectBuilder()
                .add("tokens", Json.createObjectBuilder().add("type", "linear").add("position", "left").add("beginAtZero", true)
                        .add("ticks", Json.createObjectBuilder().add("precision", 0)) // whole tokens and requests, never 0.1
                        .add("title", Json.createObjectBuilder().add("display", true).add("text", "tokens")))
                .add("requests", Json.createObjectBuilder().add("type", "linear").add("position", "right").add("beginAtZero", true)
                        .add("ticks", Json.createObjectBuilder().add("precision", 0))
                        .add("grid", Json.createObjectBuilder().add("drawOnChartArea", false))
                        .add("title", Json.createObjectBuilder().add("display", true).add("text", "requests")));
        return Json.createObjectBuilder().add("type", "bar").add("data", data).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("scales", scales)).build().toString();
    }

    /**
     * The share of tokens of each entry as a doughnut, the legend below it: beside it, in a panel half the page wide,
     * the legend cut long model names to a few characters. The {@value #SLICES} − 1 largest entries get a slice each and
     * the rest one slice together ("12 other models"), so the shares stay true and the legend fits its panel however
     * many models there are; a name longer than {@value #LABEL_CHARS} characters is shortened with "…".
     */
    public static String shares(List<UsageRanking> entries) {
        return doughnut("Tokens", slices(entries.stream().map(e -> new Slice(e.key(), e.tokens())).toList(), "models"), "bottom");
    }

    /**
     * Each key's share of {@code counts} as a doughnut, the legend at its right, folded as the token shares are
     * ("5 other domains" for {@code what} = "domains"), so no two slices share a colour.
     */
    public static String shares(String label, Map<String, Long> counts, String what) {
        return doughnut(label, slices(counts.entrySet().stream().map(e -> new Slice(e.getKey(), e.getValue())).toList(), what), "right");
    }

    private static String doughnut(String label, List<Slice> slices, String legendPosition) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder values = Json.createArrayBuilder();
        JsonArrayBuilder colours = Json.createArrayBuilder();
        for (int i = 0; i < slices.size(); i++) {
            labels.add(shortened(slices.get(i).label()));
            values.add(slices.get(i).value());
            colours.add(PALETTE[i % PALETTE.length]);
        }
        JsonObjectBuilder data = Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("label", label).add("data", values).add("backgroundColor", colours)));
        return Json.createObjectBuilder().add("type", "doughnut").add("data", data).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("plugins", Json.createObjectBuilder()
                        .add("legend", Json.createObjectBuilder().add("position", legendPosition)))).build().toString();
    }

    /** One slice of a doughnut: what it stands for and its value. */
    record Slice(String label, long value) {
    }

    /** The largest entries, the rest folded into one ("13 other models") when there are more than {@value #SLICES}. */
    static List<Slice> slices(List<Slice> entries, String what) {
        List<Slice> largest = entries.stream().sorted(Comparator.comparingLong(Slice::value).reversed()).toList();
        if (largest.size() <= SLICES) {
            return largest;
        }
        List<Slice> rest = largest.subList(SLICES - 1, largest.size());
        List<Slice> slices = new ArrayList<>(largest.subList(0, SLICES - 1));
        slices.add(new Slice(rest.size() + " other " + what, rest.stream().mapToLong(Slice::value).sum()));
        return slices;
    }

    static String shortened(String label) {
        return label.length() <= LABEL_CHARS ? label : label.substring(0, LABEL_CHARS - 1) + "…";
    }

    /** Requests per minute, oldest first, the current minute last ("now"). */
    public static String perMinute(long[] counts) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (int i = 0; i < counts.length; i++) {
            int ago = counts.length - 1 - i;
            labels.add(ago == 0 ? "now" : "-" + ago + " min");
            data.add(counts[i]);
        }
        JsonObjectBuilder chartData = Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("label", "Requests per minute").add("data", data)
                        .add("borderColor", PALETTE[0]).add("backgroundColor", PALETTE[0]).add("fill", false)));
        return Json.createObjectBuilder().add("type", "line").add("data", chartData).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("scales", Json.createObjectBuilder()
                        .add("y", Json.createObjectBuilder().add("beginAtZero", true)
                                .add("ticks", Json.createObjectBuilder().add("precision", 0))))).build().toString();
    }

    /** One bar per key with its count. */
    public static String counts(String label, Map<String, Long> counts) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder data = Json.createArrayBuilder();
        counts.forEach((key, n) -> {
            labels.add(key);
            data.add(n);
        });
        JsonObjectBuilder chartData = Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("label", label).add("data", data).add("backgroundColor", PALETTE[1])));
        return Json.createObjectBuilder().add("type", "bar").add("data", chartData).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("plugins", Json.createObjectBuilder()
                        .add("legend", Json.createObjectBuilder().add("display", false)))
                .add("scales", Json.createObjectBuilder().add("y", Json.createObjectBuilder().add("beginAtZero", true)
                        .add("ticks", Json.createObjectBuilder().add("precision", 0))))).build().toString();
    }
}
