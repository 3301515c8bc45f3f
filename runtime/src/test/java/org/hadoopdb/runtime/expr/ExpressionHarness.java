package org.hadoopdb.runtime.expr;

import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.codegen.CompiledProjection;
import org.hadoopdb.planner.codegen.ExpressionCompiler;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.analyze.Analyzer;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.mr.JaninoLoader;
import org.hadoopdb.functions.HiveFunctionLibrary;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * Evaluates HiveQL expressions the way a MapReduce task does: analysed against a table {@code t},
 * compiled by {@link ExpressionCompiler}, loaded with Janino, run on one row.
 */
public final class ExpressionHarness {
    static final String COLUMNS = "i int, b bigint, si smallint, ti tinyint, d double, f float, m decimal(10,2), "
            + "s string, s2 string, dt date, ts timestamp, bo boolean, bin binary, v varchar(5), n int, id int";
    public static final Catalog CATALOG = catalog();
    public static final RowSchema SCHEMA = RowSchema.ofColumns(CATALOG.table("t").columns());
    private static final JaninoLoader LOADER = new JaninoLoader();

    private ExpressionHarness() {
    }

    private static Catalog catalog() {
        Catalog c = CatalogFixtures.withNodes(1);
        List<ColumnInfo> cols = new ArrayList<>();
        for (String column : COLUMNS.split(",\\s*(?![^()]*\\))")) {
            String[] parts = column.trim().split("\\s+", 2);
            cols.add(new ColumnInfo(parts[0], HiveType.parse(parts[1])));
        }
        TableInfo t = TableInfo.created("t", cols, Distribution.REPLICATED, null, List.of(), List.of(), List.of(), List.of());
        return c.withTable(t.withData(List.of(new ChunkInfo(0, "t_t_g1_r", "t", c.nodeIds().get(0), List.of(), 10, 1000)),
                new TableStats(10, 1000, List.of()), 1));
    }

    /** A row of {@code t}: values by column name, the others NULL. */
    static Row row(Object... nameValuePairs) {
        Row r = new Row(SCHEMA);
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            r.set(SCHEMA.fieldIndex((String) nameValuePairs[i]), nameValuePairs[i + 1]);
        }
        return r;
    }

    /** The value of {@code expression} (HiveQL over t's columns) for {@code row}. */
    public static Object eval(String expression, Row row) {
        Project p = project(expression);
        OperatorSpec spec = new ExpressionCompiler().project(p.getProjects(), p.getInput().getRowType(),
                org.hadoopdb.planner.sms.SmsSplitterAccess.schemaOf(p.getRowType()));
        Row out = new Row(spec.output(SCHEMA));
        if (spec instanceof OperatorSpec.Select s) {
            return row.get(s.fields()[0]);
        }
        OperatorSpec.Project compiled = (OperatorSpec.Project) spec;
        LOADER.load(compiled.className(), compiled.javaSource(), CompiledProjection.class).project(row, out);
        return out.get(0);
    }

    static Object eval(String expression) {
        return eval(expression, new Row(SCHEMA));
    }

    /** Whether the WHERE condition {@code condition} keeps {@code row}. */
    public static boolean test(String condition, Row row) {
        RelNode rel = rel("SELECT i FROM t WHERE " + condition);
        Filter f = find(rel, Filter.class);
        OperatorSpec.Filter spec = new ExpressionCompiler().filter(f.getCondition(), f.getInput().getRowType());
        return LOADER.load(spec.className(), spec.javaSource(), CompiledPredicate.class).test(row);
    }

    /** The analysed expression. */
    static RexNode rex(String expression) {
        return project(expression).getProjects().get(0);
    }

    /** The SQL type of the analysed expression. */
    static String type(String expression) {
        return rex(expression).getType().getFullTypeString();
    }

    static Project project(String expression) {
        return find(rel("SELECT " + expression + " FROM t"), Project.class);
    }

    static RelNode rel(String sql) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        HiveFunctionLibrary lib = HiveFunctionLibrary.instance();
        RelNode rel = new Analyzer(CATALOG, lib.operatorTable(), lib.names()).toRel(q.query()).project();
        return org.hadoopdb.functions.QueryClock.fix(rel, java.time.Instant.now());
    }

    private static <T> T find(RelNode rel, Class<T> type) {
        if (type.isInstance(rel)) {
            return type.cast(rel);
        }
        for (RelNode in : rel.getInputs()) {
            T t = find(in, type);
            if (t != null) {
                return t;
            }
        }
        return null;
    }
}
