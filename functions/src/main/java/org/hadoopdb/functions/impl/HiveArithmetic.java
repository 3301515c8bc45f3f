package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Hive's decimal arithmetic for generated expression code: each result is rounded half up to the
 * result type's scale and is NULL when it does not fit its precision ({@link HiveCasts#enforce});
 * division and remainder by zero are NULL. Arithmetic on primitives is generated inline.
 */
public final class HiveArithmetic {
    private HiveArithmetic() {
    }

    public static BigDecimal add(BigDecimal a, BigDecimal b, int precision, int scale) {
        return HiveCasts.enforce(a.add(b), precision, scale);
    }

    public static BigDecimal subtract(BigDecimal a, BigDecimal b, int precision, int scale) {
        return HiveCasts.enforce(a.subtract(b), precision, scale);
    }

    public static BigDecimal multiply(BigDecimal a, BigDecimal b, int precision, int scale) {
        return HiveCasts.enforce(a.multiply(b), precision, scale);
    }

    /** Decimal division rounded half up to the result scale; division by zero is NULL (Hive). */
    public static BigDecimal divide(BigDecimal a, BigDecimal b, int precision, int scale) {
        if (b.signum() == 0) {
            return null;
        }
        return HiveCasts.enforce(a.divide(b, scale, RoundingMode.HALF_UP), precision, scale);
    }

    /** Decimal remainder (sign of the dividend); by zero is NULL. */
    public static BigDecimal remainder(BigDecimal a, BigDecimal b, int precision, int scale) {
        if (b.signum() == 0) {
            return null;
        }
        return HiveCasts.enforce(a.remainder(b), precision, scale);
    }
}
