package org.hadoopdb.hs2;

import org.apache.hive.service.rpc.thrift.TGetInfoType;
import org.apache.hive.service.rpc.thrift.TGetInfoValue;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.Version;

/** GetInfo's answers: what Hive's driver and ODBC drivers ask about the server. */
final class ServerInfo {
    private ServerInfo() {
    }

    static TGetInfoValue value(TGetInfoType type) {
        if (type == null) {
            throw new Hs2Exception(JdbcException.GENERAL, "GetInfo needs an info type");
        }
        return switch (type) {
            case CLI_DBMS_NAME, CLI_SERVER_NAME -> TGetInfoValue.stringValue(Version.PRODUCT_NAME);
            case CLI_DBMS_VER -> TGetInfoValue.stringValue(Version.VERSION);
            case CLI_IDENTIFIER_QUOTE_CHAR -> TGetInfoValue.stringValue("`");
            case CLI_SEARCH_PATTERN_ESCAPE -> TGetInfoValue.stringValue("\\");
            case CLI_CATALOG_NAME -> TGetInfoValue.stringValue("N");
            case CLI_ODBC_KEYWORDS -> TGetInfoValue.stringValue("");
            case CLI_DATA_SOURCE_READ_ONLY -> TGetInfoValue.stringValue("N");
            // no limit
            case CLI_MAX_COLUMN_NAME_LEN, CLI_MAX_SCHEMA_NAME_LEN, CLI_MAX_TABLE_NAME_LEN, CLI_MAX_IDENTIFIER_LEN,
                 CLI_MAX_STATEMENT_LEN, CLI_MAX_ROW_SIZE, CLI_MAX_DRIVER_CONNECTIONS, CLI_MAX_CONCURRENT_ACTIVITIES,
                 CLI_MAX_CURSOR_NAME_LEN, CLI_MAX_CATALOG_NAME_LEN, CLI_MAX_COLUMNS_IN_GROUP_BY, CLI_MAX_COLUMNS_IN_ORDER_BY,
                 CLI_MAX_COLUMNS_IN_SELECT, CLI_MAX_COLUMNS_IN_TABLE, CLI_MAX_TABLES_IN_SELECT, CLI_MAX_USER_NAME_LEN ->
                    TGetInfoValue.lenValue(0);
            case CLI_TXN_CAPABLE -> TGetInfoValue.smallIntValue((short) 0);
            default -> throw new Hs2Exception(JdbcException.NOT_SUPPORTED, "GetInfo " + type + " is not supported");
        };
    }
}
