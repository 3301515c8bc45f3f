package org.hadoopdb.planner.sms;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.KeyHasher;

/**
 * Chunk pruning: a conjunct {@code key = literal} (or {@code key IN (literals)}) on a table hashed on
 * a single column limits the chunks to read to those the partitioning hash gives for the literals.
 * Only plain comparisons of the key column with literals of its own type prune; anything else
 * (casts, expressions, ranges) reads every chunk, which is always correct.
 */
final class ChunkPruning {
    private ChunkPruning() {
    }

    static Placement prune(Placement placement, List<RexNode> conjuncts) {
        if (!(placement instanceof Placement.Chunked c) || c.keyFields().size() != 1 || !c.scheme().isHashed()) {
            return placement;
        }
        int keyField = c.keyFields().get(0);
        TableInfo t = c.driver();
        HiveType keyType = t.column(t.partitionKeys().get(0)).type();
        SortedSet<Integer> chunks = c.chunks();
        for (RexNode conjunct : conjuncts) {
            List<Object> values = keyValues(conjunct, keyField, keyType);
            if (values == null) {
                continue;
            }
            KeyHasher hasher = new KeyHasher(c.scheme(), List.of(keyType));
            SortedSet<Integer> hit = new TreeSet<>();
            for (Object v : values) {
                hit.add(hasher.chunk(v));
            }
            if (chunks == null) {
                chunks = hit;
            } else {
                chunks = new TreeSet<>(chunks);
                chunks.retainAll(hit);
            }
        }
        return chunks == c.chunks() ? placement : new Placement.Chunked(c.driver(), c.scheme(), c.keyFields(), chunks, c.tables());
    }

    /** The literal key values a conjunct restricts the key to, or null if it does not. */
    private static List<Object> keyValues(RexNode conjunct, int keyField, HiveType keyType) {
        if (!(conjunct instanceof RexCall call)) {
            return null;
        }
        if (call.getKind() == SqlKind.EQUALS) {
            RexNode a = call.getOperands().get(0);
            RexNode b = call.getOperands().get(1);
            RexLiteral lit = a instanceof RexInputRef ref && ref.getIndex() == keyField && b instanceof RexLiteral l ? l
                    : b instanceof RexInputRef ref2 && ref2.getIndex() == keyField && a instanceof RexLiteral l2 ? l2 : null;
            Object v = lit == null ? null : javaValue(lit, keyType);
            return v == null ? null : List.of(v);
        }
        if (call.getKind() == SqlKind.SEARCH && call.getOperands().get(0) instanceof RexInputRef ref
                && ref.getIndex() == keyField && call.getOperands().get(1) instanceof RexLiteral sargLiteral) {
            Sarg<?> sarg = sargLiteral.getValueAs(Sarg.class);
            if (sarg == null || !sarg.isPoints() || sarg.nullAs != org.apache.calcite.rex.RexUnknownAs.UNKNOWN
                    && sarg.nullAs != org.apache.calcite.rex.RexUnknownAs.FALSE) {
                return null;
            }
            List<Object> out = new ArrayList<>();
            for (var range : sarg.rangeSet.asRanges()) {
                Object v = javaValue(range.lowerEndpoint(), keyType);
                if (v == null) {
                    return null;
                }
                out.add(v);
            }
            return out;
        }
        return null;
    }

    private static Object javaValue(RexLiteral lit, HiveType keyType) {
        return lit.isNull() ? null : javaValue(lit.getValue(), keyType);
    }

    /** Converts a Calcite literal value to the Java form KeyHasher takes, when it is exactly a value of the key type. */
    private static Object javaValue(Object v, HiveType keyType) {
        switch (keyType.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT:
                if (v instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0) {
                    try {
                        return d.longValueExact();
                    } catch (ArithmeticException e) {
                        return null;
                    }
                }
                return null;
            case STRING, VARCHAR, CHAR:
                return v instanceof NlsString s ? s.getValue() : null;
            case DATE:
                return v instanceof DateString d ? LocalDate.parse(d.toString()) : null;
            case TIMESTAMP:
                return v instanceof TimestampString ts ? LocalDateTime.parse(ts.toString().replace(' ', 'T')) : null;
            case DECIMAL:
                return v instanceof BigDecimal d ? d : null;
            case BOOLEAN:
                return v instanceof Boolean b ? b : null;
            default:
                return null;
        }
    }
}
