package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ListResult;

/**
 * SHOW TABLES, SHOW VIEWS, SHOW COLUMNS, SHOW TBLPROPERTIES, SHOW CREATE TABLE and DESCRIBE
 * [FORMATTED] ({@link FormattedDescription}), answered from the catalog.
 */
final class Describer {
    private static final RowSchema TABLES = RowSchema.builder().add("tab_name", "string").build();
    private static final RowSchema FIELDS = RowSchema.builder().add("field", "string").build();
    private static final RowSchema PROPERTIES = RowSchema.builder().add("prpt_name", "string").add("prpt_value", "string")
            .build();
    private static final RowSchema VALUE = RowSchema.builder().add("prpt_value", "string").build();
    private static final RowSchema CREATE = RowSchema.builder().add("createtab_stmt", "string").build();
    private static final RowSchema DATABASES = RowSchema.builder().add("database_name", "string").build();
    private static final RowSchema DATABASE = RowSchema.builder().add("db_name", "string").add("comment", "string")
            .add("location", "string").add("owner_name", "string").add("owner_type", "string").add("parameters", "string")
            .build();

    private Describer() {
    }

    /**
     * The names of a database's tables and views (Hive lists views among the tables), without the
     * database, filtered by a Hive pattern: {@code *} any characters, {@code |} alternatives.
     */
    static ListResult showTables(Catalog catalog, String database, String pattern) {
        List<String> names = new ArrayList<>();
        catalog.tablesIn(database).forEach(t -> names.add(Names.tableOf(t.name())));
        catalog.viewsIn(database).forEach(v -> names.add(Names.tableOf(v.name())));
        return names(TABLES, names, pattern);
    }

    /** {@code SHOW VIEWS [IN db] [LIKE 'pattern']}. */
    static ListResult showViews(Catalog catalog, String database, String pattern) {
        List<String> names = new ArrayList<>();
        catalog.viewsIn(database).forEach(v -> names.add(Names.tableOf(v.name())));
        return names(TABLES, names, pattern);
    }

    /** {@code SHOW DATABASES [LIKE 'pattern']}. */
    static ListResult showDatabases(Catalog catalog, String pattern) {
        return names(DATABASES, catalog.databaseNames(), pattern);
    }

    private static ListResult names(RowSchema schema, List<String> names, String pattern) {
        Pattern p = pattern == null ? null : hivePattern(pattern);
        List<Row> rows = new ArrayList<>();
        names.stream().sorted().filter(n -> p == null || p.matcher(n).matches()).forEach(n -> rows.add(Row.of(schema, n)));
        return new ListResult(schema, rows);
    }

    /** {@code DESCRIBE DATABASE [EXTENDED] name}: one row as Hive prints it; EXTENDED adds the properties. */
    static ListResult describeDatabase(Catalog catalog, String name, boolean extended) {
        DatabaseInfo d = catalog.findDatabase(name).orElseThrow(() -> new SemanticException("Database '" + name
                + "' does not exist" + Names.didYouMean(name, catalog.databaseNames())));
        String parameters = null;
        if (extended && !d.properties().isEmpty()) {
            List<String> pairs = new ArrayList<>();
            d.properties().forEach(p -> pairs.add(p.name() + "=" + p.value()));
            parameters = "{" + String.join(", ", pairs) + "}";
        }
        return new ListResult(DATABASE, List.of(Row.of(DATABASE, d.name(), d.comment(), d.location(), null, null, parameters)));
    }

    private static final RowSchema FUNCTIONS = RowSchema.builder().add("tab_name", "string").build();

    /** {@code SHOW FUNCTIONS [LIKE 'pattern']}: the library's function names, sorted. */
    static ListResult showFunctions(String pattern) {
        return showFunctions(pattern, java.util.Set.of());
    }

    /** {@code SHOW FUNCTIONS [LIKE 'pattern']}: the library's function names and {@code userFunctions}, sorted. */
    static ListResult showFunctions(String pattern, java.util.Set<String> userFunctions) {
        Pattern p = pattern == null ? null : hivePattern(pattern);
        List<Row> rows = new ArrayList<>();
        java.util.stream.Stream.concat(org.hadoopdb.functions.HiveFunctionLibrary.instance().functions().stream()
                .map(org.hadoopdb.functions.HiveFunctionLibrary.FunctionInfo::name), userFunctions.stream()).distinct().sorted()
                .filter(n -> p == null || p.matcher(n).matches()).forEach(n -> rows.add(Row.of(FUNCTIONS, n)));
        return new ListResult(FUNCTIONS, rows);
    }

    /** {@code DESCRIBE FUNCTION name} of a user function, described by the session. */
    static ListResult describeUserFunction(String description) {
        return new ListResult(FUNCTIONS, List.of(Row.of(FUNCTIONS, description)));
    }

    /** {@code DESCRIBE FUNCTION name}: its signature and what it does, as Hive prints them. */
    static ListResult describeFunction(String name) {
        var library = org.hadoopdb.functions.HiveFunctionLibrary.instance();
        var info = library.describe(name).orElseThrow(() -> new org.hadoopdb.planner.PlannerException(
                library.unknownFunctionMessage(name)));
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(FUNCTIONS, info.signature() + " - " + info.description()));
        return new ListResult(FUNCTIONS, rows);
    }

    static Pattern hivePattern(String pattern) {
        StringBuilder re = new StringBuilder();
        for (String alt : pattern.toLowerCase(java.util.Locale.ROOT).split("\\|")) {
            if (re.length() > 0) {
                re.append('|');
            }
            for (String part : alt.trim().split("\\*", -1)) {
                re.append(Pattern.quote(part)).append(".*");
            }
            re.setLength(re.length() - 2);
        }
        return Pattern.compile(re.toString());
    }

    /** {@code DESCRIBE [FORMATTED] name} of a table or a view. */
    static ListResult describe(Catalog catalog, String name, boolean formatted) {
        var view = catalog.findView(name);
        if (view.isPresent()) {
            return FormattedDescription.view(view.get(), formatted);
        }
        return FormattedDescription.table(catalog, table(catalog, name), formatted);
    }

    /** {@code SHOW COLUMNS IN name}: the column names of a table or a view, in order. */
    static ListResult showColumns(Catalog catalog, String name) {
        List<String> names = catalog.findView(name).map(ViewInfo::columnNames)
                .orElseGet(() -> table(catalog, name).columnNames());
        List<Row> rows = new ArrayList<>();
        names.forEach(n -> rows.add(Row.of(FIELDS, n)));
        return new ListResult(FIELDS, rows);
    }

    /** {@code SHOW TBLPROPERTIES name [('key')]}: every property as {@code key, value}, or one property's value. */
    static ListResult showProperties(Catalog catalog, String name, String key) {
        List<Property> properties = new ArrayList<>();
        var view = catalog.findView(name);
        if (view.isPresent()) {
            if (view.get().comment() != null) {
                properties.add(new Property("comment", view.get().comment()));
            }
        } else {
            properties.addAll(table(catalog, name).properties());
        }
        if (key != null) {
            String value = properties.stream().filter(p -> p.name().equalsIgnoreCase(key)).map(Property::value)
                    .findFirst().orElse("Table " + Names.normalize(name) + " does not have property: " + key);
            return new ListResult(VALUE, List.of(Row.of(VALUE, value)));
        }
        List<Row> rows = new ArrayList<>();
        properties.forEach(p -> rows.add(Row.of(PROPERTIES, p.name(), p.value())));
        return new ListResult(PROPERTIES, rows);
    }

    /** {@code SHOW CREATE TABLE name}: the statement as one row per line, as Hive prints it. */
    static ListResult showCreate(Catalog catalog, String name) {
        var view = catalog.findView(name);
        String text;
        if (view.isPresent()) {
            text = CreateStatementText.of(view.get());
        } else {
            TableInfo t = table(catalog, name);
            int chunks = catalog.schemeOf(t).map(s -> s.chunksPerNode() * s.nodes().size()).orElse(1);
            text = CreateStatementText.of(t, chunks);
        }
        List<Row> rows = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            rows.add(Row.of(CREATE, line));
        }
        return new ListResult(CREATE, rows);
    }

    static TableInfo table(Catalog catalog, String name) {
        return catalog.findTable(name).orElseThrow(() -> new SemanticException("Table '" + name
                + "' does not exist" + Names.didYouMean(name, relations(catalog))));
    }

    private static List<String> relations(Catalog catalog) {
        List<String> names = new ArrayList<>(catalog.tableNames());
        names.addAll(catalog.viewNames());
        return names;
    }
}
