package org.hadoopdb.functions;

/**
 * Arguments an {@link ArgumentRule} refuses. The validator reports it at the argument, as
 * "Argument n of f " + the message + ": " + the signature, or at the call when it is about no one argument.
 */
public final class ArgumentError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int argument;

    /**
     * @param argument the refused argument (from 0), or -1 when the call as a whole is wrong
     * @param message  what is wrong, continuing "Argument n of f ", e.g. "must be a key of map&lt;bigint,string&gt;, not boolean"
     */
    public ArgumentError(int argument, String message) {
        super(message);
        this.argument = argument;
    }

    /** The refused argument (from 0), or -1 for the call as a whole. */
    public int argument() {
        return argument;
    }
}
