package org.hadoopdb.functions;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * Fixes {@code current_date}, {@code current_timestamp} and {@code unix_timestamp()} to the query's
 * start, as literals, before the plan is split: every row, chunk and task sees the same time, and
 * the literal can be pushed. Times are in the session time zone, UTC.
 */
public final class QueryClock {
    private QueryClock() {
    }

    /** {@code rel} with those calls replaced by the values at {@code now}. */
    public static RelNode fix(RelNode rel, Instant now) {
        RexBuilder b = rel.getCluster().getRexBuilder();
        LocalDateTime t = LocalDateTime.ofInstant(now, ZoneOffset.UTC);
        return HiveCallRewriter.rewrite(rel, (f, call) -> switch (f.getName()) {
            case "current_date" -> b.makeCast(call.getType(), b.makeDateLiteral(new DateString(t.toLocalDate().toString())));
            case "current_timestamp" -> b.makeCast(call.getType(), b.makeTimestampLiteral(new TimestampString(t.getYear(),
                    t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond())
                    .withNanos(t.getNano() / 1000 * 1000), 6));
            case "unix_timestamp" -> call.operands.isEmpty()
                    ? b.makeCast(call.getType(), b.makeBigintLiteral(java.math.BigDecimal.valueOf(now.getEpochSecond())))
                    : null;
            default -> null;
        });
    }
}
