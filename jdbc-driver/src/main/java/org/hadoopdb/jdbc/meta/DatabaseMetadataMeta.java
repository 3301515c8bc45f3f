package org.hadoopdb.jdbc.meta;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.jdbc.Version;
import org.hadoopdb.runtime.ResultStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link java.sql.DatabaseMetaData} half of {@link HadoopDbMeta}: database properties, tables,
 * columns, schemas, types and functions from the connection's catalog snapshot
 * ({@link CatalogMetadata}), and empty, correctly shaped result sets for what HadoopDB does not have
 * (keys, indexes, procedures, privileges, user-defined types). Kept apart from connections and
 * statements, which {@link HadoopDbMeta} handles.
 */
abstract class DatabaseMetadataMeta extends MetaImpl {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseMetadataMeta.class);
    /** Functions listed when the planner cannot (yet) answer SHOW FUNCTIONS. */
    static final List<String> CORE_FUNCTIONS = List.of("avg", "count", "max", "min", "sum");

    DatabaseMetadataMeta() {
        super(null);
    }

    /** The open connection {@code id}, or an error naming it when it is not open. */
    abstract MetaConnection connection(String id);

    @Override
    public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
        connection(ch.id);
        Map<DatabaseProperty, Object> p = new EnumMap<>(DatabaseProperty.class);
        p.put(DatabaseProperty.GET_DATABASE_PRODUCT_NAME, Version.PRODUCT_NAME);
        p.put(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION, Version.VERSION);
        p.put(DatabaseProperty.GET_DATABASE_MAJOR_VERSION, Version.MAJOR);
        p.put(DatabaseProperty.GET_DATABASE_MINOR_VERSION, Version.MINOR);
        p.put(DatabaseProperty.GET_DRIVER_NAME, Version.DRIVER_NAME);
        p.put(DatabaseProperty.GET_DRIVER_VERSION, Version.VERSION);
        p.put(DatabaseProperty.GET_DRIVER_MAJOR_VERSION, Version.MAJOR);
        p.put(DatabaseProperty.GET_DRIVER_MINOR_VERSION, Version.MINOR);
        p.put(DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, java.sql.Connection.TRANSACTION_NONE);
        p.put(DatabaseProperty.GET_S_Q_L_KEYWORDS, HiveKeywords.NON_SQL2003);
        // JDBC asks for the names of the {fn ...} escape, which the driver rewrites (docs/jdbc.md)
        p.put(DatabaseProperty.GET_NUMERIC_FUNCTIONS, "ABS,CEILING,EXP,FLOOR,LOG,LOG10,MOD,POWER,RAND,ROUND,SIGN,SQRT");
        p.put(DatabaseProperty.GET_STRING_FUNCTIONS, "ASCII,CHAR_LENGTH,CHARACTER_LENGTH,CONCAT,INSERT,LCASE,LEFT,LENGTH,"
                + "LOCATE,LTRIM,POSITION,REPEAT,REPLACE,RIGHT,RTRIM,SOUNDEX,SPACE,SUBSTRING,UCASE");
        p.put(DatabaseProperty.GET_SYSTEM_FUNCTIONS, "DATABASE,IFNULL,USER");
        p.put(DatabaseProperty.GET_TIME_DATE_FUNCTIONS, "CURDATE,CURRENT_DATE,CURTIME,CURRENT_TIME,NOW,CURRENT_TIMESTAMP,"
                + "DAYNAME,DAYOFMONTH,DAYOFWEEK,DAYOFYEAR,EXTRACT,HOUR,MINUTE,MONTH,MONTHNAME,QUARTER,SECOND,WEEK,YEAR,"
                + "TIMESTAMPDIFF");
        return p;
    }

    @Override
    public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                   List<String> typeList) {
        MetaConnection c = connection(ch.id);
        return metadata(c, MetaTable.class, CatalogMetadata.tables(c.session.catalog(), catalog, schemaPattern.s,
                tableNamePattern.s, typeList));
    }

    @Override
    public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                    Pat columnNamePattern) {
        MetaConnection c = connection(ch.id);
        return metadata(c, MetaColumn.class, CatalogMetadata.columns(c.session.catalog(), catalog, schemaPattern.s,
                tableNamePattern.s, columnNamePattern.s));
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        MetaConnection c = connection(ch.id);
        return metadata(c, MetaSchema.class, CatalogMetadata.schemas(c.session.catalog(), catalog, schemaPattern.s));
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch) {
        return empty(ch, MetaCatalog.class);
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return metadata(connection(ch.id), MetaTableType.class, CatalogMetadata.tableTypes());
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch) {
        return metadata(connection(ch.id), MetaTypeInfo.class, CatalogMetadata.typeInfo());
    }

    @Override
    public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern) {
        MetaConnection c = connection(ch.id);
        return metadata(c, MetaFunction.class, CatalogMetadata.functions(functionNames(c), catalog, schemaPattern.s,
                functionNamePattern.s));
    }

    /** The planner's SHOW FUNCTIONS when it has one, else the core aggregates every build runs. */
    private List<String> functionNames(MetaConnection c) {
        try {
            if (!c.executing.tryLock(5, TimeUnit.SECONDS)) {
                return CORE_FUNCTIONS;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CORE_FUNCTIONS;
        }
        try {
            StatementResult r = c.session.execute("SHOW FUNCTIONS", StatementListener.NONE);
            if (r instanceof StatementResult.Rows rows) {
                List<String> names = new ArrayList<>();
                try (ResultStream stream = rows.rows()) {
                    while (stream.next()) {
                        names.add(String.valueOf(stream.row().get(0)));
                    }
                }
                return names;
            }
            return CORE_FUNCTIONS;
        } catch (RuntimeException e) {
            LOG.debug("SHOW FUNCTIONS is not available: {}", e.getMessage());
            return CORE_FUNCTIONS;
        } finally {
            c.executing.unlock();
        }
    }

    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaPrimaryKey.class);
    }

    @Override
    public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaImportedKey.class);
    }

    @Override
    public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaExportedKey.class);
    }

    @Override
    public MetaResultSet getCrossReference(ConnectionHandle ch, String parentCatalog, String parentSchema,
                                           String parentTable, String foreignCatalog, String foreignSchema,
                                           String foreignTable) {
        return empty(ch, MetaCrossReference.class);
    }

    @Override
    public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table, boolean unique,
                                      boolean approximate) {
        return empty(ch, MetaIndexInfo.class);
    }

    @Override
    public MetaResultSet getProcedures(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern) {
        return empty(ch, MetaProcedure.class);
    }

    @Override
    public MetaResultSet getProcedureColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                             Pat procedureNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaProcedureColumn.class);
    }

    @Override
    public MetaResultSet getColumnPrivileges(ConnectionHandle ch, String catalog, String schema, String table,
                                             Pat columnNamePattern) {
        return empty(ch, MetaColumnPrivilege.class);
    }

    @Override
    public MetaResultSet getTablePrivileges(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                            Pat tableNamePattern) {
        return empty(ch, MetaTablePrivilege.class);
    }

    @Override
    public MetaResultSet getBestRowIdentifier(ConnectionHandle ch, String catalog, String schema, String table,
                                              int scope, boolean nullable) {
        return empty(ch, MetaBestRowIdentifier.class);
    }

    @Override
    public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table) {
        return empty(ch, MetaVersionColumn.class);
    }

    @Override
    public MetaResultSet getUDTs(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
                                 int[] types) {
        return empty(ch, MetaUdt.class);
    }

    @Override
    public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
        return empty(ch, MetaSuperType.class);
    }

    @Override
    public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
        return empty(ch, MetaSuperTable.class);
    }

    @Override
    public MetaResultSet getAttributes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
                                       Pat attributeNamePattern) {
        return empty(ch, MetaAttribute.class);
    }

    @Override
    public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
        return empty(ch, MetaClientInfoProperty.class);
    }

    @Override
    public MetaResultSet getFunctionColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
                                            Pat functionNamePattern, Pat columnNamePattern) {
        return empty(ch, MetaFunctionColumn.class);
    }

    @Override
    public MetaResultSet getPseudoColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                          Pat columnNamePattern) {
        return empty(ch, MetaPseudoColumn.class);
    }

    private MetaResultSet empty(ConnectionHandle ch, Class<?> shape) {
        return metadata(connection(ch.id), shape, List.of());
    }

    /** A complete metadata result set of {@code rows} shaped as Avatica's {@code Meta*} class {@code shape}. */
    private static MetaResultSet metadata(MetaConnection c, Class<?> shape, List<?> rows) {
        List<ColumnMetaData> columns = fieldMetaData(shape).columns;
        for (Object row : rows) {
            if (((List<?>) row).size() != columns.size()) {
                throw new IllegalStateException(shape.getSimpleName() + " rows need " + columns.size() + " values");
            }
        }
        MetaStatement s = c.newStatement();
        Signature signature = Signature.create(columns, "", List.of(), CursorFactory.LIST, StatementType.SELECT);
        @SuppressWarnings("unchecked")
        List<Object> frameRows = (List<Object>) rows;
        return MetaResultSet.create(c.id, s.id, true, signature, new Frame(0, true, frameRows));
    }
}
