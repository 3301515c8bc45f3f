package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Random;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Random values of each type, biased towards edge cases and small domains so that generated sets
 * contain both ties and extremes.
 */
final class RandomValues {
    private RandomValues() {
    }

    static Row row(Random r, RowSchema schema, double nullProbability) {
        Row row = new Row(schema);
        for (int i = 0; i < schema.size(); i++) {
            row.set(i, r.nextDouble() < nullProbability ? null : value(r, schema.type(i)));
        }
        return row;
    }

    static Object value(Random r, HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> (byte) integer(r, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> (short) integer(r, Short.MIN_VALUE, Short.MAX_VALUE);
            case INT -> (int) integer(r, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> integer(r, Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT -> floatValue(r);
            case DOUBLE -> doubleValue(r);
            case DECIMAL -> decimal(r, type.scale());
            case STRING, VARCHAR -> string(r, 12);
            case CHAR -> charValue(r, type.length());
            case BOOLEAN -> r.nextBoolean();
            case DATE -> date(r);
            case TIMESTAMP -> timestamp(r);
            case BINARY -> binary(r);
            case ARRAY -> {
                java.util.List<Object> out = new java.util.ArrayList<>();
                for (int n = r.nextInt(4); n > 0; n--) {
                    out.add(r.nextInt(5) == 0 ? null : value(r, type.elementType()));
                }
                yield java.util.Collections.unmodifiableList(out);
            }
            case MAP -> {
                java.util.Map<Object, Object> out = new java.util.LinkedHashMap<>();
                for (int n = r.nextInt(4); n > 0; n--) {
                    out.put(value(r, type.keyType()), r.nextInt(5) == 0 ? null : value(r, type.valueType()));
                }
                yield java.util.Collections.unmodifiableMap(out);
            }
            case STRUCT -> {
                java.util.List<Object> out = new java.util.ArrayList<>();
                for (HiveType t : type.fieldTypes()) {
                    out.add(r.nextInt(5) == 0 ? null : value(r, t));
                }
                yield java.util.Collections.unmodifiableList(out);
            }
        };
    }

    static long integer(Random r, long min, long max) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextInt(7) - 3;
            case 1 -> r.nextBoolean() ? min : max;
            case 2 -> r.nextBoolean() ? min + r.nextInt(2) : max - r.nextInt(2);
            case 3 -> Math.max(min, Math.min(max, (r.nextBoolean() ? 1 : -1) * (1L << r.nextInt(63))));
            default -> clamp(r.nextLong() >> r.nextInt(64), min, max);
        };
    }

    private static long clamp(long v, long min, long max) {
        if (v >= min && v <= max) {
            return v;
        }
        long span = max - min + 1;
        return span <= 0 ? v : min + Math.floorMod(v, span);
    }

    static float floatValue(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE,
                    -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL}[r.nextInt(10)];
            case 1 -> r.nextInt(5) - 2;
            case 2 -> Float.intBitsToFloat(r.nextInt());
            default -> (float) ((r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(20) - 10));
        };
    }

    static double doubleValue(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE,
                    -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL}[r.nextInt(10)];
            case 1 -> r.nextInt(5) - 2;
            case 2 -> Double.longBitsToDouble(r.nextLong());
            default -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20);
        };
    }

    /** Decimals of mixed scales (not only the declared one) so that equal values with different scales occur. */
    static BigDecimal decimal(Random r, int declaredScale) {
        BigDecimal v = switch (r.nextInt(5)) {
            case 0 -> BigDecimal.valueOf(r.nextInt(7) - 3, r.nextInt(3));
            case 1 -> new BigDecimal(new BigInteger(r.nextInt(126) + 1, r), r.nextInt(40) - 10);
            case 2 -> BigDecimal.valueOf(r.nextInt(2001) - 1000, 2);
            default -> new BigDecimal(BigInteger.valueOf(r.nextLong() >> r.nextInt(64)), r.nextInt(20));
        };
        if (r.nextInt(4) == 0) {
            v = v.negate();
        }
        return r.nextBoolean() && v.scale() < declaredScale ? v.setScale(declaredScale) : v;
    }

    static String string(Random r, int maxLength) {
        int len = r.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder(len);
        int alphabet = r.nextInt(4);
        for (int i = 0; i < len; i++) {
            switch (alphabet == 3 ? r.nextInt(3) : alphabet) {
                case 0 -> sb.append((char) ('a' + r.nextInt(3)));
                case 1 -> sb.append(new char[] {'\u0000', '\u0001', '\t', '\n', '\\', ' ', '\u007f', '\u00e9', '\u00ff', '\u4e2d',
                        '\ufffd', '\uffff', '\ue000'}[r.nextInt(13)]);
                default -> sb.appendCodePoint(r.nextBoolean() ? 0x1F600 + r.nextInt(5) : 0x10000 + r.nextInt(0x100000));
            }
        }
        return sb.toString();
    }

    /** CHAR values as PostgreSQL returns them: padded with spaces to the declared length. */
    static String charValue(Random r, int length) {
        String s = string(r, length).replace(" ", "");
        int codePoints = s.codePointCount(0, s.length());
        return s + " ".repeat(Math.max(0, length - codePoints));
    }

    static LocalDate date(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> LocalDate.EPOCH.plusDays(r.nextInt(7) - 3);
            case 1 -> new LocalDate[] {LocalDate.MIN, LocalDate.MAX, LocalDate.of(1, 1, 1), LocalDate.of(0, 12, 31)}[r.nextInt(4)];
            default -> LocalDate.ofEpochDay(r.nextInt(2_000_000) - 1_000_000);
        };
    }

    static LocalDateTime timestamp(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> LocalDateTime.of(1970, 1, 1, 0, 0).plusNanos(r.nextInt(5) - 2);
            case 1 -> new LocalDateTime[] {LocalDateTime.MIN, LocalDateTime.MAX, LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999)}
                    [r.nextInt(3)];
            default -> LocalDateTime.of(date(r).withYear(1000 + r.nextInt(2000)), java.time.LocalTime.ofNanoOfDay(
                    Math.floorMod(r.nextLong(), 86_400_000_000_000L)));
        };
    }

    static byte[] binary(Random r) {
        byte[] b = new byte[r.nextInt(6)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) new int[] {0, 1, 0xff, 0xfe, 0x7f, 0x80, r.nextInt(256)}[r.nextInt(7)];
        }
        return b;
    }
}
