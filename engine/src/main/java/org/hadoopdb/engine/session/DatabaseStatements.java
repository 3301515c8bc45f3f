package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.hiveql.ast.CreateDatabaseStatement;
import org.hadoopdb.hiveql.ast.DropDatabaseStatement;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;

/**
 * {@code CREATE DATABASE} and {@code DROP DATABASE [CASCADE]}: a database is a name space in the
 * catalog ({@code db.t}); its tables' chunks live in the node databases like every other table's.
 */
final class DatabaseStatements {
    private final Session session;

    DatabaseStatements(Session session) {
        this.session = session;
    }

    StatementResult create(CreateDatabaseStatement c) {
        String name = Names.normalize(c.name());
        if (session.catalog().findDatabase(name).isPresent()) {
            if (c.ifNotExists()) {
                return new StatementResult.Done("Database " + name + " already exists", 0);
            }
            throw new SemanticException("Database '" + name + "' already exists (use IF NOT EXISTS)");
        }
        List<Property> properties = new ArrayList<>();
        for (Map.Entry<String, String> e : c.properties().entrySet()) {
            properties.add(new Property(e.getKey(), e.getValue()));
        }
        DatabaseInfo database = new DatabaseInfo(name, c.comment(), c.location(), properties);
        publish("create database " + name, cat -> {
            if (cat.findDatabase(name).isPresent()) {
                if (c.ifNotExists()) {
                    return cat;
                }
                throw new SemanticException("Database '" + name + "' was created meanwhile by another session");
            }
            return cat.withDatabase(database);
        });
        return new StatementResult.Done("Created database " + name, 0);
    }

    /**
     * Drops an empty database; with {@code CASCADE}, its tables (their chunks too, as {@code DROP
     * TABLE} does) and views first. A database a session is using cannot be dropped by that session.
     */
    StatementResult drop(DropDatabaseStatement d) {
        String name = Names.normalize(d.name());
        Catalog catalog = session.catalog();
        if (name.equals(Names.DEFAULT_DATABASE)) {
            throw new SemanticException("The database 'default' cannot be dropped");
        }
        if (catalog.findDatabase(name).isEmpty()) {
            if (d.ifExists()) {
                return new StatementResult.Done("Database " + name + " does not exist", 0);
            }
            throw new SemanticException("Database '" + name + "' does not exist" + Names.didYouMean(name, catalog.databaseNames()));
        }
        if (name.equals(session.database())) {
            throw new SemanticException("Cannot drop database '" + name + "': it is this session's current database (USE another first)");
        }
        List<TableInfo> tables = catalog.tablesIn(name);
        int views = catalog.viewsIn(name).size();
        if (!d.cascade() && (!tables.isEmpty() || views > 0)) {
            throw new SemanticException("Database '" + name + "' is not empty: it has " + tables.size() + " table(s) and "
                    + views + " view(s); drop them first, or use DROP DATABASE " + name + " CASCADE");
        }
        TableManager manager = new TableManager(session.config());
        for (TableInfo t : tables) {
            manager.drop(t.name(), true);
        }
        publish("drop database " + name, cat -> {
            if (cat.findDatabase(name).isEmpty()) {
                return cat;
            }
            Catalog next = cat;
            for (var v : cat.viewsIn(name)) {
                next = next.withoutView(v.name());
            }
            if (!next.tablesIn(name).isEmpty()) {
                throw new SemanticException("Database '" + name + "' gained table(s) " + next.tablesIn(name).stream()
                        .map(TableInfo::name).toList() + " while it was being dropped; drop it again");
            }
            return next.withoutDatabase(name);
        });
        return new StatementResult.Done("Dropped database " + name + (d.cascade() && (!tables.isEmpty() || views > 0)
                ? " with " + tables.size() + " table(s) and " + views + " view(s)" : ""), 0);
    }

    private void publish(String what, UnaryOperator<Catalog> change) {
        try {
            session.engine().catalogStore().update(what, change);
        } catch (CatalogException e) {
            throw new PlannerException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
