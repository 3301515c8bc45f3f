package org.hadoopdb.planner.analyze;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.planner.SemanticException;

/**
 * Turns Calcite's validation errors into HiveQL users' terms: the line and column, the name at
 * fault, and the closest existing table, column or function name (date arithmetic with a number:
 * {@link DatetimeArithmeticErrors}).
 */
final class SemanticErrors {
    private static final Pattern UNKNOWN_COLUMN = Pattern.compile("Column '([^']+)' not found in (?:any table|table '([^']+)')");
    private static final Pattern UNKNOWN_TABLE = Pattern.compile("Object '([^']+)' not found");
    private static final Pattern UNKNOWN_FUNCTION = Pattern.compile("No match found for function signature ([A-Za-z_0-9]+)\\(");

    private SemanticErrors() {
    }

    static SemanticException translate(CalciteContextException e, Catalog catalog, String database,
                                       Collection<String> functionNames, SqlNode query) {
        String inner = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage() : e.getMessage();
        SemanticException datetime = DatetimeArithmeticErrors.translate(e, inner, query);
        if (datetime != null) {
            return datetime;
        }
        String hint = hint(inner, catalog, database, functionNames);
        String where = e.getPosLine() > 0 ? "line " + e.getPosLine() + ":" + e.getPosColumn() + ": " : "";
        return new SemanticException(where + inner + hint, e);
    }

    private static String hint(String message, Catalog catalog, String database, Collection<String> functionNames) {
        Matcher m = UNKNOWN_COLUMN.matcher(message);
        if (m.find()) {
            return Names.didYouMean(m.group(1), allColumns(catalog));
        }
        m = UNKNOWN_TABLE.matcher(message);
        if (m.find()) {
            // the current database's names as a query writes them, then every other as db.name
            List<String> relations = new ArrayList<>();
            List<String> all = new ArrayList<>(catalog.tableNames());
            all.addAll(catalog.viewNames());
            for (String name : all) {
                String db = Names.databaseOf(name);
                relations.add(db.equals(database) ? Names.tableOf(name) : db + "." + Names.tableOf(name));
            }
            String hint = Names.didYouMean(m.group(1), relations);
            return hint.isEmpty() && catalog.tables().isEmpty() ? " (there are no tables yet: CREATE TABLE first)" : hint;
        }
        m = UNKNOWN_FUNCTION.matcher(message);
        if (m.find()) {
            List<String> names = new ArrayList<>(functionNames);
            return Names.didYouMean(m.group(1).toLowerCase(java.util.Locale.ROOT), names);
        }
        return "";
    }

    private static Set<String> allColumns(Catalog catalog) {
        Set<String> names = new LinkedHashSet<>();
        for (TableInfo t : catalog.tables()) {
            names.addAll(t.columnNames());
        }
        return names;
    }
}
