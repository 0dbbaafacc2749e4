package io.moe.infrastructure.kafka;

import org.apache.kafka.clients.producer.KafkaProducer;

import java.util.function.Supplier;

/**
 * kafka-clients loads its plug-ins (serializers, partitioners, SASL modules) through the thread's
 * context class loader; inside Liberty that must be the loader that holds kafka-clients itself, so
 * clients are created with it in place.
 */
final class KafkaClassLoader {

    private KafkaClassLoader() {
    }

    static <T> T create(Supplier<T> client) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(KafkaProducer.class.getClassLoader());
        try {
            return client.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
