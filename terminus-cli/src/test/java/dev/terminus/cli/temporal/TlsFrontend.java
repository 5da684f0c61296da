package dev.terminus.cli.temporal;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.HandlerRegistry;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A TLS-terminating gRPC endpoint on loopback in front of a plain one (Temporal's test server): the server certificate
 * of {@link TestCertificates}, client certificates required or not, every call forwarded as it came (unary and
 * streaming, its bytes and headers untouched). It records each call's {@code authorization} header, and with an
 * expected one refuses any other as {@code UNAUTHENTICATED}, as a hosted namespace refuses a wrong API key.
 */
final class TlsFrontend implements AutoCloseable {
    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    // one thread runs every callback of both sides, so a call's two halves never race
    private final ExecutorService callbacks = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "tls-frontend");
        thread.setDaemon(true);
        return thread;
    });
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final @Nullable String expectedAuthorization;
    private final ManagedChannel backend;
    private final Server server;

    private TlsFrontend(int backendPort, TestCertificates certificates, boolean clientCertificates,
            @Nullable String expectedAuthorization) throws IOException {
        this.expectedAuthorization = expectedAuthorization;
        this.backend = ManagedChannelBuilder.forAddress("127.0.0.1", backendPort).usePlaintext().executor(callbacks)
                .build();
        SslContextBuilder tls = GrpcSslContexts.forServer(certificates.server().toFile(),
                certificates.serverKey().toFile());
        if (clientCertificates) {
            tls.trustManager(certificates.ca().toFile()).clientAuth(ClientAuth.REQUIRE);
        }
        this.server = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .sslContext(tls.build())
                .executor(callbacks)
                .fallbackHandlerRegistry(new Forwarding())
                .build()
                .start();
    }

    /**
     * @param backendPort the plain endpoint's port on loopback
     * @param certificates the server's certificate and key, and the CA its clients' certificates are checked against
     * @return a frontend that asks every client for a certificate the CA signed (mutual TLS)
     */
    static TlsFrontend mutual(int backendPort, TestCertificates certificates) throws IOException {
        return new TlsFrontend(backendPort, certificates, true, null);
    }

    /**
     * @param backendPort the plain endpoint's port on loopback
     * @param certificates the server's certificate and key
     * @return a frontend with server authentication only, that lets every call through
     */
    static TlsFrontend serverOnly(int backendPort, TestCertificates certificates) throws IOException {
        return new TlsFrontend(backendPort, certificates, false, null);
    }

    /**
     * @param backendPort the plain endpoint's port on loopback
     * @param certificates the server's certificate and key
     * @param apiKey the only key it lets through, sent as {@code Bearer <key>}
     * @return a frontend with server authentication only, that checks an API key
     */
    static TlsFrontend withApiKey(int backendPort, TestCertificates certificates, String apiKey) throws IOException {
        return new TlsFrontend(backendPort, certificates, false, "Bearer " + apiKey);
    }

    /** @return {@code localhost:PORT} */
    String address() {
        return "localhost:" + server.getPort();
    }

    /** @return the {@code authorization} header of every call so far, in order */
    List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    /** Stops both sides, and only then the thread their last callbacks run on. */
    @Override
    public void close() throws InterruptedException {
        server.shutdownNow();
        server.awaitTermination(10, TimeUnit.SECONDS);
        backend.shutdownNow();
        backend.awaitTermination(10, TimeUnit.SECONDS);
        callbacks.shutdown();
    }

    /** Every method is found, and forwarded as bytes. */
    private final class Forwarding extends HandlerRegistry {
        @Override
        public ServerMethodDefinition<?, ?> lookupMethod(String methodName, @Nullable String authority) {
            MethodDescriptor<byte[], byte[]> method = MethodDescriptor.<byte[], byte[]>newBuilder()
                    .setType(MethodDescriptor.MethodType.UNKNOWN)
                    .setFullMethodName(methodName)
                    .setRequestMarshaller(BYTES)
                    .setResponseMarshaller(BYTES)
                    .build();
            return ServerMethodDefinition.create(method, new Forward());
        }
    }

    /** One call: the client's messages go to the backend, the backend's back to the client, and so their ends. */
    private final class Forward implements ServerCallHandler<byte[], byte[]> {
        @Override
        public ServerCall.Listener<byte[]> startCall(ServerCall<byte[], byte[]> call, Metadata headers) {
            String authorization = headers.get(AUTHORIZATION);
            if (authorization != null) {
                authorizations.add(authorization);
            }
            if (expectedAuthorization != null && !expectedAuthorization.equals(authorization)) {
                call.close(Status.UNAUTHENTICATED.withDescription("the API key is not valid"), new Metadata());
                return new ServerCall.Listener<>() {};
            }
            CallOptions options = CallOptions.DEFAULT;
            Deadline deadline = Context.current().getDeadline();
            if (deadline != null) {
                options = options.withDeadline(deadline);
            }
            ClientCall<byte[], byte[]> forward = backend.newCall(call.getMethodDescriptor(), options);
            forward.start(new ClientCall.Listener<>() {
                @Override
                public void onHeaders(Metadata backendHeaders) {
                    call.sendHeaders(backendHeaders);
                }

                @Override
                public void onMessage(byte[] message) {
                    call.sendMessage(message);
                    forward.request(1);
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    call.close(status, trailers);
                }
            }, headers);
            forward.request(1);
            call.request(1);
            return new ServerCall.Listener<>() {
                @Override
                public void onMessage(byte[] message) {
                    forward.sendMessage(message);
                    call.request(1);
                }

                @Override
                public void onHalfClose() {
                    forward.halfClose();
                }

                @Override
                public void onCancel() {
                    forward.cancel("the client cancelled the call", null);
                }
            };
        }
    }
}
