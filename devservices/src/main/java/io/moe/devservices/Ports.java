package io.moe.devservices;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Loopback port checks, so a taken port is reported by name instead of as a store's stack trace. */
final class Ports {

    private Ports() {
    }

    /** Throws, naming the store and the option to change, when {@code port} is in use on 127.0.0.1. */
    static void requireFree(int port, String store, String option) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new IllegalStateException(store + " port " + port + " is already in use; stop what uses it or choose"
                    + " another with " + option + " N");
        }
    }

    /** Whether nothing listens on {@code port} of 127.0.0.1 right now. */
    static boolean isFree(int port) {
        try {
            requireFree(port, "", "");
            return true;
        } catch (IllegalStateException taken) {
            return false;
        }
    }

    /** A port that was free a moment ago. */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port: " + e.getMessage(), e);
        }
    }
}
