package org.hadoopdb.jdbc.meta;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.jdbc.client.LikePattern;

/**
 * The rows of the {@code DatabaseMetaData} result sets, from one catalog snapshot, in the column order
 * JDBC defines (and Avatica's {@code MetaImpl.MetaTable}, {@code MetaColumn}, ... declare).
 *
 * <p>Each HiveQL database ({@code default} and those of {@code CREATE DATABASE}) is a JDBC schema,
 * with no catalog (as Hive's driver shows them); a table {@code db.t} is table {@code t} of schema
 * {@code db}. Name patterns are JDBC LIKE patterns ({@code %}, {@code _}, escaped with
 * {@code \}), matched case-insensitively because HiveQL names are.
 */
public final class CatalogMetadata {
    static final String TABLE_TYPE = "TABLE";
    static final String VIEW_TYPE = "VIEW";

    private CatalogMetadata() {
    }

    /** getTables: TABLE_CAT, TABLE_SCHEM, TABLE_NAME, TABLE_TYPE, REMARKS and five unused columns; views are VIEWs. */
    public static List<Object> tables(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                                      List<String> types) {
        List<Object> rows = new ArrayList<>();
        if (!catalogMatches(catalogName)) {
            return rows;
        }
        List<Relation> relations = sorted(catalog);
        relations.sort(Comparator.comparing(Relation::type).thenComparing(Relation::schema).thenComparing(Relation::name));
        for (Relation r : relations) {
            if (matches(schemaPattern, r.schema()) && matches(tablePattern, r.name())
                    && (types == null || types.stream().anyMatch(r.type()::equalsIgnoreCase))) {
                rows.add(row(null, r.schema(), r.name(), r.type(), r.remarks(), null, null, null, null, null));
            }
        }
        return rows;
    }

    /** getColumns: the 24 columns of JDBC 4.2, every HiveQL column nullable; a view's columns too. */
    public static List<Object> columns(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                                       String columnPattern) {
        List<Object> rows = new ArrayList<>();
        if (!catalogMatches(catalogName)) {
            return rows;
        }
        for (Relation r : sorted(catalog)) {
            if (!matches(schemaPattern, r.schema()) || !matches(tablePattern, r.name())) {
                continue;
            }
            int position = 0;
            for (ColumnInfo c : r.columns()) {
                position++;
                if (!matches(columnPattern, c.name())) {
                    continue;
                }
                HiveType type = c.type();
                rows.add(row(null, r.schema(), r.name(), c.name(), JdbcTypes.jdbcType(type), JdbcTypes.typeName(type),
                        JdbcTypes.columnSize(type), null, JdbcTypes.decimalDigits(type), JdbcTypes.radix(type),
                        DatabaseMetaData.columnNullable, c.comment(), null, null, null, JdbcTypes.charOctetLength(type),
                        position, "YES", null, null, null, null, "NO", "NO"));
            }
        }
        return rows;
    }

    /** getTableTypes: the types getTables reports, in order. */
    public static List<Object> tableTypes() {
        return List.of(List.of(TABLE_TYPE), List.of(VIEW_TYPE));
    }

    /** getSchemas: TABLE_SCHEM, TABLE_CATALOG; one row per database, ordered by name. */
    public static List<Object> schemas(Catalog catalog, String catalogName, String schemaPattern) {
        List<Object> rows = new ArrayList<>();
        if (catalogMatches(catalogName)) {
            catalog.databaseNames().stream().sorted().filter(d -> matches(schemaPattern, d)).forEach(d -> rows.add(row(d, null)));
        }
        return rows;
    }

    /** getTypeInfo: one row per HiveQL type, ordered by DATA_TYPE as JDBC asks. */
    public static List<Object> typeInfo() {
        List<Object> rows = new ArrayList<>();
        for (HiveType type : JdbcTypes.all()) {
            HiveType.Kind k = type.kind();
            boolean quoted = k.isString() || k == HiveType.Kind.DATE || k == HiveType.Kind.TIMESTAMP;
            String prefix = switch (k) {
                case DATE -> "DATE '";
                case TIMESTAMP -> "TIMESTAMP '";
                default -> quoted ? "'" : null;
            };
            short searchable = (short) (k == HiveType.Kind.BINARY ? DatabaseMetaData.typePredNone
                    : k.isString() ? DatabaseMetaData.typeSearchable : DatabaseMetaData.typePredBasic);
            String name = JdbcTypes.typeName(type);
            rows.add(row(name, JdbcTypes.jdbcType(type), JdbcTypes.columnSize(type), prefix, quoted ? "'" : null,
                    createParams(k), (short) DatabaseMetaData.typeNullable, k.isString(), searchable, !k.isNumeric(),
                    false, false, name, (short) 0, (short) (k == HiveType.Kind.DECIMAL ? HiveType.MAX_DECIMAL_PRECISION
                            : k == HiveType.Kind.TIMESTAMP ? 9 : 0), null, null, JdbcTypes.radix(type)));
        }
        return rows;
    }

    private static String createParams(HiveType.Kind k) {
        return switch (k) {
            case DECIMAL -> "precision,scale";
            case VARCHAR, CHAR -> "length";
            default -> null;
        };
    }

    /** getFunctions: FUNCTION_CAT, FUNCTION_SCHEM, FUNCTION_NAME, REMARKS, FUNCTION_TYPE, SPECIFIC_NAME. */
    public static List<Object> functions(List<String> names, String catalogName, String schemaPattern, String functionPattern) {
        List<Object> rows = new ArrayList<>();
        if (!catalogMatches(catalogName) || !matches(schemaPattern, Names.DEFAULT_DATABASE)) {
            return rows;
        }
        names.stream().sorted().distinct().filter(n -> matches(functionPattern, n)).forEach(n ->
                rows.add(row(null, null, n, null, (short) DatabaseMetaData.functionResultUnknown, n)));
        return rows;
    }

    /** A table or a view, as getTables and getColumns list them: its database is its schema. */
    private record Relation(String schema, String name, String type, String remarks, List<ColumnInfo> columns) {
    }

    /** Tables and views by schema and name (getTables orders them by type first). */
    private static List<Relation> sorted(Catalog catalog) {
        List<Relation> relations = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            relations.add(new Relation(Names.databaseOf(t.name()), Names.tableOf(t.name()), TABLE_TYPE,
                    t.property("comment").orElse(null), t.columns()));
        }
        for (ViewInfo v : catalog.views()) {
            relations.add(new Relation(Names.databaseOf(v.name()), Names.tableOf(v.name()), VIEW_TYPE, v.comment(), v.columns()));
        }
        relations.sort(Comparator.comparing(Relation::schema).thenComparing(Relation::name));
        return relations;
    }

    /** No catalog: null (any) and "" (tables without a catalog) match; a named catalog matches nothing. */
    private static boolean catalogMatches(String catalogName) {
        return catalogName == null || catalogName.isEmpty();
    }

    /** A JDBC LIKE pattern (null = anything), case-insensitive. */
    static boolean matches(String pattern, String name) {
        return LikePattern.matches(pattern, name);
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
