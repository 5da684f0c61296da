package dev.terminus.cli.temporal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A test CA, a server certificate it signed for {@code localhost} and {@code 127.0.0.1}, a client certificate it
 * signed, and a second CA that signed neither, made (EC P-256) when a test runs and written as PEM files (keys in
 * unencrypted PKCS#8) into a directory: no key is ever checked in.
 *
 * @param ca the CA's certificate
 * @param server the server's certificate
 * @param serverKey its key
 * @param client the client's certificate
 * @param clientKey its key
 * @param otherCa another CA's certificate, which vouches for no certificate here
 */
record TestCertificates(Path ca, Path server, Path serverKey, Path client, Path clientKey, Path otherCa) {
    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

    /**
     * @param dir where the PEM files go
     * @return the files
     */
    static TestCertificates writeTo(Path dir) {
        try {
            KeyPair caKeys = keys();
            X500Name caName = new X500Name("CN=Terminus Test CA");
            X509Certificate ca = sign(caName, caKeys, caName, caKeys.getPrivate(), Role.CA);
            KeyPair serverKeys = keys();
            X509Certificate server = sign(new X500Name("CN=localhost"), serverKeys, caName, caKeys.getPrivate(),
                    Role.SERVER);
            KeyPair clientKeys = keys();
            X509Certificate client = sign(new X500Name("CN=terminus-test-client"), clientKeys, caName,
                    caKeys.getPrivate(), Role.CLIENT);
            KeyPair otherKeys = keys();
            X500Name otherName = new X500Name("CN=Another Test CA");
            X509Certificate other = sign(otherName, otherKeys, otherName, otherKeys.getPrivate(), Role.CA);
            return new TestCertificates(
                    pem(dir.resolve("ca.pem"), "CERTIFICATE", ca.getEncoded()),
                    pem(dir.resolve("server.pem"), "CERTIFICATE", server.getEncoded()),
                    pem(dir.resolve("server-key.pem"), "PRIVATE KEY", serverKeys.getPrivate().getEncoded()),
                    pem(dir.resolve("client.pem"), "CERTIFICATE", client.getEncoded()),
                    pem(dir.resolve("client-key.pem"), "PRIVATE KEY", clientKeys.getPrivate().getEncoded()),
                    pem(dir.resolve("other-ca.pem"), "CERTIFICATE", other.getEncoded()));
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the test certificates: " + e, e);
        }
    }

    private enum Role { CA, SERVER, CLIENT }

    private static KeyPair keys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(X500Name subject, KeyPair subjectKeys, X500Name issuer, PrivateKey issuerKey,
            Role role) throws GeneralSecurityException, OperatorCreationException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
                BigInteger.valueOf(SERIAL.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))), subject, subjectKeys.getPublic());
        try {
            switch (role) {
                case CA -> {
                    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
                    builder.addExtension(Extension.keyUsage, true,
                            new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
                }
                case SERVER -> {
                    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
                    builder.addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
                    builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                            new GeneralName(GeneralName.dNSName, "localhost"),
                            new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
                }
                case CLIENT -> {
                    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
                    builder.addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
    }

    private static Path pem(Path file, String label, byte[] der) {
        String text = "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
        try {
            return Files.writeString(file, text, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
