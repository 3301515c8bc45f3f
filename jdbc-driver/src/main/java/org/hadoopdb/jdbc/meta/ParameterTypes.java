package org.hadoopdb.jdbc.meta;

import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The types of a prepared statement's {@code ?} parameters, for {@code getParameterMetaData}, where
 * the statement tells them: the column's type for a value of {@code INSERT INTO t VALUES (?, ...)};
 * the other side's type for a parameter compared with an expression ({@code x = ?}, {@code x < ?},
 * {@code x BETWEEN ? AND ?}, {@code x IN (?, ?)}, {@code x LIKE ?}), that expression's type being the
 * planner's (the expressions are planned as a query over the same FROM clause); INTEGER for a LIMIT
 * count. Any other parameter is reported as JDBC's OTHER ("ANY"), as all were before.
 */
final class ParameterTypes {
    private static final Logger LOG = LoggerFactory.getLogger(ParameterTypes.class);

    private ParameterTypes() {
    }

    /** One {@link AvaticaParameter} a parameter, typed where the statement tells the type. */
    static List<AvaticaParameter> of(Session session, String sql, int count) {
        HiveType[] types = new HiveType[count];
        ParameterBinder.Marked marked;
        try {
            marked = ParameterBinder.mark(sql, new ArrayList<>(java.util.Collections.nCopies(count, null)));
        } catch (RuntimeException e) {
            LOG.debug("Parameters of {} left untyped: {}", sql, e.getMessage());
            return untyped(types, java.util.Set.of());
        }
        if (marked.statement() instanceof InsertTableStatement insert) {
            valuesOfInsert(session, insert, marked, types);
        }
        Map<SqlSelect, Map<Integer, SqlNode>> probes = new LinkedHashMap<>();
        collect(marked.tree(), null, marked, probes);
        for (Map.Entry<SqlSelect, Map<Integer, SqlNode>> e : probes.entrySet()) {
            plan(session, e.getKey(), e.getValue(), types);
        }
        return untyped(types, marked.limits());
    }

    private static List<AvaticaParameter> untyped(HiveType[] types, java.util.Set<Integer> limits) {
        List<AvaticaParameter> out = new ArrayList<>(types.length);
        for (int i = 0; i < types.length; i++) {
            String name = "?" + (i + 1);
            HiveType t = limits.contains(i) ? HiveType.INT : types[i];
            if (t == null) {
                out.add(new AvaticaParameter(false, 0, 0, Types.OTHER, "ANY", Object.class.getName(), name));
            } else {
                Integer scale = JdbcTypes.decimalDigits(t);
                out.add(new AvaticaParameter(t.kind().isNumeric(), JdbcTypes.columnSize(t), scale == null ? 0 : scale,
                        JdbcTypes.jdbcType(t), JdbcTypes.typeName(t), JdbcTypes.className(t), name));
            }
        }
        return out;
    }

    /** {@code INSERT INTO t [(columns)] VALUES (?, ...)}: each value becomes its column's type. */
    private static void valuesOfInsert(Session session, InsertTableStatement insert, ParameterBinder.Marked marked,
                                       HiveType[] types) {
        if (insert.query().getKind() != SqlKind.VALUES) {
            return;
        }
        Optional<TableInfo> table = session.catalog().findTable(insert.table().toLowerCase(Locale.ROOT));
        if (table.isEmpty()) {
            return;
        }
        List<HiveType> columns = new ArrayList<>();
        if (insert.columns().isEmpty()) {
            table.get().columns().forEach(c -> columns.add(c.type()));
        } else {
            for (String name : insert.columns()) {
                columns.add(table.get().columns().stream().filter(c -> c.name().equalsIgnoreCase(name))
                        .map(ColumnInfo::type).findFirst().orElse(null));
            }
        }
        for (SqlNode row : ((SqlCall) insert.query()).getOperandList()) {
            List<SqlNode> values = ((SqlCall) row).getOperandList();
            for (int k = 0; k < values.size() && k < columns.size(); k++) {
                Integer p = marked.parameter(values.get(k));
                if (p != null) {
                    types[p] = columns.get(k);
                }
            }
        }
    }

    /** Finds parameters compared with an expression, by the query block (SELECT) they stand in. */
    private static void collect(SqlNode node, SqlSelect block, ParameterBinder.Marked marked,
                                Map<SqlSelect, Map<Integer, SqlNode>> probes) {
        if (node instanceof SqlNodeList list) {
            list.forEach(n -> collect(n, block, marked, probes));
            return;
        }
        if (!(node instanceof SqlCall call)) {
            return;
        }
        SqlSelect here = call instanceof SqlSelect s ? s : block;
        if (here != null && here.getFrom() != null) {
            comparison(call, here, marked, probes);
        }
        for (SqlNode operand : call.getOperandList()) {
            collect(operand, here, marked, probes);
        }
    }

    private static void comparison(SqlCall call, SqlSelect block, ParameterBinder.Marked marked,
                                   Map<SqlSelect, Map<Integer, SqlNode>> probes) {
        List<SqlNode> operands = new ArrayList<>();
        switch (call.getKind()) {
            case EQUALS, NOT_EQUALS, LESS_THAN, GREATER_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN_OR_EQUAL, LIKE, BETWEEN,
                 NOT_IN, IN -> {
                for (SqlNode o : call.getOperandList()) {
                    if (o instanceof SqlNodeList list) {
                        list.forEach(operands::add);
                    } else {
                        operands.add(o);
                    }
                }
            }
            default -> {
                return;
            }
        }
        SqlNode partner = operands.stream().filter(o -> o != null && !hasMarker(o, marked)).findFirst().orElse(null);
        if (partner == null) {
            return;
        }
        for (SqlNode o : operands) {
            Integer p = o == null ? null : marked.parameter(o);
            if (p != null) {
                probes.computeIfAbsent(block, b -> new LinkedHashMap<>()).put(p, partner);
            }
        }
    }

    private static boolean hasMarker(SqlNode node, ParameterBinder.Marked marked) {
        if (marked.parameter(node) != null) {
            return true;
        }
        if (node instanceof SqlNodeList list) {
            return list.stream().anyMatch(n -> n != null && hasMarker(n, marked));
        }
        return node instanceof SqlCall call && call.getOperandList().stream().anyMatch(n -> n != null && hasMarker(n, marked));
    }

    /** Plans {@code SELECT partners FROM block's FROM} and takes the types of its columns. */
    private static void plan(Session session, SqlSelect block, Map<Integer, SqlNode> partners, HiveType[] types) {
        List<Integer> parameters = new ArrayList<>(partners.keySet());
        // one column per distinct partner expression
        Map<SqlNode, Integer> columnOf = new IdentityHashMap<>();
        SqlNodeList list = new SqlNodeList(SqlParserPos.ZERO);
        for (Integer p : parameters) {
            SqlNode partner = partners.get(p);
            if (!columnOf.containsKey(partner)) {
                columnOf.put(partner, list.size());
                list.add(partner);
            }
        }
        SqlSelect probe = new SqlSelect(SqlParserPos.ZERO, null, list, block.getFrom(), null, null, null, null, null,
                null, null, null);
        try {
            RowSchema schema = session.plan(new QueryStatement(probe, List.of(), SourceSpan.of(probe.toString())))
                    .plan().schema();
            for (Integer p : parameters) {
                types[p] = schema.type(columnOf.get(partners.get(p)));
            }
        } catch (RuntimeException e) {
            LOG.debug("Parameters {} left untyped: {}", Arrays.toString(parameters.stream().map(i -> i + 1).toArray()),
                    e.getMessage());
        }
    }
}
