package org.hadoopdb.hs2;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hive.service.rpc.thrift.TGetCatalogsReq;
import org.apache.hive.service.rpc.thrift.TGetCatalogsResp;
import org.apache.hive.service.rpc.thrift.TGetColumnsReq;
import org.apache.hive.service.rpc.thrift.TGetColumnsResp;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceReq;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceResp;
import org.apache.hive.service.rpc.thrift.TGetFunctionsReq;
import org.apache.hive.service.rpc.thrift.TGetFunctionsResp;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysReq;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysResp;
import org.apache.hive.service.rpc.thrift.TGetSchemasReq;
import org.apache.hive.service.rpc.thrift.TGetSchemasResp;
import org.apache.hive.service.rpc.thrift.TGetTableTypesReq;
import org.apache.hive.service.rpc.thrift.TGetTableTypesResp;
import org.apache.hive.service.rpc.thrift.TGetTablesReq;
import org.apache.hive.service.rpc.thrift.TGetTablesResp;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoReq;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoResp;
import org.apache.hive.service.rpc.thrift.TOperationHandle;
import org.apache.hive.service.rpc.thrift.TOperationType;
import org.apache.hive.service.rpc.thrift.TSessionHandle;
import org.apache.hive.service.rpc.thrift.TStatus;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.runtime.ResultStream;

/**
 * The metadata requests (GetTables, GetColumns, ...): each becomes an operation finished at once,
 * whose rows the client fetches like a query's. Names match as JDBC LIKE patterns.
 */
final class MetadataCalls {
    private final Hs2Service service;

    MetadataCalls(Hs2Service service) {
        this.service = service;
    }

    /** The handle of a new metadata operation, or the error status of the failure. */
    private Answer answer(TSessionHandle session, TOperationType type,
                          Function<Hs2Session, RowSource> rows) {
        try {
            return new Answer(Statuses.ok(), service.register(session, type, rows));
        } catch (RuntimeException e) {
            return new Answer(Statuses.error(e, false), null);
        }
    }

    private record Answer(TStatus status, TOperationHandle handle) {
    }

    TGetTypeInfoResp typeInfo(TGetTypeInfoReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_TYPE_INFO, s -> MetadataResults.typeInfo());
        TGetTypeInfoResp resp = new TGetTypeInfoResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetCatalogsResp catalogs(TGetCatalogsReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_CATALOGS, s -> MetadataResults.catalogs());
        TGetCatalogsResp resp = new TGetCatalogsResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetSchemasResp schemas(TGetSchemasReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_SCHEMAS,
                s -> MetadataResults.schemas(s.engineSession().catalog(), req.getCatalogName(), req.getSchemaName()));
        TGetSchemasResp resp = new TGetSchemasResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetTablesResp tables(TGetTablesReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_TABLES, s -> MetadataResults.tables(
                s.engineSession().catalog(), req.getCatalogName(), req.getSchemaName(), req.getTableName(),
                req.getTableTypes()));
        TGetTablesResp resp = new TGetTablesResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetTableTypesResp tableTypes(TGetTableTypesReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_TABLE_TYPES, s -> MetadataResults.tableTypes());
        TGetTableTypesResp resp = new TGetTableTypesResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetColumnsResp columns(TGetColumnsReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_COLUMNS, s -> MetadataResults.columns(
                s.engineSession().catalog(), req.getCatalogName(), req.getSchemaName(), req.getTableName(),
                req.getColumnName()));
        TGetColumnsResp resp = new TGetColumnsResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetFunctionsResp functions(TGetFunctionsReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_FUNCTIONS, s -> MetadataResults.functions(
                functionNames(), req.getCatalogName(), req.getSchemaName(), req.getFunctionName()));
        TGetFunctionsResp resp = new TGetFunctionsResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    /** Keys and cross references have no operation type of their own: HiveServer2 reports them as GET_FUNCTIONS too. */
    TGetPrimaryKeysResp primaryKeys(TGetPrimaryKeysReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_FUNCTIONS, s -> MetadataResults.primaryKeys());
        TGetPrimaryKeysResp resp = new TGetPrimaryKeysResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    TGetCrossReferenceResp crossReference(TGetCrossReferenceReq req) {
        Answer a = answer(req.getSessionHandle(), TOperationType.GET_FUNCTIONS, s -> MetadataResults.crossReference());
        TGetCrossReferenceResp resp = new TGetCrossReferenceResp(a.status());
        resp.setOperationHandle(a.handle());
        return resp;
    }

    /**
     * The functions {@code SHOW FUNCTIONS} lists, asked in a session of its own: the client's session
     * may be running a statement. It starts no jobs, so it needs no running slot.
     */
    private List<String> functionNames() {
        StatementResult r;
        try (Session lookup = service.engine().openSession(Map.of())) {
            r = lookup.execute("SHOW FUNCTIONS", StatementListener.NONE);
        }
        List<String> names = new ArrayList<>();
        if (r instanceof StatementResult.Rows rows) {
            try (ResultStream stream = rows.rows()) {
                while (stream.next()) {
                    names.add(String.valueOf(stream.row().get(0)));
                }
            }
        }
        return names;
    }
}
