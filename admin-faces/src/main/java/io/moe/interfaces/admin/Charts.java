package io.moe.interfaces.admin;

import io.moe.domain.identity.UsageRanking;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

import java.util.List;

/** Chart.js configurations (the value of {@code p:chart}) for the usage series and rankings of the pages. */
final class Charts {

    private static final String[] PALETTE = {"#42A5F5", "#66BB6A", "#FFA726", "#AB47BC", "#26C6DA", "#EC407A",
            "#8D6E63", "#78909C", "#D4E157", "#5C6BC0"};

    private Charts() {
    }

    /** Tokens per day as bars, with requests per day as a line on a second axis. */
    static String daily(List<UsageRanking> days) {
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
                        .add("title", Json.createObjectBuilder().add("display", true).add("text", "tokens")))
                .add("requests", Json.createObjectBuilder().add("type", "linear").add("position", "right").add("beginAtZero", true)
                        .add("grid", Json.createObjectBuilder().add("drawOnChartArea", false))
                        .add("title", Json.createObjectBuilder().add("display", true).add("text", "requests")));
        return Json.createObjectBuilder().add("type", "bar").add("data", data).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("scales", scales)).build().toString();
    }

    /** The share of tokens of each entry as a doughnut. */
    static String shares(List<UsageRanking> entries) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder tokens = Json.createArrayBuilder();
        JsonArrayBuilder colours = Json.createArrayBuilder();
        for (int i = 0; i < entries.size(); i++) {
            labels.add(entries.get(i).key());
            tokens.add(entries.get(i).tokens());
            colours.add(PALETTE[i % PALETTE.length]);
        }
        JsonObjectBuilder data = Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("label", "Tokens").add("data", tokens).add("backgroundColor", colours)));
        return Json.createObjectBuilder().add("type", "doughnut").add("data", data).add("options", Json.createObjectBuilder()
                .add("maintainAspectRatio", false).add("animation", false).add("plugins", Json.createObjectBuilder()
                        .add("legend", Json.createObjectBuilder().add("position", "right")))).build().toString();
    }
}
