package dev.terminus.cli.temporal;

import dev.terminus.cli.input.BadInputException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * The TLS of a connection to a Temporal frontend: the client's {@link SslContext} made from PEM files (the CA
 * certificates of {@code --tls-ca} to trust instead of the JDK's trust store; the certificate chain of
 * {@code --tls-cert} and its PKCS#8 private key of {@code --tls-key} for mutual TLS), every file checked before
 * anything is sent, and the one line that says why a handshake failed. Errors name the option and the file.
 */
final class TemporalTls {
    /** Larger than any PEM file of certificates or a key; a larger file is the wrong file. */
    private static final long LARGEST = 1 << 20;
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");
    private static final String CERTIFICATE = "CERTIFICATE";
    private static final String PRIVATE_KEY = "PRIVATE KEY";

    private TemporalTls() {}

    /**
     * @param certFile the client's certificate chain, or null for no client certificate (then keyFile is null too)
     * @param keyFile the certificate's private key
     * @param caFile the CA certificates to trust, or null for the JDK's trust store
     * @return the client's TLS context
     * @throws BadInputException naming the option and the file when a file is missing, unreadable, not PEM of the
     *     right kind, or the key is not the certificate's
     */
    static SslContext context(@Nullable String certFile, @Nullable String keyFile, @Nullable String caFile)
            throws BadInputException {
        SslContextBuilder builder = GrpcSslContexts.forClient();
        if (certFile != null && keyFile != null) {
            List<X509Certificate> chain = certificates("--tls-cert", certFile);
            builder.keyManager(privateKey(keyFile, certFile, chain.getFirst()), chain.toArray(X509Certificate[]::new));
        }
        if (caFile != null) {
            builder.trustManager(certificates("--tls-ca", caFile).toArray(X509Certificate[]::new));
        }
        try {
            return builder.build();
        } catch (SSLException | RuntimeException e) {
            throw new BadInputException((certFile != null ? "--tls-cert " + certFile : "--tls-ca " + caFile)
                    + ": cannot make a TLS context of it: " + e.getMessage());
        }
    }

    /**
     * @param option the option naming the file
     * @param file a PEM file of one or more certificates
     * @return its certificates, in the file's order
     * @throws BadInputException naming the option and the file when it holds no PEM certificate, or a broken one
     */
    static List<X509Certificate> certificates(String option, String file) throws BadInputException {
        List<Block> blocks = blocks(option, file);
        List<X509Certificate> certificates = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (Block block : blocks) {
                if (block.label().equals(CERTIFICATE)) {
                    certificates.add((X509Certificate) factory.generateCertificate(
                            new ByteArrayInputStream(block.der(option, file))));
                }
            }
        } catch (CertificateException e) {
            throw new BadInputException(option + " " + file + ": is not a PEM certificate (" + e.getMessage() + ")");
        }
        if (certificates.isEmpty()) {
            boolean key = blocks.stream().anyMatch(block -> block.label().endsWith(PRIVATE_KEY));
            throw new BadInputException(option + " " + file + ": is not a PEM certificate ("
                    + (key ? "it holds a private key" : "no -----BEGIN CERTIFICATE----- block") + ")");
        }
        return certificates;
    }

    /**
     * @param file a PEM file of one unencrypted PKCS#8 private key
     * @param certFile the certificate's file, for the message
     * @param certificate the certificate the key must belong to
     * @return the key
     * @throws BadInputException naming {@code --tls-key} and the file when it holds no such key, or another
     *     certificate's
     */
    static PrivateKey privateKey(String file, String certFile, X509Certificate certificate) throws BadInputException {
        List<Block> keys = blocks("--tls-key", file).stream().filter(block -> block.label().endsWith(PRIVATE_KEY))
                .toList();
        if (keys.isEmpty()) {
            throw new BadInputException("--tls-key " + file + ": is not a PEM private key (no -----BEGIN PRIVATE"
                    + " KEY----- block)");
        }
        Block block = keys.getFirst();
        if (!block.label().equals(PRIVATE_KEY)) {
            throw new BadInputException("--tls-key " + file + ": holds a key as " + block.label() + "; give it"
                    + " unencrypted in PKCS#8 (BEGIN PRIVATE KEY: openssl pkcs8 -topk8 -nocrypt -in " + file + ")");
        }
        String algorithm = certificate.getPublicKey().getAlgorithm();
        PrivateKey key;
        try {
            byte[] der = block.der("--tls-key", file);
            key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new BadInputException("--tls-key " + file + ": is not a PKCS#8 " + algorithm + " private key, as the"
                    + " certificate in --tls-cert " + certFile + " needs (" + e.getMessage() + ")");
        }
        if (!belongs(key, certificate)) {
            throw new BadInputException("--tls-key " + file + ": is not the private key of the certificate in"
                    + " --tls-cert " + certFile);
        }
        return key;
    }

    /**
     * @param e why connecting or calling failed
     * @param caFile the CA certificates trusted, or null for the JDK's trust store
     * @param certFile the client's certificate, or null for none
     * @param address the frontend
     * @return one line saying why the TLS handshake failed, or null when it was not the handshake
     */
    static @Nullable String handshakeFailure(Throwable e, @Nullable String caFile, @Nullable String certFile,
            String address) {
        SSLException ssl = null;
        CertificateException untrusted = null;
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (ssl == null && cause instanceof SSLException found) {
                ssl = found;
            }
            if (cause instanceof CertificateException found) {
                untrusted = found;
            }
        }
        if (ssl == null) {
            return null;
        }
        if (untrusted != null) {
            return (caFile != null ? "--tls-ca " + caFile + ": " : "--temporal: ") + "Temporal at " + address
                    + " presented a certificate that " + (caFile != null ? "this CA" : "the JDK's trust store")
                    + " does not vouch for (" + innermost(untrusted) + ")"
                    + (caFile != null ? "" : "; give its CA with --tls-ca FILE");
        }
        String message = String.valueOf(ssl.getMessage());
        if (message.startsWith("not an SSL/TLS record")) {
            return "--temporal: Temporal at " + address + " does not answer in TLS (a frontend without TLS, such as"
                    + " temporal server start-dev, is reached without --tls-ca, --tls-cert and --api-key-env)";
        }
        String alert = message.toLowerCase(Locale.ROOT);
        return "--temporal: the TLS handshake with Temporal at " + address + " failed (" + message + ")"
                + (certFile == null && alert.contains("certificate_required")
                        ? "; it asks for a client certificate: --tls-cert and --tls-key"
                        : certFile != null && (alert.contains("certificate") || alert.contains("unknown_ca"))
                        ? "; it did not accept the certificate in --tls-cert " + certFile : "");
    }

    /** @return the message of the innermost cause that has one: the reason without the wrappers' class names */
    private static String innermost(Throwable e) {
        String message = e.getMessage();
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null) {
                message = cause.getMessage();
            }
        }
        return String.valueOf(message);
    }

    /** @return whether the key signs what the certificate's public key verifies */
    private static boolean belongs(PrivateKey key, X509Certificate certificate) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "EdDSA", "Ed25519", "Ed448" -> "EdDSA";
            default -> null;
        };
        if (algorithm == null) {
            return true; // a key of another algorithm (RSASSA-PSS, DSA) is left to the handshake
        }
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(challenge);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** @return the PEM blocks of a file, read as the option names it */
    private static List<Block> blocks(String option, String file) throws BadInputException {
        String text = new String(read(option, file), StandardCharsets.ISO_8859_1);
        List<Block> blocks = new ArrayList<>();
        Matcher matcher = BLOCK.matcher(text);
        while (matcher.find()) {
            blocks.add(new Block(matcher.group(1), matcher.group(2)));
        }
        return blocks;
    }

    private static byte[] read(String option, String file) throws BadInputException {
        String source = option + " " + file;
        try {
            Path path = Path.of(file);
            if (Files.isDirectory(path)) {
                throw new BadInputException(source + ": is a directory");
            }
            if (Files.exists(path) && Files.size(path) > LARGEST) {
                throw new BadInputException(source + ": is " + Files.size(path) + " bytes, too large for a PEM file");
            }
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new BadInputException(source + ": no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(source + ": permission denied");
        } catch (IOException e) {
            throw new BadInputException(source + ": cannot read it: " + e.getMessage());
        } catch (InvalidPathException e) {
            throw new BadInputException(source + ": not a valid path (" + e.getReason() + ")");
        }
    }

    /** A PEM block: its label ({@code CERTIFICATE}, {@code PRIVATE KEY}) and its Base64 text. */
    private record Block(String label, String base64) {
        byte[] der(String option, String file) throws BadInputException {
            try {
                return Base64.getMimeDecoder().decode(base64);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(option + " " + file + ": its " + label + " block is not Base64");
            }
        }

        @Override
        public String toString() {
            return "Block[" + label + "]"; // never a key's text
        }
    }
}
