package io.moe.application.limits;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.lang.reflect.Field;

/**
 * Builds a settings bean (public {@code @ConfigProperty} fields) with the defaults its fields declare, for code that runs
 * without a container (unit tests, tools): the defaults stay in one place, the annotations.
 */
public final class ConfigDefaults {

    private ConfigDefaults() {
    }

    public static <T> T of(Class<T> group) {
        try {
            T instance = group.getDeclaredConstructor().newInstance();
            for (Field field : group.getFields()) {
                ConfigProperty property = field.getAnnotation(ConfigProperty.class);
                if (property == null) {
                    continue;
                }
                String value = property.defaultValue();
                if (field.getType() == int.class) {
                    field.setInt(instance, Integer.parseInt(value));
                } else if (field.getType() == long.class) {
                    field.setLong(instance, Long.parseLong(value));
                } else if (field.getType() == boolean.class) {
                    field.setBoolean(instance, Boolean.parseBoolean(value));
                } else if (field.getType() == String.class) {
                    field.set(instance, value);
                } else {
                    throw new IllegalArgumentException(field + " has a type ConfigDefaults does not read");
                }
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build the defaults of " + group, e);
        }
    }
}
