package org.hadoopdb.datagen;

import java.io.IOException;

/**
 * The Grep task's {@code Data} table: 100 random printable ASCII characters (space to {@code ~}) per
 * record, a 10-character key followed by a 90-character field, with no delimiter.
 *
 * <p>The pattern {@code XYZ} is planted deterministically, exactly once in every block of 10 000 records
 * (at a seeded record of the block and a seeded offset of the field), and accidental matches are excluded:
 * a {@code Z} that would complete {@code XYZ} anywhere in the record, key included, is drawn again. So the
 * Grep task selects exactly {@link #expectedMatches()} records (one per 10 000, give or take the last
 * partial block), and a record-level grep in the Hadoop baseline finds the same ones.
 */
final class GrepGenerator implements PartContent {

    static final int KEY_LENGTH = 10;
    static final int FIELD_LENGTH = 90;
    static final int RECORD_LENGTH = KEY_LENGTH + FIELD_LENGTH;
    static final int PATTERN_PERIOD = 10_000;
    static final String PATTERN = "XYZ";

    private static final int PRINTABLE = '~' - ' ' + 1;

    private final long rows;
    private final long rowSeed;
    private final long plantSeed;

    GrepGenerator(long seed, long rows) {
        this.rows = rows;
        this.rowSeed = Seeds.stream(seed, "grep-rows");
        this.plantSeed = Seeds.stream(seed, "grep-pattern");
    }

    /** The number of records whose field contains {@code XYZ}. */
    long expectedMatches() {
        long fullBlocks = rows / PATTERN_PERIOD;
        return fullBlocks + (plantedRow(fullBlocks) < rows ? 1 : 0);
    }

    @Override
    public void write(long first, long end, PartOutputs outputs, RowCounter counter) throws IOException {
        AsciiOutput out = outputs.open(PavloTable.GREP.directoryName());
        Rng rng = new Rng(0);
        long nextPlanted = plantedRow(first / PATTERN_PERIOD);
        for (long row = first; row < end; row++) {
            rng.reseed(Seeds.element(rowSeed, row));
            int start = out.length();
            out.ensure(RECORD_LENGTH + 1);
            byte[] buf = out.buf;
            for (int i = 0; i < RECORD_LENGTH; i++) {
                byte c = (byte) (' ' + rng.nextInt(PRINTABLE));
                while (c == 'Z' && i >= 2 && buf[start + i - 1] == 'Y' && buf[start + i - 2] == 'X') {
                    c = (byte) (' ' + rng.nextInt(PRINTABLE));
                }
                buf[start + i] = c;
            }
            if (row == nextPlanted) {
                // overwriting with XYZ cannot create a second match: X, Y and Z are all distinct and the
                // text around held no XYZ
                int at = start + KEY_LENGTH + rng.nextInt(FIELD_LENGTH - PATTERN.length() + 1);
                for (int i = 0; i < PATTERN.length(); i++) {
                    buf[at + i] = (byte) PATTERN.charAt(i);
                }
            }
            if ((row + 1) % PATTERN_PERIOD == 0) {
                nextPlanted = plantedRow((row + 1) / PATTERN_PERIOD);
            }
            out.setLength(start + RECORD_LENGTH);
            out.endRow();
            counter.add();
        }
    }

    private long plantedRow(long block) {
        return block * PATTERN_PERIOD + (Seeds.element(plantSeed, block) >>> 1) % PATTERN_PERIOD;
    }
}
