package org.hadoopdb.planner.analyze;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;

/**
 * Expands a view where a query names it: parses the view's HiveQL text, validates and converts it
 * against the same catalog snapshot (views over views expand in turn), and maps its columns onto
 * the view's recorded ones. A view declared with a column list maps the query's columns by position;
 * one without maps them by name, so a {@code SELECT *} view keeps its columns when a table under it
 * gains one ({@code ALTER TABLE … ADD COLUMNS}).
 */
final class ViewExpansion implements RelOptTable.ViewExpander {
    /** How many views may be nested inside each other before the nesting is taken for a cycle. */
    private static final int MAX_DEPTH = 64;

    private final Catalog catalog;
    private final Converter convert;
    private final java.util.function.Supplier<RelBuilder> relBuilders;
    private final Deque<String> expanding = new ArrayDeque<>();

    /** Validates and converts a query, expanding the views in it with the given expander. */
    interface Converter {
        /** @param database where the query's unqualified names are found */
        RelRoot convert(SqlNode query, RelOptTable.ViewExpander views, String database);
    }

    /** @param convert validates and converts a query, expanding the views in it with the given expander */
    ViewExpansion(Catalog catalog, Converter convert,
                  java.util.function.Supplier<RelBuilder> relBuilders) {
        this.catalog = catalog;
        this.convert = convert;
        this.relBuilders = relBuilders;
    }

    @Override
    public RelRoot expandView(RelDataType rowType, String queryString, List<String> schemaPath, List<String> viewPath) {
        String name = viewPath.get(viewPath.size() - 1);
        ViewInfo view = catalog.view(name);
        if (expanding.contains(view.name()) || expanding.size() >= MAX_DEPTH) {
            List<String> chain = new ArrayList<>(expanding);
            java.util.Collections.reverse(chain);
            chain.add(view.name());
            throw new SemanticException("View '" + view.name() + "' refers to itself through " + String.join(" -> ", chain)
                    + ": a view cannot be defined in terms of itself");
        }
        expanding.push(view.name());
        try {
            // the view's names are found where it was defined, whichever database the query is in
            RelRoot root = convert.convert(parse(view), this, view.resolvedIn());
            RelNode mapped = mapColumns(view, root, rowType);
            return RelRoot.of(mapped, rowType, root.kind);
        } catch (SemanticException e) {
            throw explained(view, e);
        } finally {
            expanding.pop();
        }
    }

    private static SqlNode parse(ViewInfo view) {
        Statement statement = HiveQlParser.parse(SourceSpan.of(view.query()));
        if (!(statement instanceof QueryStatement query)) {
            throw new PlannerException("View '" + view.name() + "' in the catalog holds no query: " + view.query());
        }
        return query.query();
    }

    /** The converted query's columns, picked and ordered as the view's, cast to the view's types. */
    private RelNode mapColumns(ViewInfo view, RelRoot root, RelDataType rowType) {
        RelNode rel = root.project();
        List<RelDataTypeField> produced = rel.getRowType().getFieldList();
        List<String> producedNames = new ArrayList<>();
        root.validatedRowType.getFieldNames().forEach(n -> producedNames.add(Names.normalize(hiveName(n))));
        RelBuilder relBuilder = relBuilders.get().push(rel);
        List<RexNode> fields = new ArrayList<>();
        if (view.namedColumns()) {
            if (produced.size() != view.columns().size()) {
                throw new SemanticException("View '" + view.name() + "' no longer matches its definition: it has "
                        + view.columns().size() + " columns " + view.columnNames() + " but its query now returns "
                        + produced.size() + " " + producedNames + "; recreate it with CREATE OR REPLACE VIEW");
            }
            for (int i = 0; i < produced.size(); i++) {
                fields.add(relBuilder.field(i));
            }
        } else {
            for (String column : view.columnNames()) {
                int at = producedNames.indexOf(column);
                if (at < 0 || producedNames.lastIndexOf(column) != at) {
                    throw new SemanticException("View '" + view.name() + "' no longer matches its definition: its query "
                            + (at < 0 ? "no longer returns" : "returns more than one") + " column '" + column + "' (it returns "
                            + producedNames + "); recreate it with CREATE OR REPLACE VIEW");
                }
                fields.add(relBuilder.field(at));
            }
        }
        RelNode picked = relBuilder.project(fields, view.columnNames(), true).build();
        return RelOptUtil.createCastRel(picked, rowType, true);
    }

    /** The view's name added to an error in its definition, with what to do when a table under it is gone. */
    private static SemanticException explained(ViewInfo view, SemanticException e) {
        if (e.getMessage() != null && e.getMessage().startsWith("View '")) {
            return e; // already about a view (this one, or one nested in it)
        }
        java.util.regex.Matcher missing = java.util.regex.Pattern.compile("Object '([^']+)' not found").matcher(
                String.valueOf(e.getMessage()));
        if (missing.find()) {
            return new SemanticException("View '" + view.name() + "' refers to table or view '" + missing.group(1)
                    + "', which does not exist (dropped or renamed since the view was created); recreate the view with"
                    + " CREATE OR REPLACE VIEW " + view.name() + " AS …, or drop it", e);
        }
        return new SemanticException("View '" + view.name() + "' no longer plans: " + e.getMessage()
                + "; recreate it with CREATE OR REPLACE VIEW " + view.name() + " AS …, or drop it", e);
    }

    /** Hive names an unnamed result column {@code _c<position>}, where Calcite says {@code EXPR$<position>}. */
    static String hiveName(String calciteName) {
        return calciteName.matches("EXPR\\$\\d+") ? "_c" + calciteName.substring(5) : calciteName;
    }
}
