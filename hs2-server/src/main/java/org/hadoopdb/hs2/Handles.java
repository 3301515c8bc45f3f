package org.hadoopdb.hs2;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.UUID;
import org.apache.hive.service.rpc.thrift.THandleIdentifier;

/**
 * Session and operation handles: a random GUID and a random secret, as HiveServer2 makes them.
 * A handle is looked up by both, so knowing another client's GUID is not enough to use it.
 */
final class Handles {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handles() {
    }

    static THandleIdentifier newIdentifier() {
        UUID guid = UUID.randomUUID();
        byte[] secret = new byte[16];
        RANDOM.nextBytes(secret);
        ByteBuffer g = ByteBuffer.allocate(16).putLong(guid.getMostSignificantBits()).putLong(guid.getLeastSignificantBits());
        return new THandleIdentifier(ByteBuffer.wrap(g.array()), ByteBuffer.wrap(secret));
    }

    /** The map key of a handle. */
    static String key(THandleIdentifier id) {
        if (id == null || id.getGuid() == null || id.getSecret() == null) {
            return "";
        }
        return HexFormat.of().formatHex(id.getGuid()) + ":" + HexFormat.of().formatHex(id.getSecret());
    }

    /** The GUID as Hive prints it (a UUID), e.g. for GetQueryId. */
    static String guid(THandleIdentifier id) {
        ByteBuffer g = ByteBuffer.wrap(id.getGuid());
        return new UUID(g.getLong(), g.getLong()).toString();
    }
}
