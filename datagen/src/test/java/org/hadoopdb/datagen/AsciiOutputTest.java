package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AsciiOutputTest {

    @Test
    void escapesLikePostgresCopyTextAndRoundTrips() throws Exception {
        String text = "line one\nback\\slash|pipe\rcr \\N end";
        AsciiBuilder b = new AsciiBuilder(16);
        b.append(text);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong counter = new AtomicLong();
        try (AsciiOutput out = new AsciiOutput(bytes, counter)) {
            out.append("key|");
            out.appendEscaped(b, (byte) '|');
            out.endRow();
        }
        String line = bytes.toString(StandardCharsets.US_ASCII);
        assertThat(line).isEqualTo("key|line one\\nback\\\\slash\\|pipe\\rcr \\\\N end\n");
        assertThat(counter.get()).isEqualTo(line.length());
        var fields = TestFiles.splitEscaped(line.substring(0, line.length() - 1));
        assertThat(fields).hasSize(2);
        assertThat(TestFiles.unescape(fields.get(1))).isEqualTo(text);
    }

    @Test
    void formatsNumbersByHand() {
        AsciiBuilder b = new AsciiBuilder(4);
        b.appendDecimal(0).append(' ').appendDecimal(1234567890123L).append(' ')
                .appendThousandths(5).append(' ').appendThousandths(499_999).append(' ').appendThousandths(12_340);
        assertThat(b.toString()).isEqualTo("0 1234567890123 0.005 499.999 12.340");
    }
}
