package org.hadoopdb.datagen;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/**
 * The UserVisits.visitDate range, 1973-03-03 to 2004-11-09 inclusive, pre-formatted as {@code yyyy-MM-dd}
 * (about 11 600 days, so a table of strings is cheaper than formatting a date per row).
 */
final class VisitDates {

    static final LocalDate FIRST = LocalDate.of(1973, 3, 3);
    static final LocalDate LAST = LocalDate.of(2004, 11, 9);
    static final int DAYS = (int) ChronoUnit.DAYS.between(FIRST, LAST) + 1;

    private static final byte[][] FORMATTED = new byte[DAYS][];

    static {
        for (int i = 0; i < DAYS; i++) {
            FORMATTED[i] = FIRST.plusDays(i).toString().getBytes(StandardCharsets.US_ASCII); // ISO: yyyy-MM-dd
        }
    }

    private VisitDates() {
    }

    static byte[] formatted(int day) {
        return FORMATTED[day];
    }
}
