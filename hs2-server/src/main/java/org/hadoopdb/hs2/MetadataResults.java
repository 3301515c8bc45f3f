package org.hadoopdb.hs2;

import static org.hadoopdb.hs2.ResultColumn.bool;
import static org.hadoopdb.hs2.ResultColumn.integer;
import static org.hadoopdb.hs2.ResultColumn.smallint;
import static org.hadoopdb.hs2.ResultColumn.string;

import java.util.List;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.jdbc.meta.CatalogMetadata;

/**
 * The metadata calls' results, with the columns HiveServer2 declares for them; the rows are the
 * JDBC driver's ({@link CatalogMetadata}), so both endpoints describe the catalog alike.
 */
final class MetadataResults {
    static final List<ResultColumn> TABLES = List.of(string("TABLE_CAT"), string("TABLE_SCHEM"), string("TABLE_NAME"),
            string("TABLE_TYPE"), string("REMARKS"), string("TYPE_CAT"), string("TYPE_SCHEM"), string("TYPE_NAME"),
            string("SELF_REFERENCING_COL_NAME"), string("REF_GENERATION"));
    static final List<ResultColumn> COLUMNS = List.of(string("TABLE_CAT"), string("TABLE_SCHEM"), string("TABLE_NAME"),
            string("COLUMN_NAME"), integer("DATA_TYPE"), string("TYPE_NAME"), integer("COLUMN_SIZE"),
            integer("BUFFER_LENGTH"), integer("DECIMAL_DIGITS"), integer("NUM_PREC_RADIX"), integer("NULLABLE"),
            string("REMARKS"), string("COLUMN_DEF"), integer("SQL_DATA_TYPE"), integer("SQL_DATETIME_SUB"),
            integer("CHAR_OCTET_LENGTH"), integer("ORDINAL_POSITION"), string("IS_NULLABLE"), string("SCOPE_CATALOG"),
            string("SCOPE_SCHEMA"), string("SCOPE_TABLE"), smallint("SOURCE_DATA_TYPE"), string("IS_AUTO_INCREMENT"),
            string("IS_GENERATEDCOLUMN"));
    static final List<ResultColumn> SCHEMAS = List.of(string("TABLE_SCHEM"), string("TABLE_CATALOG"));
    static final List<ResultColumn> CATALOGS = List.of(string("TABLE_CAT"));
    static final List<ResultColumn> TABLE_TYPES = List.of(string("TABLE_TYPE"));
    static final List<ResultColumn> TYPE_INFO = List.of(string("TYPE_NAME"), integer("DATA_TYPE"), integer("PRECISION"),
            string("LITERAL_PREFIX"), string("LITERAL_SUFFIX"), string("CREATE_PARAMS"), smallint("NULLABLE"),
            bool("CASE_SENSITIVE"), smallint("SEARCHABLE"), bool("UNSIGNED_ATTRIBUTE"), bool("FIXED_PREC_SCALE"),
            bool("AUTO_INCREMENT"), string("LOCAL_TYPE_NAME"), smallint("MINIMUM_SCALE"), smallint("MAXIMUM_SCALE"),
            integer("SQL_DATA_TYPE"), integer("SQL_DATETIME_SUB"), integer("NUM_PREC_RADIX"));
    static final List<ResultColumn> FUNCTIONS = List.of(string("FUNCTION_CAT"), string("FUNCTION_SCHEM"),
            string("FUNCTION_NAME"), string("REMARKS"), integer("FUNCTION_TYPE"), string("SPECIFIC_NAME"));
    static final List<ResultColumn> PRIMARY_KEYS = List.of(string("TABLE_CAT"), string("TABLE_SCHEM"),
            string("TABLE_NAME"), string("COLUMN_NAME"), integer("KEY_SEQ"), string("PK_NAME"));
    static final List<ResultColumn> CROSS_REFERENCE = List.of(string("PKTABLE_CAT"), string("PKTABLE_SCHEM"),
            string("PKTABLE_NAME"), string("PKCOLUMN_NAME"), string("FKTABLE_CAT"), string("FKTABLE_SCHEM"),
            string("FKTABLE_NAME"), string("FKCOLUMN_NAME"), integer("KEY_SEQ"), smallint("UPDATE_RULE"),
            smallint("DELETE_RULE"), string("FK_NAME"), string("PK_NAME"), smallint("DEFERRABILITY"));

    private MetadataResults() {
    }

    static RowSource tables(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                            List<String> types) {
        return RowSource.of(TABLES, CatalogMetadata.tables(catalog, catalogName, schemaPattern, tablePattern,
                types == null || types.isEmpty() ? null : types));
    }

    static RowSource columns(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                             String columnPattern) {
        return RowSource.of(COLUMNS, CatalogMetadata.columns(catalog, catalogName, schemaPattern, tablePattern, columnPattern));
    }

    static RowSource schemas(Catalog catalog, String catalogName, String schemaPattern) {
        return RowSource.of(SCHEMAS, CatalogMetadata.schemas(catalog, catalogName, schemaPattern));
    }

    /** HadoopDB has no catalogs (as Hive's driver shows Hive): no rows. */
    static RowSource catalogs() {
        return RowSource.of(CATALOGS, List.of());
    }

    static RowSource tableTypes() {
        return RowSource.of(TABLE_TYPES, CatalogMetadata.tableTypes());
    }

    static RowSource typeInfo() {
        return RowSource.of(TYPE_INFO, CatalogMetadata.typeInfo());
    }

    static RowSource functions(List<String> names, String catalogName, String schemaPattern, String functionPattern) {
        return RowSource.of(FUNCTIONS, CatalogMetadata.functions(names, catalogName, schemaPattern, functionPattern));
    }

    /** HadoopDB tables have no declared keys: no rows. */
    static RowSource primaryKeys() {
        return RowSource.of(PRIMARY_KEYS, List.of());
    }

    static RowSource crossReference() {
        return RowSource.of(CROSS_REFERENCE, List.of());
    }
}
