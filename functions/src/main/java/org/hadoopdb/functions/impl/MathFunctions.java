package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Hive's mathematical functions for generated code. */
public final class MathFunctions {
    private MathFunctions() {
    }

    /** Hive's round: half up (away from zero), through the decimal form of the double; NaN and infinities unchanged. */
    public static double round(double x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static double round(double x) {
        return round(x, 0);
    }

    public static long round(long x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static long round(long x) {
        return x;
    }

    public static BigDecimal round(BigDecimal x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static BigDecimal round(BigDecimal x) {
        return round(x, 0);
    }

    /** Banker's rounding (half to even). */
    public static double bround(double x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static double bround(double x) {
        return bround(x, 0);
    }

    public static long bround(long x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static long bround(long x) {
        return x;
    }

    public static BigDecimal bround(BigDecimal x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static BigDecimal bround(BigDecimal x) {
        return bround(x, 0);
    }

    private static double round(double x, int d, RoundingMode mode) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(d, mode).doubleValue();
    }

    private static long round(long x, int d, RoundingMode mode) {
        if (d >= 0) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(d, mode).longValue();
    }

    private static BigDecimal round(BigDecimal x, int d, RoundingMode mode) {
        BigDecimal r = x.setScale(d, mode);
        return d < 0 ? r.setScale(0, mode) : r;
    }

    public static long floor(double x) {
        return (long) Math.floor(x);
    }

    public static long floor(long x) {
        return x;
    }

    public static BigDecimal floor(BigDecimal x) {
        return x.setScale(0, RoundingMode.FLOOR);
    }

    public static long ceil(double x) {
        return (long) Math.ceil(x);
    }

    public static long ceil(long x) {
        return x;
    }

    public static BigDecimal ceil(BigDecimal x) {
        return x.setScale(0, RoundingMode.CEILING);
    }

    public static long abs(long x) {
        return Math.abs(x);
    }

    public static double abs(double x) {
        return Math.abs(x);
    }

    public static BigDecimal abs(BigDecimal x) {
        return x.abs();
    }

    public static double sign(double x) {
        return Math.signum(x);
    }

    public static int sign(BigDecimal x) {
        return x.signum();
    }

    public static double pow(double x, double p) {
        return Math.pow(x, p);
    }

    /** NULL for a negative argument (Hive). */
    public static Double sqrt(double x) {
        return x < 0 ? null : Math.sqrt(x);
    }

    public static double exp(double x) {
        return Math.exp(x);
    }

    public static Double ln(double x) {
        return x <= 0 ? null : Math.log(x);
    }

    public static Double log(double x) {
        return ln(x);
    }

    /** The logarithm of {@code x} to {@code base}; NULL unless both are positive. */
    public static Double log(double base, double x) {
        return base <= 0 || x <= 0 ? null : Math.log(x) / Math.log(base);
    }

    public static Double log10(double x) {
        return x <= 0 ? null : Math.log10(x);
    }

    public static Double log2(double x) {
        return x <= 0 ? null : Math.log(x) / Math.log(2);
    }

    /** The positive remainder; NULL when dividing by zero. */
    public static Long pmod(long a, long b) {
        return b == 0 ? null : ((a % b) + b) % b;
    }

    public static Double pmod(double a, double b) {
        return b == 0 ? null : ((a % b) + b) % b;
    }

    public static BigDecimal pmod(BigDecimal a, BigDecimal b) {
        return b.signum() == 0 ? null : a.remainder(b).add(b).remainder(b);
    }
}
