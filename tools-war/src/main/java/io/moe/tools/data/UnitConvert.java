package io.moe.tools.data;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import systems.uom.common.USCustomary;
import tech.units.indriya.format.SimpleUnitFormat;
import tech.units.indriya.quantity.Quantities;
import tech.units.indriya.unit.Units;

import javax.measure.IncommensurableException;
import javax.measure.MeasurementException;
import javax.measure.Quantity;
import javax.measure.Unit;
import javax.measure.UnconvertibleException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;

import static java.util.Map.entry;

/**
 * unit_convert: converts a value between physical units of the same dimension with the JSR 385
 * reference implementation (Indriya) and its common unit systems (US customary, imperial).
 */
public final class UnitConvert implements Tool {

    private static final Map<String, Unit<?>> NAMED = Map.ofEntries(
            entry("mi", USCustomary.MILE), entry("mile", USCustomary.MILE), entry("miles", USCustomary.MILE),
            entry("ft", USCustomary.FOOT), entry("foot", USCustomary.FOOT), entry("feet", USCustomary.FOOT),
            entry("in", USCustomary.INCH), entry("inch", USCustomary.INCH), entry("inches", USCustomary.INCH),
            entry("yd", USCustomary.YARD), entry("yard", USCustomary.YARD), entry("yards", USCustomary.YARD),
            entry("lb", USCustomary.POUND), entry("lbs", USCustomary.POUND), entry("pound", USCustomary.POUND),
            entry("pounds", USCustomary.POUND), entry("oz", USCustomary.OUNCE), entry("ounce", USCustomary.OUNCE),
            entry("gal", USCustomary.GALLON_LIQUID), entry("gallon", USCustomary.GALLON_LIQUID),
            entry("mph", USCustomary.MILE_PER_HOUR), entry("°f", USCustomary.FAHRENHEIT), entry("f", USCustomary.FAHRENHEIT),
            entry("fahrenheit", USCustomary.FAHRENHEIT), entry("°c", Units.CELSIUS), entry("c", Units.CELSIUS),
            entry("celsius", Units.CELSIUS), entry("k", Units.KELVIN), entry("kelvin", Units.KELVIN),
            entry("km/h", Units.KILOMETRE_PER_HOUR), entry("kmh", Units.KILOMETRE_PER_HOUR), entry("kph", Units.KILOMETRE_PER_HOUR),
            entry("m/s", Units.METRE_PER_SECOND), entry("l", Units.LITRE), entry("liter", Units.LITRE), entry("litre", Units.LITRE),
            entry("h", Units.HOUR), entry("hour", Units.HOUR), entry("hours", Units.HOUR), entry("min", Units.MINUTE),
            entry("minute", Units.MINUTE), entry("minutes", Units.MINUTE), entry("d", Units.DAY), entry("day", Units.DAY),
            entry("days", Units.DAY), entry("week", Units.WEEK), entry("weeks", Units.WEEK),
            entry("meter", Units.METRE), entry("metre", Units.METRE), entry("meters", Units.METRE),
            entry("kilometer", Units.METRE.prefix(javax.measure.MetricPrefix.KILO)), entry("km", Units.METRE.prefix(javax.measure.MetricPrefix.KILO)),
            entry("gram", Units.GRAM), entry("grams", Units.GRAM), entry("kilogram", Units.KILOGRAM), entry("kilograms", Units.KILOGRAM));

    private static final java.util.regex.Pattern HUGE_EXPONENT = java.util.regex.Pattern.compile("\\^\\s*[-+]?\\d{3,}");

    @Override
    public String name() {
        return "unit_convert";
    }

    @Override
    public String description() {
        return "Convert a value between physical units of the same kind, e.g. 5 km to mi, 100 °F to °C, 3 kg to lb, 60 mph to km/h.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("value", "number", "the amount").required("from", "string", "source unit, e.g. km, °F, lb")
                .required("to", "string", "target unit, e.g. mi, °C, kg").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        BigDecimal value = args.number("value", "amount");
        String fromText = args.string("from", "from_unit");
        String toText = args.string("to", "to_unit");
        Unit<?> from = unit("from", fromText);
        Unit<?> to = unit("to", toText);
        try {
            Quantity<?> converted = convert(Quantities.getQuantity(value, from), to);
            BigDecimal result = new BigDecimal(converted.getValue().toString(), MathContext.DECIMAL64).stripTrailingZeros();
            return Jsonp.createObjectBuilder().add("value", value).add("from", fromText).add("to", toText)
                    .add("result", result.scale() < 0 ? result.setScale(0) : result).build();
        } catch (UnconvertibleException | ClassCastException e) {
            throw ToolException.invalid("to", "cannot convert " + fromText + " to " + toText + ": they measure different things");
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Quantity<?> convert(Quantity quantity, Unit to) {
        try {
            return Quantities.getQuantity(quantity.getUnit().getConverterToAny(to).convert(quantity.getValue()), to);
        } catch (IncommensurableException e) {
            throw new UnconvertibleException(e);
        }
    }

    private static Unit<?> unit(String argument, String text) {
        String t = text.trim();
        Unit<?> named = NAMED.get(t.toLowerCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        if (HUGE_EXPONENT.matcher(t).find()) { // no physical unit has one; the library would recurse that deep
            throw ToolException.invalid(argument, "the unit '" + text + "' has an exponent above 99; units such as m^2 or s^-1 are meant");
        }
        try {
            return SimpleUnitFormat.getInstance().parse(t.replace("²", "^2").replace("³", "^3"));
        } catch (MeasurementException | IllegalArgumentException e) {
            throw ToolException.invalid(argument, "unknown unit '" + text + "'; use symbols such as m, km, mi, ft, kg, lb, °C, °F, K, l, gal, km/h, mph, s, min, h");
        }
    }
}
