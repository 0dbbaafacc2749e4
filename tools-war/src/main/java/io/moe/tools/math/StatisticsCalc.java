package io.moe.tools.math;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * statistics_calc: descriptive statistics with Commons Math. stdev and variance are the sample
 * versions (n-1); percentiles gives P25, P50, P75, P90, P95 and P99 (linear interpolation, R-7).
 */
public final class StatisticsCalc implements Tool {

    static final List<String> OPS = List.of("mean", "median", "stdev", "variance", "min", "max", "sum", "count", "mode", "percentiles");
    private static final double[] PERCENTILES = {25, 50, 75, 90, 95, 99};

    @Override
    public String name() {
        return "statistics_calc";
    }

    @Override
    public String description() {
        return "Descriptive statistics of a list of numbers: mean, median, stdev, variance, min, max, sum, count, mode, percentiles (or all).";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("data", "array", "the numbers")
                .optional("op", "string", "one of " + String.join(", ", OPS) + ", a comma list, or all (default)").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        List<BigDecimal> numbers = args.numbers("data", "values", "numbers");
        if (numbers.isEmpty()) {
            throw ToolException.invalid("data", "'data' must contain at least one number");
        }
        double[] data = numbers.stream().mapToDouble(BigDecimal::doubleValue).toArray();
        if (Arrays.stream(data).anyMatch(d -> !Double.isFinite(d))) {
            throw ToolException.invalid("data", "'data' holds a number beyond the range of a double (about ±1.8e308)");
        }
        Set<String> ops = ops(args.optionalString("op", "operations", "operation").orElse("all"));
        DescriptiveStatistics stats = new DescriptiveStatistics(data);
        JsonObjectBuilder out = Jsonp.createObjectBuilder();
        for (String op : ops) {
            switch (op) {
                case "mean" -> out.add("mean", finite("mean", stats.getMean()));
                case "median" -> out.add("median", finite("median", percentile(data, 50)));
                case "stdev" -> out.add("stdev", data.length < 2 ? 0.0 : finite("stdev", stats.getStandardDeviation()));
                case "variance" -> out.add("variance", data.length < 2 ? 0.0 : finite("variance", stats.getVariance()));
                case "min" -> out.add("min", stats.getMin());
                case "max" -> out.add("max", stats.getMax());
                case "sum" -> out.add("sum", numbers.stream().reduce(BigDecimal.ZERO, BigDecimal::add));
                case "count" -> out.add("count", data.length);
                case "mode" -> {
                    JsonArrayBuilder modes = Jsonp.createArrayBuilder();
                    for (double m : StatUtils.mode(data)) {
                        modes.add(m);
                    }
                    out.add("mode", modes);
                }
                default -> {
                    JsonObjectBuilder p = Jsonp.createObjectBuilder();
                    for (double q : PERCENTILES) {
                        p.add("p" + (int) q, finite("p" + (int) q, percentile(data, q)));
                    }
                    out.add("percentiles", p);
                }
            }
        }
        return out.build();
    }

    /** {@code value}, which the numbers' range may have pushed beyond a double's (their mean or variance overflows). */
    private static double finite(String op, double value) {
        if (!Double.isFinite(value)) {
            throw new ToolException(Kind.UNPROCESSABLE, "result_out_of_range", "data", "the " + op
                    + " of these numbers is beyond the range of a double (about ±1.8e308); scale them down and ask again");
        }
        return value;
    }

    private static double percentile(double[] data, double q) {
        return new Percentile().withEstimationType(Percentile.EstimationType.R_7).evaluate(data, q);
    }

    private static Set<String> ops(String given) {
        Set<String> ops = new LinkedHashSet<>();
        for (String raw : given.toLowerCase(Locale.ROOT).split("[,\\s]+")) {
            String op = switch (raw) {
                case "average", "avg" -> "mean";
                case "std", "stddev", "sd", "std_dev" -> "stdev";
                case "var" -> "variance";
                case "percentile" -> "percentiles";
                default -> raw;
            };
            if (op.equals("all")) {
                ops.addAll(OPS);
            } else if (OPS.contains(op)) {
                ops.add(op);
            } else if (!op.isEmpty()) {
                throw ToolException.invalid("op", "unknown operation '" + raw + "'; use " + String.join(", ", OPS) + " or all");
            }
        }
        return ops.isEmpty() ? new LinkedHashSet<>(OPS) : ops;
    }
}
