package org.hadoopdb.jdbc.meta;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.hiveql.parse.HiveQlSyntaxException;
import org.hadoopdb.hiveql.parse.QuoteCommentScanner;

/**
 * Binds the {@code ?} parameters of a prepared statement as typed literals in its parsed tree, never
 * by pasting values into the statement text.
 *
 * <p>Each {@code ?} (outside quotes, backticks and comments) is replaced by a marker string literal
 * carrying a random per-call nonce, the statement is parsed, and every marker node in the tree is
 * swapped for the literal of its value. A value's literal is made by HiveQL's own parser from a
 * one-literal statement ({@code SELECT 'it''s'}) and checked to be exactly one literal holding the
 * same value, so HiveQL's typing rules apply ({@code 5} is INT, {@code 5L} BIGINT, {@code 1.5BD}
 * DECIMAL) and no value can change the statement's structure. Parameters may stand wherever an
 * expression may, in queries and {@code INSERT ... SELECT}.
 *
 * <pre>{@code
 * Statement s = ParameterBinder.bind("SELECT * FROM visits WHERE countrycode = ? AND visits > ?",
 *         List.of("de", 10));
 * }</pre>
 */
public final class ParameterBinder {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS");

    private ParameterBinder() {
    }

    /** The number of {@code ?} parameters in a statement. */
    public static int count(String sql) {
        return positions(sql).size();
    }

    /** Parses {@code sql} with its parameters bound to {@code values} (Java forms as in {@code Row}). */
    public static Statement bind(String sql, List<Object> values) {
        List<Integer> at = positions(sql);
        if (at.size() != values.size()) {
            throw new PlannerException("The statement has " + at.size() + " ? parameter(s) but " + values.size()
                    + " value(s) were bound");
        }
        if (at.isEmpty()) {
            return HiveQlParser.parse(SourceSpan.of(sql));
        }
        Marked marked = mark(sql, at, values);
        Statement parsed = marked.statement();
        SqlNode tree = marked.tree();
        int[] replaced = new int[values.size()];
        SqlNode root = substitute(tree, marked.nonce(), values, replaced);
        for (int i = 0; i < replaced.length; i++) {
            if (replaced[i] != 1 && !marked.limits().contains(i)) {
                throw new PlannerException("Parameter " + (i + 1) + " stands where HiveQL expects no expression "
                        + "(parameters may replace values and LIMIT counts only, not names or keywords)");
            }
        }
        // SourceSpan keeps the text the user wrote, with '?'s: it names the query in job names and errors.
        SourceSpan span = SourceSpan.of(sql);
        if (parsed instanceof QueryStatement q) {
            return new QueryStatement(root, q.distributeBy(), span);
        }
        InsertTableStatement i = (InsertTableStatement) parsed;
        return new InsertTableStatement(i.table(), i.overwrite(), i.partition(), i.columns(), root, span);
    }

    /**
     * A statement parsed with marker literals where its {@code ?}s stand (LIMIT counts written in
     * from {@code values}, 0 where the value is null): for finding what each parameter stands for.
     */
    static Marked mark(String sql, List<Object> values) {
        List<Integer> at = positions(sql);
        if (at.size() != values.size()) {
            throw new PlannerException("The statement has " + at.size() + " ? parameter(s) but " + values.size()
                    + " value(s) were bound");
        }
        return mark(sql, at, values);
    }

    private static Marked mark(String sql, List<Integer> at, List<Object> values) {
        Set<Integer> limits = LimitParameters.of(sql, at);
        String nonce = HexFormat.of().formatHex(randomBytes());
        StringBuilder marked = new StringBuilder(sql.length() + at.size() * 40);
        int from = 0;
        for (int i = 0; i < at.size(); i++) {
            marked.append(sql, from, at.get(i));
            if (limits.contains(i)) {
                marked.append(LimitParameters.count(values.get(i), i + 1));
            } else {
                marked.append('\'').append(marker(nonce, i)).append('\'');
            }
            from = at.get(i) + 1;
        }
        marked.append(sql.substring(from));
        Statement parsed;
        try {
            parsed = HiveQlParser.parse(SourceSpan.of(marked.toString()));
        } catch (HiveQlSyntaxException e) {
            // say it with the user's '?'s, not the markers
            String message = e.getMessage().replaceAll("'?\\u0001?hadoopdb-parameter-" + nonce + "-\\d+'?", "?");
            throw new PlannerException(message, e);
        }
        SqlNode tree;
        if (parsed instanceof QueryStatement q) {
            tree = q.query();
        } else if (parsed instanceof InsertTableStatement i) {
            tree = i.query();
        } else {
            throw new PlannerException("? parameters can be used in queries and INSERT ... SELECT only");
        }
        return new Marked(parsed, tree, nonce, limits);
    }

    /** A statement parsed with markers: its tree holds a marker literal for each parameter not in {@code limits}. */
    record Marked(Statement statement, SqlNode tree, String nonce, Set<Integer> limits) {
        /** The parameter index a node is the marker of, or null. */
        Integer parameter(SqlNode node) {
            return markerIndex(node, nonce);
        }
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[12];
        RANDOM.nextBytes(b);
        return b;
    }

    private static String marker(String nonce, int index) {
        return "\u0001hadoopdb-parameter-" + nonce + "-" + index;
    }

    private static SqlNode substitute(SqlNode node, String nonce, List<Object> values, int[] replaced) {
        if (node == null) {
            return null;
        }
        Integer index = markerIndex(node, nonce);
        if (index != null) {
            replaced[index]++;
            return literal(values.get(index), index + 1);
        }
        if (node instanceof SqlNodeList list) {
            for (int i = 0; i < list.size(); i++) {
                list.set(i, substitute(list.get(i), nonce, values, replaced));
            }
        } else if (node instanceof SqlCall call) {
            List<SqlNode> operands = call.getOperandList();
            for (int i = 0; i < operands.size(); i++) {
                SqlNode operand = operands.get(i);
                if (operand == null) {
                    continue;
                }
                SqlNode next = substitute(operand, nonce, values, replaced);
                if (next != operand) {
                    try {
                        call.setOperand(i, next);
                    } catch (UnsupportedOperationException e) {
                        throw new PlannerException("A ? parameter cannot stand in this position of a "
                                + call.getKind() + " clause", e);
                    }
                }
            }
        }
        return node;
    }

    private static Integer markerIndex(SqlNode node, String nonce) {
        if (node instanceof SqlCharStringLiteral literal) {
            String value = literal.getValueAs(String.class);
            String prefix = "\u0001hadoopdb-parameter-" + nonce + "-";
            if (value.startsWith(prefix)) {
                return Integer.parseInt(value.substring(prefix.length()));
            }
        }
        return null;
    }

    /** The literal node of one value, parsed by HiveQL's parser and checked. */
    static SqlNode literal(Object value, int position) {
        String text = literalText(value, position);
        Statement parsed = HiveQlParser.parse(SourceSpan.of("SELECT " + text));
        SqlNode node = parsed instanceof QueryStatement q && q.query() instanceof SqlSelect select
                && select.getSelectList().size() == 1 && select.getFrom() == null ? select.getSelectList().get(0) : null;
        if (!isLiteral(node) || (value instanceof String s && !s.equals(((SqlLiteral) node).getValueAs(String.class)))) {
            throw new PlannerException("Parameter " + position + " could not be bound as a literal");
        }
        return node;
    }

    private static boolean isLiteral(SqlNode node) {
        if (node instanceof SqlLiteral) {
            return true;
        }
        if (node instanceof SqlCall call && (call.getKind() == SqlKind.CAST || call.getKind() == SqlKind.MINUS_PREFIX)) {
            return call.operand(0) instanceof SqlLiteral;
        }
        return false;
    }

    /** The HiveQL spelling of a value: typed by its Java class. */
    static String literalText(Object value, int position) {
        if (value == null) {
            return "NULL";
        } else if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        } else if (value instanceof Byte b) {
            return b + "Y";
        } else if (value instanceof Short s) {
            return s + "S";
        } else if (value instanceof Integer i) {
            return Integer.toString(i);
        } else if (value instanceof Long l) {
            return l + "L";
        } else if (value instanceof BigDecimal d) {
            return d.toPlainString() + "BD";
        } else if (value instanceof Float || value instanceof Double) {
            double d = ((Number) value).doubleValue();
            String type = value instanceof Float ? "FLOAT" : "DOUBLE";
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return "CAST('" + (Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity") + "' AS " + type + ")";
            }
            String digits = value instanceof Float f ? Float.toString(f) : Double.toString(d);
            // 1.0E10 is a DOUBLE literal; 1.5 too (Hive reads a plain fraction as DOUBLE)
            return value instanceof Float ? "CAST(" + digits + " AS FLOAT)" : digits;
        } else if (value instanceof String s) {
            return quote(s);
        } else if (value instanceof LocalDate d) {
            return "DATE '" + d + "'";
        } else if (value instanceof LocalDateTime t) {
            return "TIMESTAMP '" + TIMESTAMP.format(t) + "'";
        }
        throw new PlannerException("Parameter " + position + " has a value of type " + value.getClass().getSimpleName()
                + ", which HiveQL has no literal for (use numbers, strings, booleans, dates or timestamps)");
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('\'').toString();
    }

    /** Offsets of the {@code ?} markers outside quotes, backticks and comments. */
    static List<Integer> positions(String sql) {
        List<Integer> out = new ArrayList<>();
        QuoteCommentScanner runs = new QuoteCommentScanner(sql);
        while (runs.next()) {
            if (runs.kind() == QuoteCommentScanner.Kind.CODE) {
                for (int i = runs.start(); i < runs.end(); i++) {
                    if (sql.charAt(i) == '?') {
                        out.add(i);
                    }
                }
            }
        }
        return out;
    }
}
