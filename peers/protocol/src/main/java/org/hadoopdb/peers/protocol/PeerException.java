package org.hadoopdb.peers.protocol;

/** A peer system failed, could not be started, or broke the protocol; the message says which peer and what. */
public final class PeerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PeerException(String message) {
        super(message);
    }

    public PeerException(String message, Throwable cause) {
        super(message, cause);
    }
}
