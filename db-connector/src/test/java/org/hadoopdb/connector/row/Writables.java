package org.hadoopdb.connector.row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Writable;

/** Serializes writables the way Hadoop does, for round-trip tests. */
final class Writables {
    private Writables() {
    }

    static byte[] serialize(Writable w) {
        try {
            DataOutputBuffer out = new DataOutputBuffer();
            w.write(out);
            return Arrays.copyOf(out.getData(), out.getLength());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code bytes} into {@code target}, checking that exactly all of them were consumed. */
    static <W extends Writable> W deserialize(byte[] bytes, W target) {
        try {
            DataInputBuffer in = new DataInputBuffer();
            in.reset(bytes, bytes.length);
            target.readFields(in);
            if (in.getPosition() != bytes.length) {
                throw new AssertionError("readFields consumed " + in.getPosition() + " of " + bytes.length + " bytes");
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
