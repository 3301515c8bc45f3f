package org.hadoopdb.planner.optimize;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.PartitionInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.planner.analyze.HadoopDbTable;

/**
 * Partition pruning at planning time: the conjuncts of a filter on a partitioned table's scan that
 * compare a partition column with literals ({@code =}, {@code <>}, {@code <} … {@code >=}, {@code IN},
 * {@code BETWEEN}, {@code IS [NOT] NULL}, and {@code OR}s of those) are checked against the catalog's
 * partition list. The rows of a partition hold its values, so a filter no partition satisfies reads
 * nothing: the optimizer makes it an empty result ({@link EmptyResults}) and no chunk is touched; when
 * some partitions match, EXPLAIN names them, and each chunk reads their rows through the index on the
 * partition columns (the pushed filter). A conjunct this does not understand (a cast, a function, a
 * CHAR column) keeps every partition, which is always correct.
 */
public final class PartitionPruning {
    private PartitionPruning() {
    }

    /**
     * The partitioned table a filter reads: its scan, or a projection of its columns over the scan (as the
     * optimizer's column trimming leaves it); empty for anything else.
     */
    public static Optional<TableInfo> partitionedTable(RelNode input) {
        return scanned(input).map(Scanned::table);
    }

    /**
     * The conjuncts of a filter over {@code input}, with their references made the columns of the table
     * {@link #partitionedTable} found (a projection between the filter and the scan renumbers them).
     */
    public static List<RexNode> tableConjuncts(RelNode input, RexNode condition) {
        List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
        Optional<Scanned> s = scanned(input);
        if (s.isEmpty()) {
            return conjuncts;
        }
        int[] columns = s.get().columns();
        RexShuttle toTable = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(columns[ref.getIndex()], ref.getType());
            }
        };
        return conjuncts.stream().map(c -> c.accept(toTable)).toList();
    }

    /** A partitioned table's scan, and which of its columns each field of the node above it is. */
    private record Scanned(TableInfo table, int[] columns) {
    }

    private static Optional<Scanned> scanned(RelNode input) {
        RelNode r = input;
        int[] columns = null;
        while (r instanceof Project p) {
            int[] below = new int[p.getProjects().size()];
            for (int i = 0; i < below.length; i++) {
                if (!(p.getProjects().get(i) instanceof RexInputRef ref)) {
                    return Optional.empty();
                }
                below[i] = ref.getIndex();
            }
            if (columns == null) {
                columns = below;
            } else {
                for (int i = 0; i < columns.length; i++) {
                    columns[i] = below[columns[i]];
                }
            }
            r = p.getInput();
        }
        if (!(r instanceof TableScan scan)) {
            return Optional.empty();
        }
        HadoopDbTable table = scan.getTable().unwrap(HadoopDbTable.class);
        if (table == null || !table.info().isPartitioned()) {
            return Optional.empty();
        }
        return Optional.of(new Scanned(table.info(), columns != null ? columns
                : java.util.stream.IntStream.range(0, scan.getRowType().getFieldCount()).toArray()));
    }

    /** Whether a filter over a partitioned table's scan matches none of its partitions. */
    static boolean matchesNoPartition(Filter f) {
        return partitionedTable(f.getInput()).map(t -> matching(t, tableConjuncts(f.getInput(), f.getCondition())).isEmpty())
                .orElse(false);
    }

    /**
     * The partitions whose rows may satisfy every conjunct (input references are the table's columns).
     */
    public static List<PartitionInfo> matching(TableInfo table, List<RexNode> conjuncts) {
        List<Predicate<PartitionInfo>> tests = new ArrayList<>();
        for (RexNode c : conjuncts) {
            Predicate<PartitionInfo> test = test(table, c);
            if (test != null) {
                tests.add(test);
            }
        }
        List<PartitionInfo> out = new ArrayList<>();
        for (PartitionInfo p : table.partitions()) {
            if (tests.stream().allMatch(t -> t.test(p))) {
                out.add(p);
            }
        }
        return out;
    }

    /** EXPLAIN's line: which partitions a filter leaves, when it leaves fewer than all. */
    public static Optional<String> note(TableInfo table, List<PartitionInfo> matched) {
        if (matched.size() == table.partitions().size()) {
            return Optional.empty();
        }
        List<String> names = PartitionInfo.names(matched.subList(0, Math.min(5, matched.size())), table.partitionColumns());
        return Optional.of("Partition pruning: table " + table.name() + " reads " + matched.size() + " of "
                + table.partitions().size() + " partitions" + (matched.isEmpty() ? "" : " (" + String.join(", ", names)
                + (matched.size() > names.size() ? ", …" : "") + ")"));
    }

    /** What a conjunct requires of a partition (true: its rows may satisfy it), or null when it cannot tell. */
    private static Predicate<PartitionInfo> test(TableInfo table, RexNode node) {
        if (!(node instanceof RexCall call)) {
            return null;
        }
        switch (call.getKind()) {
            case AND, OR -> {
                List<Predicate<PartitionInfo>> parts = new ArrayList<>();
                for (RexNode operand : call.getOperands()) {
                    Predicate<PartitionInfo> p = test(table, operand);
                    if (p == null) {
                        if (call.getKind() == SqlKind.OR) {
                            return null; // one unknown alternative may match anything
                        }
                        continue;
                    }
                    parts.add(p);
                }
                return call.getKind() == SqlKind.AND ? p -> parts.stream().allMatch(t -> t.test(p))
                        : p -> parts.stream().anyMatch(t -> t.test(p));
            }
            case IS_NULL, IS_NOT_NULL -> {
                int column = partitionColumn(table, call.getOperands().get(0));
                if (column < 0) {
                    return null;
                }
                boolean wantNull = call.getKind() == SqlKind.IS_NULL;
                return p -> p.isNull(column) == wantNull;
            }
            case SEARCH -> {
                int column = partitionColumn(table, call.getOperands().get(0));
                if (column < 0 || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
                    return null;
                }
                Sarg<?> sarg = lit.getValueAs(Sarg.class);
                ColumnInfo info = table.partitionColumnInfos().get(column);
                List<Range<Comparable<Object>>> ranges = new ArrayList<>();
                for (Range<?> r : sarg.rangeSet.asRanges()) {
                    Range<Comparable<Object>> converted = convert(r, info);
                    if (converted == null) {
                        return null;
                    }
                    ranges.add(converted);
                }
                boolean nullMatches = sarg.nullAs == RexUnknownAs.TRUE;
                return p -> {
                    if (p.isNull(column)) {
                        return nullMatches;
                    }
                    Comparable<Object> v = value(info, p.values().get(column));
                    return ranges.stream().anyMatch(r -> r.contains(v));
                };
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                RexNode a = call.getOperands().get(0);
                RexNode b = call.getOperands().get(1);
                SqlKind kind = call.getKind();
                if (constant(a) != null && constant(b) == null) {
                    RexNode t = a;
                    a = b;
                    b = t;
                    kind = kind.reverse();
                }
                int column = partitionColumn(table, a);
                Object constant = constant(b);
                if (column < 0 || constant == null) {
                    return null;
                }
                ColumnInfo info = table.partitionColumnInfos().get(column);
                Comparable<Object> literal = literal(info, constant);
                if (literal == null) {
                    return null;
                }
                SqlKind op = kind;
                return p -> {
                    if (p.isNull(column)) {
                        return false; // NULL compared is unknown: not a row of the result
                    }
                    int cmp = value(info, p.values().get(column)).compareTo(literal);
                    return switch (op) {
                        case EQUALS -> cmp == 0;
                        case NOT_EQUALS -> cmp != 0;
                        case LESS_THAN -> cmp < 0;
                        case LESS_THAN_OR_EQUAL -> cmp <= 0;
                        case GREATER_THAN -> cmp > 0;
                        default -> cmp >= 0;
                    };
                };
            }
            default -> {
                return null;
            }
        }
    }

    private static final java.util.regex.Pattern ISO_DATE = java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /**
     * The value of a literal that is not NULL, or of the cast of a string literal to DATE that Hive reads as
     * that date ({@code dt = '2020-01-01'} is typed so); null for anything else.
     */
    private static Object constant(RexNode node) {
        if (node instanceof RexLiteral lit) {
            return lit.isNull() ? null : lit.getValue();
        }
        if (node instanceof RexCall cast && cast.getKind() == SqlKind.CAST
                && cast.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DATE
                && cast.getOperands().get(0) instanceof RexLiteral lit && lit.getValue() instanceof NlsString s
                && ISO_DATE.matcher(s.getValue()).matches()) {
            try {
                LocalDate.parse(s.getValue());
                return new DateString(s.getValue());
            } catch (java.time.format.DateTimeParseException e) {
                return null; // Hive reads an impossible date its own way: left to the chunks
            }
        }
        return null;
    }

    /** The position among the partition columns of a plain reference to one, or -1. */
    private static int partitionColumn(TableInfo table, RexNode node) {
        if (!(node instanceof RexInputRef ref)) {
            return -1;
        }
        int first = table.columns().size() - table.partitionColumns().size();
        int at = ref.getIndex() - first;
        if (at < 0 || at >= table.partitionColumns().size()) {
            return -1;
        }
        return switch (table.partitionColumnInfos().get(at).type().kind()) {
            case STRING, VARCHAR, TINYINT, SMALLINT, INT, BIGINT, DATE, BOOLEAN -> at;
            default -> -1; // CHAR compares without its padding: left to the chunks
        };
    }

    private static Range<Comparable<Object>> convert(Range<?> r, ColumnInfo column) {
        Comparable<Object> lower = r.hasLowerBound() ? literal(column, r.lowerEndpoint()) : null;
        Comparable<Object> upper = r.hasUpperBound() ? literal(column, r.upperEndpoint()) : null;
        if (r.hasLowerBound() && lower == null || r.hasUpperBound() && upper == null) {
            return null;
        }
        if (r.hasLowerBound() && r.hasUpperBound()) {
            return Range.range(lower, r.lowerBoundType(), upper, r.upperBoundType());
        }
        if (r.hasLowerBound()) {
            return r.lowerBoundType() == BoundType.CLOSED ? Range.atLeast(lower) : Range.greaterThan(lower);
        }
        if (r.hasUpperBound()) {
            return r.upperBoundType() == BoundType.CLOSED ? Range.atMost(upper) : Range.lessThan(upper);
        }
        return Range.all();
    }

    /** A Calcite literal's value as the column's comparable, or null when it is not exactly of the column's kind. */
    @SuppressWarnings("unchecked")
    private static Comparable<Object> literal(ColumnInfo column, Object v) {
        Comparable<?> out = switch (column.type().kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> v instanceof BigDecimal d ? d.stripTrailingZeros() : null;
            case STRING, VARCHAR -> v instanceof NlsString s ? new CodePoints(s.getValue()) : null;
            case DATE -> v instanceof DateString d ? LocalDate.parse(d.toString()) : null;
            case BOOLEAN -> v instanceof Boolean b ? b : null;
            default -> null;
        };
        return (Comparable<Object>) out;
    }

    /** A partition's canonical text as the column's comparable. */
    @SuppressWarnings("unchecked")
    private static Comparable<Object> value(ColumnInfo column, String text) {
        Comparable<?> out = switch (column.type().kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> new BigDecimal(text).stripTrailingZeros();
            case DATE -> LocalDate.parse(text);
            case BOOLEAN -> Boolean.valueOf(text);
            default -> new CodePoints(text);
        };
        return (Comparable<Object>) out;
    }

    /** A string ordered as Hive orders strings: by code point (UTF-8 byte order), not by UTF-16 unit. */
    private record CodePoints(String s) implements Comparable<CodePoints> {
        @Override
        public int compareTo(CodePoints o) {
            int i = 0;
            int j = 0;
            while (i < s.length() && j < o.s.length()) {
                int a = s.codePointAt(i);
                int b = o.s.codePointAt(j);
                if (a != b) {
                    return Integer.compare(a, b);
                }
                i += Character.charCount(a);
                j += Character.charCount(b);
            }
            return Integer.compare(s.length() - i, o.s.length() - j);
        }
    }
}
