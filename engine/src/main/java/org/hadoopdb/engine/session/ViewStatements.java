package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.hiveql.ast.AlterViewStatement;
import org.hadoopdb.hiveql.ast.CreateViewStatement;
import org.hadoopdb.hiveql.ast.DropViewStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.RenameStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.ViewColumn;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.planner.sms.PlanningOptions;

/**
 * {@code CREATE [OR REPLACE] VIEW}, {@code ALTER VIEW … AS}, {@code ALTER VIEW … RENAME TO} and
 * {@code DROP VIEW}: views live in the catalog only. A definition is checked by planning it (so a
 * view over a missing table, or one that would refer to itself, is refused when it is created), and
 * its columns are recorded as the plan returns them.
 */
final class ViewStatements {
    private final Session session;

    ViewStatements(Session session) {
        this.session = session;
    }

    StatementResult create(CreateViewStatement c) {
        Catalog catalog = session.catalog();
        String name = Names.normalize(c.name());
        if (catalog.findTable(name).isPresent()) {
            throw new SemanticException("Cannot create view '" + name + "': a table of that name exists");
        }
        boolean exists = catalog.findView(name).isPresent();
        if (exists && c.ifNotExists()) {
            return new StatementResult.Done("View " + name + " already exists", 0);
        }
        if (exists && !c.orReplace()) {
            throw new SemanticException("View '" + name + "' already exists (use CREATE OR REPLACE VIEW, IF NOT EXISTS, "
                    + "or drop it first)");
        }
        ViewInfo view = define(catalog, name, c.columns(), c.comment(), c.query(), c.queryText(), c.span());
        publish("create view " + name, cat -> {
            if (cat.findTable(name).isPresent() || cat.findView(name).isPresent() && !c.orReplace()) {
                throw new SemanticException("Cannot create view '" + name + "': a table or view of that name was created meanwhile");
            }
            return cat.withView(view);
        });
        return new StatementResult.Done((exists ? "Replaced view " : "Created view ") + name, 0);
    }

    StatementResult alter(AlterViewStatement a) {
        Catalog catalog = session.catalog();
        ViewInfo old = existing(catalog, a.name());
        List<ViewColumn> columns = new ArrayList<>();
        if (old.namedColumns()) {
            old.columns().forEach(col -> columns.add(new ViewColumn(col.name(), col.comment())));
        }
        ViewInfo view = define(catalog, old.name(), columns, old.comment(), a.query(), a.queryText(), a.span());
        publish("alter view " + old.name(), cat -> {
            existing(cat, old.name());
            return cat.withView(view);
        });
        return new StatementResult.Done("Altered view " + old.name(), 0);
    }

    StatementResult rename(RenameStatement r) {
        String from = Names.normalize(r.name());
        String to = Names.normalize(r.newName());
        publish("rename view " + from, cat -> {
            ViewInfo view = existing(cat, from);
            if (cat.hasRelation(to)) {
                throw new SemanticException("Cannot rename view '" + from + "' to '" + to + "': a "
                        + (cat.findTable(to).isPresent() ? "table" : "view") + " of that name exists");
            }
            return cat.withoutView(from).withView(view.renamed(to));
        });
        return new StatementResult.Done("Renamed view " + from + " to " + to, 0);
    }

    StatementResult drop(DropViewStatement d) {
        String name = Names.normalize(d.name());
        Catalog catalog = session.catalog();
        if (catalog.findView(name).isEmpty()) {
            if (catalog.findTable(name).isPresent()) {
                throw new SemanticException("'" + name + "' is a table, not a view: use DROP TABLE");
            }
            if (d.ifExists()) {
                return new StatementResult.Done("View " + name + " does not exist", 0);
            }
            existing(catalog, name);
        }
        publish("drop view " + name, cat -> cat.findView(name).isEmpty() ? cat : cat.withoutView(name));
        return new StatementResult.Done("Dropped view " + name, 0);
    }

    /** The view's catalog entry, its definition planned (on the catalog with the view in place, to catch cycles). */
    private ViewInfo define(Catalog catalog, String name, List<ViewColumn> declared, String comment, SqlNode query,
                            String queryText, SourceSpan span) {
        RowSchema schema = plan(catalog, query);
        if (!declared.isEmpty() && declared.size() != schema.size()) {
            throw new SemanticException("View '" + name + "' declares " + declared.size() + " column(s) but its query returns "
                    + schema.size() + " (line " + span.line() + ")");
        }
        List<ColumnInfo> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < schema.size(); i++) {
            RowSchema.Field f = schema.fields().get(i);
            String column = declared.isEmpty() ? Names.normalize(f.name()) : declared.get(i).name();
            if (!names.add(column)) {
                throw new SemanticException("View '" + name + "' would have two columns named '" + column
                        + "': give the query's columns distinct aliases, or list the view's columns (line " + span.line() + ")");
            }
            columns.add(new ColumnInfo(column, f.type(), declared.isEmpty() ? null : declared.get(i).comment()));
        }
        ViewInfo view = ViewInfo.defined(name, columns, queryText, comment, !declared.isEmpty(), session.database());
        // the new definition may reach the view itself through other views: expanding it in place finds that
        String quoted = "`" + Names.databaseOf(name) + "`.`" + Names.tableOf(name) + "`";
        plan(catalog.withView(view), ((QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT * FROM " + quoted))).query());
        return view;
    }

    private RowSchema plan(Catalog catalog, SqlNode query) {
        return session.plan(catalog, session.database(), query, PlanningOptions.from(session.config())).plan().schema();
    }

    private static ViewInfo existing(Catalog catalog, String name) {
        return catalog.findView(name).orElseThrow(() -> new SemanticException("View '" + name + "' does not exist"
                + (catalog.findTable(name).isPresent() ? " ('" + Names.normalize(name) + "' is a table)"
                : Names.didYouMean(name, catalog.viewNames()))));
    }

    private void publish(String what, java.util.function.UnaryOperator<Catalog> change) {
        try {
            session.engine().catalogStore().update(what, change);
        } catch (CatalogException e) {
            throw new PlannerException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
