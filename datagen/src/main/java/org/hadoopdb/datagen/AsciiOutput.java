package org.hadoopdb.datagen;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A line-oriented output file: rows are appended to the in-memory buffer and the buffer goes to the stream
 * whenever it passes the flush size at the end of a row. Counts the bytes it writes into a shared counter
 * so progress can be reported while a part is being generated.
 */
final class AsciiOutput extends AsciiBuilder implements AutoCloseable {

    private static final int FLUSH_SIZE = 1 << 16;

    private final OutputStream out;
    private final AtomicLong bytesCounter;
    private long bytesWritten;

    AsciiOutput(OutputStream out, AtomicLong bytesCounter) {
        super(FLUSH_SIZE * 2);
        this.out = out;
        this.bytesCounter = bytesCounter;
    }

    /** Ends the current row with a newline. */
    void endRow() throws IOException {
        append((byte) '\n');
        if (len >= FLUSH_SIZE) {
            flushBuffer();
        }
    }

    /**
     * Appends {@code text} escaped in the PostgreSQL {@code COPY} text convention: newline becomes
     * {@code \n}, carriage return {@code \r}, and a backslash or the field delimiter gets a backslash in front,
     * so a value with line breaks stays on one line.
     */
    void appendEscaped(AsciiBuilder text, byte delimiter) {
        ensure(text.length() * 2);
        for (int i = 0; i < text.length(); i++) {
            byte b = text.byteAt(i);
            if (b == '\n') {
                buf[len++] = '\\';
                buf[len++] = 'n';
            } else if (b == '\r') {
                buf[len++] = '\\';
                buf[len++] = 'r';
            } else if (b == '\\' || b == delimiter) {
                buf[len++] = '\\';
                buf[len++] = b;
            } else {
                buf[len++] = b;
            }
        }
    }

    long bytesWritten() {
        return bytesWritten + len;
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, len);
        bytesWritten += len;
        bytesCounter.addAndGet(len);
        len = 0;
    }

    @Override
    public void close() throws IOException {
        try {
            flushBuffer();
        } finally {
            out.close();
        }
    }
}
