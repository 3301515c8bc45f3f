package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.AggCall;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.OperatorSpec.WinCall;

/**
 * Window functions in a reduce task (see {@link OperatorSpec.Window}): the rows of one partition
 * arrive together in ORDER BY order; they are kept until the partition ends, then every row is
 * emitted with its window values. Running frames (from the partition start) are computed
 * incrementally; other frames are re-aggregated per row.
 */
final class WindowOperator extends Forwarding {
    private final int[] orderFields;
    private final int inputWidth;
    private final List<Function> functions = new ArrayList<>();
    private final List<Row> partition = new ArrayList<>();
    private final Row out;
    private RowSchema inputSchema;

    WindowOperator(OperatorSpec.Window spec, RowSink next) {
        super(next);
        this.orderFields = spec.orderFields();
        this.inputWidth = spec.schema().size() - spec.calls().size();
        this.out = new Row(spec.schema());
        for (WinCall call : spec.calls()) {
            functions.add(Function.of(call));
        }
    }

    @Override
    public void accept(Row row) {
        if (inputSchema == null) {
            inputSchema = row.schema();
        }
        partition.add(row.copy());
    }

    @Override
    public void endGroup() throws IOException {
        int n = partition.size();
        if (n > 0) {
            int[] peerStart = new int[n];
            int[] peerEnd = new int[n];
            int[] peerGroup = new int[n];
            for (int i = 0; i < n; i++) {
                boolean newPeers = i == 0 || !peers(partition.get(i - 1), partition.get(i));
                peerStart[i] = newPeers ? i : peerStart[i - 1];
                peerGroup[i] = i == 0 ? 0 : peerGroup[i - 1] + (newPeers ? 1 : 0);
            }
            for (int i = n - 1; i >= 0; i--) {
                peerEnd[i] = i == n - 1 || peerStart[i + 1] != peerStart[i] ? i : peerEnd[i + 1];
            }
            Frame frame = new Frame(partition, peerStart, peerEnd, peerGroup);
            for (Function f : functions) {
                f.start(frame);
            }
            for (int i = 0; i < n; i++) {
                Row in = partition.get(i);
                for (int c = 0; c < inputWidth; c++) {
                    SelectOperator.copy(in, c, out, c, out.schema().type(c).kind());
                }
                for (int k = 0; k < functions.size(); k++) {
                    functions.get(k).write(i, out, inputWidth + k);
                }
                next.accept(out);
            }
        }
        partition.clear();
        next.endGroup();
    }

    private boolean peers(Row a, Row b) {
        for (int f : orderFields) {
            if (a.isNull(f) != b.isNull(f)) {
                return false;
            }
            if (!a.isNull(f) && !Objects.equals(a.get(f), b.get(f))) {
                return false;
            }
        }
        return true;
    }

    /** One partition, with each row's peer range (rows with equal ORDER BY values) and peer group number. */
    private record Frame(List<Row> rows, int[] peerStart, int[] peerEnd, int[] peerGroup) {
        int size() {
            return rows.size();
        }
    }

    /** One call's computation over a partition. */
    private abstract static class Function {
        final WinCall call;
        Frame frame;

        Function(WinCall call) {
            this.call = call;
        }

        void start(Frame f) {
            this.frame = f;
        }

        abstract void write(int row, Row out, int field);

        static Function of(WinCall call) {
            return switch (call.function()) {
                case "ROW_NUMBER" -> new Ranking(call, (f, i) -> i + 1);
                case "RANK" -> new Ranking(call, (f, i) -> f.peerStart()[i] + 1);
                case "DENSE_RANK" -> new Ranking(call, (f, i) -> f.peerGroup()[i] + 1);
                case "NTILE" -> new Ranking(call, (f, i) -> ntile(i, f.size(), call.offset()));
                case "PERCENT_RANK" -> new Fraction(call, (f, i) -> f.size() == 1 ? 0.0 : (double) f.peerStart()[i] / (f.size() - 1));
                case "CUME_DIST" -> new Fraction(call, (f, i) -> (double) (f.peerEnd()[i] + 1) / f.size());
                case "LAG", "LEAD" -> new Offset(call);
                case "FIRST_VALUE", "LAST_VALUE" -> new Boundary(call);
                default -> new Aggregate(call);
            };
        }

        /** The frame's first and last row index for {@code i}; first > last when the frame is empty. */
        int first(int i) {
            long lower = call.lower();
            if (lower == WinCall.UNBOUNDED) {
                return 0;
            }
            if (!call.rows()) {
                return frame.peerStart()[i];
            }
            return (int) Math.max(0, Math.min(frame.size(), i + lower));
        }

        int last(int i) {
            long upper = call.upper();
            if (upper == WinCall.UNBOUNDED) {
                return frame.size() - 1;
            }
            if (!call.rows()) {
                return frame.peerEnd()[i];
            }
            return (int) Math.min(frame.size() - 1, Math.max(-1, i + upper));
        }
    }

    private interface RankOf {
        long rank(Frame f, int i);
    }

    private interface FractionOf {
        double value(Frame f, int i);
    }

    private static long ntile(int i, int n, long buckets) {
        if (buckets <= 0) {
            throw new PlannerException("NTILE needs a positive number of buckets, got " + buckets);
        }
        long size = n / buckets;
        long bigger = n % buckets;
        long boundary = bigger * (size + 1);
        return i < boundary ? i / (size + 1) + 1 : bigger + (i - boundary) / Math.max(1, size) + 1;
    }

    private static final class Ranking extends Function {
        private final RankOf rank;

        Ranking(WinCall call, RankOf rank) {
            super(call);
            this.rank = rank;
        }

        @Override
        void write(int row, Row out, int field) {
            out.setLong(field, rank.rank(frame, row));
        }
    }

    private static final class Fraction extends Function {
        private final FractionOf fraction;

        Fraction(WinCall call, FractionOf fraction) {
            super(call);
            this.fraction = fraction;
        }

        @Override
        void write(int row, Row out, int field) {
            out.setDouble(field, fraction.value(frame, row));
        }
    }

    /** LAG and LEAD: the value {@code offset} rows before or after, or the default. */
    private static final class Offset extends Function {
        private final Object fallback;

        Offset(WinCall call) {
            super(call);
            this.fallback = javaValue(call.defaultValue(), call.type());
        }

        @Override
        void write(int row, Row out, int field) {
            long target = call.function().equals("LAG") ? row - call.offset() : row + call.offset();
            if (target < 0 || target >= frame.size()) {
                out.set(field, fallback);
            } else {
                SelectOperator.copy(frame.rows().get((int) target), call.args()[0], out, field, call.type().kind());
            }
        }
    }

    /** FIRST_VALUE and LAST_VALUE of the frame; NULL for an empty frame. */
    private static final class Boundary extends Function {
        Boundary(WinCall call) {
            super(call);
        }

        @Override
        void write(int row, Row out, int field) {
            int first = first(row);
            int last = last(row);
            if (first > last) {
                out.setNull(field);
                return;
            }
            Row source = frame.rows().get(call.function().equals("FIRST_VALUE") ? first : last);
            SelectOperator.copy(source, call.args()[0], out, field, call.type().kind());
        }
    }

    /** COUNT, SUM, AVG, MIN, MAX, ... over the frame, with the aggregates' own semantics. */
    private static final class Aggregate extends Function {
        private final Accumulator acc;
        private int added;

        Aggregate(WinCall call) {
            super(call);
            AggCall.Kind kind = AggCall.Kind.valueOf(call.function());
            this.acc = Accumulator.create(new AggCall(kind, call.args(), call.type(), call.name()),
                    OperatorSpec.Aggregate.Mode.COMPLETE);
        }

        @Override
        void start(Frame f) {
            super.start(f);
            acc.reset();
            added = 0;
        }

        @Override
        void write(int row, Row out, int field) {
            int first = first(row);
            int last = last(row);
            if (call.lower() == WinCall.UNBOUNDED) {
                // a running frame only grows: add the rows it gained since the previous row
                while (added <= last) {
                    acc.add(frame.rows().get(added++));
                }
            } else {
                acc.reset();
                for (int r = first; r <= last; r++) {
                    acc.add(frame.rows().get(r));
                }
            }
            acc.write(out, field);
        }
    }

    /** A LAG/LEAD default from the plan (a JSON scalar) as the Java value of the result type. */
    private static Object javaValue(Object v, HiveType type) {
        if (v == null) {
            return null;
        }
        return switch (type.kind()) {
            case TINYINT -> ((Number) v).byteValue();
            case SMALLINT -> ((Number) v).shortValue();
            case INT -> ((Number) v).intValue();
            case BIGINT -> ((Number) v).longValue();
            case FLOAT -> ((Number) v).floatValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case DECIMAL -> new BigDecimal(v.toString());
            case BOOLEAN -> v instanceof Boolean b ? b : Boolean.parseBoolean(v.toString());
            case DATE -> LocalDate.parse(v.toString());
            case TIMESTAMP -> LocalDateTime.parse(v.toString().replace(' ', 'T'));
            default -> v.toString();
        };
    }
}
