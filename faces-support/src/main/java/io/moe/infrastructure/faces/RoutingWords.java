package io.moe.infrastructure.faces;

/**
 * A usage row's routing mode in the words of the usage tables; the usage log, its API and its export keep the
 * spec's ids ({@code moe_orchestrated}, {@code moe_reasoning}, {@code native}), which the tables show as a tooltip.
 */
public final class RoutingWords {

    private RoutingWords() {
    }

    /** {@code orchestrated}, {@code reasoning} or {@code native}; an id this page does not know as it is. */
    public static String of(String routing) {
        if (routing == null) {
            return "";
        }
        return switch (routing) {
            case "moe_orchestrated" -> "orchestrated";
            case "moe_reasoning" -> "reasoning";
            case "native" -> "native";
            default -> routing;
        };
    }
}
