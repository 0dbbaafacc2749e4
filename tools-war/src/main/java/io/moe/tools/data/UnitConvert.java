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
import java.util.ArrayList;
import java.util.List;
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
            entry("milliliter", Units.LITRE.prefix(javax.measure.MetricPrefix.MILLI)),
            entry("millilitre", Units.LITRE.prefix(javax.measure.MetricPrefix.MILLI)),
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
        List<Unit<?>> froms = units("from", fromText);
        List<Unit<?>> tos = units("to", toText);
        try {
            Quantity<?> converted = convert(value, froms, tos);
            BigDecimal result = new BigDecimal(converted.getValue().toString(), MathContext.DECIMAL64).stripTrailingZeros();
            return Jsonp.createObjectBuilder().add("value", value).add("from", fromText).add("to", toText)
                    .add("result", result.scale() < 0 ? result.setScale(0) : result).build();
        } catch (UnconvertibleException | ClassCastException e) {
            throw ToolException.invalid("to", "cannot convert " + fromText + " to " + toText + ": they measure different things");
        }
    }

    /**
     * The first reading of the two units that measure the same thing: a symbol such as H, C or F is an everyday name
     * (hour, Celsius, Fahrenheit) and an SI unit (henry, coulomb, farad), and the other unit tells which is meant.
     */
    private static Quantity<?> convert(BigDecimal value, List<Unit<?>> froms, List<Unit<?>> tos) {
        UnconvertibleException first = null;
        for (Unit<?> from : froms) {
            for (Unit<?> to : tos) {
                try {
                    return convert(Quantities.getQuantity(value, from), to);
                } catch (UnconvertibleException | ClassCastException e) {
                    first = first != null ? first : e instanceof UnconvertibleException u ? u : new UnconvertibleException(e);
                }
            }
        }
        throw first;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Quantity<?> convert(Quantity quantity, Unit to) {
        try {
            return Quantities.getQuantity(quantity.getUnit().getConverterToAny(to).convert(quantity.getValue()), to);
        } catch (IncommensurableException e) {
            throw new UnconvertibleException(e);
        }
    }

    /** The readings of a unit: its everyday name (any case), then its SI symbol as written; refused when it has neither. */
    private static List<Unit<?>> units(String argument, String text) {
        String t = text.trim();
        List<Unit<?>> readings = new ArrayList<>(2);
        // a prefixed symbol keeps its case: ml and mL are millilitres, ML would be megalitres
        Unit<?> named = t.equals("ml") || t.equals("mL") ? Units.LITRE.prefix(javax.measure.MetricPrefix.MILLI)
                : NAMED.get(t.toLowerCase(Locale.ROOT));
        if (named != null) {
            readings.add(named);
        }
        if (HUGE_EXPONENT.matcher(t).find()) { // no physical unit has one; the library would recurse that deep
            throw ToolException.invalid(argument, "the unit '" + text + "' has an exponent above 99; units such as m^2 or s^-1 are meant");
        }
        try {
            Unit<?> symbol = SimpleUnitFormat.getInstance().parse(t.replace("²", "^2").replace("³", "^3"));
            if (named == null || !symbol.equals(named)) {
                readings.add(symbol);
            }
        } catch (MeasurementException | IllegalArgumentException e) {
            if (readings.isEmpty()) {
                throw ToolException.invalid(argument, "unknown unit '" + text + "'; use symbols such as m, km, mi, ft, kg, lb, °C, °F, K, l, gal, km/h, mph, s, min, h");
            }
        }
        return readings;
    }
}
