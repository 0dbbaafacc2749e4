package io.moe.devservices;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A TCP relay in a process of its own, put by the black-box test build between the test server and a store or
 * service it needs (Neo4j, the tool server, the search engine): {@code java -cp devservices.jar
 * io.moe.devservices.TcpRelay <listen-port> <host:port> <pid-file>}. Stopping this process with SIGSTOP looks to the
 * server exactly like a hung store — connections are accepted by the kernel, no byte comes back — for that one store
 * only, where the stores themselves share the launcher's process; SIGCONT lets everything flow again. Killing it
 * looks like a store that died (connections reset, new ones refused); started again with the same arguments, plus the
 * pid of a process to end with, it looks like the store restarted.
 */
public final class TcpRelay {

    private static final int BUFFER = 16 * 1024;

    private TcpRelay() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3 || args.length > 4 || !args[1].contains(":")) {
            System.err.println("usage: TcpRelay <listen-port> <host:port> <pid-file> [<pid to end with>]");
            System.exit(2);
        }
        if (args.length == 4) {
            endWith(Long.parseLong(args[3]));
        }
        int listen = Integer.parseInt(args[0]);
        String host = args[1].substring(0, args[1].lastIndexOf(':'));
        int port = Integer.parseInt(args[1].substring(args[1].lastIndexOf(':') + 1));
        Path pidFile = Path.of(args[2]);
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), listen), 128);
            Files.createDirectories(pidFile.toAbsolutePath().getParent());
            Files.writeString(pidFile, String.valueOf(ProcessHandle.current().pid()));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.deleteIfExists(pidFile);
                } catch (IOException ignored) {
                    // the file is under target/
                }
            }));
            System.out.println("relaying 127.0.0.1:" + listen + " to " + host + ":" + port);
            while (true) {
                Socket client = server.accept();
                Thread thread = new Thread(() -> connect(client, host, port), "relay-" + client.getPort());
                thread.setDaemon(true);
                thread.start();
            }
        }
    }

    /**
     * Ends this relay once process {@code pid} ended: a relay a test started again after killing one (the build's own
     * relays end with the build) must not outlive the build either.
     */
    private static void endWith(long pid) {
        Thread watch = new Thread(() -> {
            ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
            System.exit(0);
        }, "relay-ends-with-" + pid);
        watch.setDaemon(true);
        watch.start();
    }

    private static void connect(Socket client, String host, int port) {
        try {
            Socket upstream = new Socket(host, port);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            Thread back = new Thread(() -> copy(upstream, client), "relay-back-" + client.getPort());
            back.setDaemon(true);
            back.start();
            copy(client, upstream);
        } catch (IOException e) {
            close(client);
        }
    }

    /** Copies until either side ends, then closes both. */
    private static void copy(Socket from, Socket to) {
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException ignored) {
            // one side went away: both are closed below
        } finally {
            close(from);
            close(to);
        }
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
